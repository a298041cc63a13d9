import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createEmployee } from '../../src/server/services/employees/create-employee.ts';
import { PIN_CONFLICTS_PER_HOUR } from '../../src/server/services/employees/pin-conflicts.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/** "PIN already in use" answers are limited per account (pin-conflicts.ts), through createEmployee. */

const TAKEN = '1122334';

let s: ServiceDb;
let prober: TestActor;
let n = 0;

const employee = (pin: string) => {
  n++;
  return {
    firstName: 'Ana',
    lastName: `Prueba ${n}`,
    gender: 'female',
    email: `ana.${n}@example.com`,
    nationalId: `Y${String(n).padStart(7, '0')}Z`,
    company: s.companyId,
    department: s.departmentId,
    jobTitle: s.jobTitleId,
    leaveGroup: s.leaveGroupId,
    employmentType: 'regular',
    pin,
  };
};

const conflictAudits = async (userId: number) => s.db.selectFrom('auditLog').select(['after']).where('userId', '=', userId).where('action', '=', 'pinConflict').execute();

beforeAll(async () => {
  s = await openServiceDb();
  await s.addEmployee({ firstName: 'Dueña', pin: TAKEN });
  prober = await s.addAccount({ email: 'prober@service.test', accountType: 'Admin', permissions: { employee: ['read', 'create', 'update'] } });
});

afterAll(async () => {
  await s.close();
});

describe('the PIN-conflict limit', () => {
  it(`answers "PIN in use" ${PIN_CONFLICTS_PER_HOUR} times an hour, each audited without the PIN`, async () => {
    for (let i = 1; i <= PIN_CONFLICTS_PER_HOUR; i++) {
      await expect(createEmployee(s.db, employee(TAKEN), prober), `attempt ${i}`).rejects.toMatchObject({
        status: 422,
        fields: { pin: 'employees.pinTaken' },
      });
    }
    const audits = await conflictAudits(prober.id);
    expect(audits).toHaveLength(PIN_CONFLICTS_PER_HOUR);
    for (const a of audits) expect(a.after ?? '').not.toContain(TAKEN);
  });

  it('then refuses every typed PIN check of that account with 429, a free PIN too', async () => {
    await expect(createEmployee(s.db, employee(TAKEN), prober)).rejects.toMatchObject({ code: 'errors.tooManyPinConflicts', status: 429 });
    await expect(createEmployee(s.db, employee('9988776'), prober)).rejects.toMatchObject({ code: 'errors.tooManyPinConflicts', status: 429 });
  });

  it('lets the account go on with a generated PIN, and other accounts are not affected', async () => {
    const generated = await createEmployee(s.db, { ...employee(''), generatePin: true }, prober);
    expect(generated.generatedPin).toMatch(/^\d{6,10}$/);
    await expect(createEmployee(s.db, employee('9988774'), s.admin)).resolves.toMatchObject({ firstName: 'Ana' });
  });
});

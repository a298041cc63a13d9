import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/i18n/translate.ts';
import { createRecord, listRecords } from '../../src/server/services/crud/crud-service.ts';
import { crudResource } from '../../src/server/services/crud/resources.ts';
import { createLeave } from '../../src/server/services/leave/create-leave.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Company holidays (moved from the integration layer, issue 35): one per company and day, and
 * skipped by leave day counting and the return date. That an Employee account cannot read them
 * (403) stays over HTTP, in tests/integration/organization.test.ts.
 */

let s: ServiceDb;
let worker: TestActor;
const holidays = crudResource('holidays');

beforeAll(async () => {
  s = await openServiceDb();
  const ana = await s.addEmployee({ firstName: 'Ana', pin: '5061728' });
  // Rests on Sunday and Monday, like the demo's employee@ this test used before.
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Sunday', 'Monday'], fromDate: '2030-01-01', toDate: null }, s.admin);
  worker = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
});

afterAll(async () => {
  await s?.close();
});

describe('company holidays', () => {
  it('are managed like the other organisation tables, one per company and day', async () => {
    const company = s.companyId;
    expect(await createRecord(s.db, holidays, { name: 'San Isidro', date: '2030-05-15', company }, s.admin.id)).toMatchObject({ name: 'San Isidro', date: '2030-05-15', company });
    const twice = await createRecord(s.db, holidays, { name: 'Otro', date: '2030-05-15', company }, s.admin.id).then(
      () => null,
      (error: unknown) => error as { status: number; fields: Record<string, string> },
    );
    expect(twice).toMatchObject({ status: 422 });
    expect(translate('en', twice!.fields['date']!)).toBe('This company already has a holiday on this day');
    await expect(createRecord(s.db, holidays, { name: 'X', date: '2030-02-30', company }, s.admin.id)).rejects.toMatchObject({ status: 422 });
    expect((await listRecords(s.db, holidays, new URLSearchParams('year=2030'))).total).toBe(1);
  });

  it('are skipped by leave day counting and the return date', async () => {
    // Tuesday 14 and Wednesday 15 May 2030 (a working day and the holiday): one day taken, back on Thursday 16.
    const leave = await createLeave(s.db, { leaveType: s.leaveTypeId, from: '2030-05-14', to: '2030-05-15', reason: 'Familia' }, worker, 'en');
    expect(leave.returnDate).toBe('2030-05-16');
    expect(leave.days).toBe(1);
  });
});

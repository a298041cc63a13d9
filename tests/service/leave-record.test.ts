import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { translate } from '../../src/i18n/translate.ts';
import { createLeave } from '../../src/server/services/leave/create-leave.ts';
import { listLeaves } from '../../src/server/services/leave/list-leaves.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 17.9 (decision 031): an administrator records an absence for an employee, approved at
 * once, in their name and audited; an Employee account cannot, for someone else or for itself.
 * Moved from the integration layer (issue 35); the answer's message ("Absence recorded and
 * approved.", es and en) is the route's and stays over HTTP in tests/integration/leave.test.ts.
 * Like the demo data it used: Vacaciones (22 days a year), Asuntos propios (3) and Baja médica
 * (unlimited) in the employees' leave group; schedules rest on Sunday and Monday; dates in 2032.
 */

let s: ServiceDb;
let carmen: number;
let lucia: number;
let javier: number;
/** An Employee account: Javier's. */
let worker: TestActor;
const types: Record<string, number> = {};

const leaveCount = async () =>
  Number(
    (
      await s.db
        .selectFrom('leaves')
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );
/** What a refused call threw, to look at its code, status and fields. */
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as { code: string; status: number; fields: Record<string, string> },
  );

beforeAll(async () => {
  s = await openServiceDb();
  types['Vacaciones'] = s.leaveTypeId;
  for (const [name, daysPerYear] of [
    ['Asuntos propios', 3],
    ['Baja médica', null],
  ] as const) {
    const { id } = await s.db
      .insertInto('leaveTypes')
      .values({ name, companyId: s.companyId, daysPerYear, createdAt: '2026-01-05T09:00:00.000Z', updatedAt: '2026-01-05T09:00:00.000Z' })
      .returning('id')
      .executeTakeFirstOrThrow();
    await s.db.insertInto('leaveGroupLeaveTypes').values({ leaveGroupId: s.leaveGroupId, leaveTypeId: id }).execute();
    types[name] = id;
  }
  javier = await s.addEmployee({ firstName: 'Javier', pin: '3141592' });
  carmen = await s.addEmployee({ firstName: 'Carmen', pin: '2718281' });
  lucia = await s.addEmployee({ firstName: 'Lucía', pin: '1618033' });
  for (const employee of [javier, carmen, lucia]) {
    await createSchedule(s.db, { employee, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Sunday', 'Monday'], fromDate: '2032-01-01', toDate: null }, s.admin);
  }
  worker = await s.addAccount({ email: 'javier@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: javier });
});

afterAll(async () => {
  await s?.close();
});

describe('an administrator records an absence', () => {
  it('is approved at once, decided by the admin, and audited as a record', async () => {
    const sick = await createLeave(s.db, { employee: carmen, leaveType: types['Baja médica'], from: '2032-02-03', to: '2032-02-05', reason: 'Gripe, parte médico', approved: true }, s.admin, 'en');
    expect(sick).toMatchObject({ employee: carmen, leaveTypeName: 'Baja médica', from: '2032-02-03', to: '2032-02-05', status: 'approved', decidedBy: s.admin.id });
    expect(sick.decidedAt).toMatch(/^\d{4}-\d{2}-\d{2}T/);
    const audit = await s.db.selectFrom('auditLog').select(['action', 'after', 'userId']).where('entity', '=', 'leave').where('entityId', '=', String(sick._id)).execute();
    expect(audit).toHaveLength(1);
    expect(audit[0]).toMatchObject({ action: 'record', userId: s.admin.id });
    expect(JSON.parse(audit[0]!.after!)).toMatchObject({ employee: carmen, status: 'approved', decidedBy: s.admin.id, from: '2032-02-03', to: '2032-02-05' });
    // The employee's list shows it approved.
    const listed = await listLeaves(s.db, new URLSearchParams(`employee=${carmen}&status=approved&from=2032-02-01&to=2032-02-28`), s.admin);
    expect(listed.data.map((l) => l._id)).toContain(sick._id);
  });

  it('follows the rules of a request: overlap, working days, validation (en, es)', async () => {
    const before = await leaveCount();
    const overlap = await refusal(createLeave(s.db, { employee: carmen, leaveType: types['Vacaciones'], from: '2032-02-05', to: '2032-02-06', reason: 'x', approved: true }, s.admin, 'en'));
    expect(overlap).toMatchObject({ status: 409 });
    const bad = await refusal(createLeave(s.db, { employee: carmen, leaveType: types['Vacaciones'], from: '2032-03-06', to: '2032-03-05', reason: '', approved: true }, s.admin, 'es'));
    expect(bad).toMatchObject({ status: 422 });
    expect({ to: translate('es', bad!.fields['to']!), reason: translate('es', bad!.fields['reason']!) }).toMatchObject({
      to: 'La fecha de fin no puede ser anterior a la de inicio',
      reason: 'Este campo es obligatorio',
    });
    await expect(createLeave(s.db, { employee: carmen, leaveType: types['Vacaciones'], from: '2032-03-02', to: '2032-03-02', reason: 'x', approved: 'yes' }, s.admin, 'en')).rejects.toMatchObject({ status: 422 });
    await expect(createLeave(s.db, { leaveType: types['Vacaciones'], from: '2032-03-02', to: '2032-03-02', reason: 'x', approved: true }, s.admin, 'en')).rejects.toMatchObject({ status: 422 });
    expect(await leaveCount()).toBe(before);
  });

  it('without `approved` an admin still files a pending request, as before', async () => {
    expect(await createLeave(s.db, { employee: lucia, leaveType: types['Asuntos propios'], from: '2032-05-04', to: '2032-05-04', reason: 'Por teléfono' }, s.admin, 'en')).toMatchObject({
      status: 'pending',
      decidedBy: null,
    });
  });
});

describe('an Employee account cannot record an approved absence', () => {
  it('for someone else: 403, nothing written', async () => {
    const before = await leaveCount();
    const refused = await refusal(createLeave(s.db, { employee: carmen, leaveType: types['Baja médica'], from: '2032-06-01', to: '2032-06-01', reason: 'x', approved: true }, worker, 'en'));
    expect(refused).toMatchObject({ code: 'leave.recordForbidden', status: 403 });
    expect(translate('en', refused!.code)).toBe('Only an administrator can record an approved absence.');
    expect(await leaveCount()).toBe(before);
  });

  it('nor for itself: its own leave is always a pending request', async () => {
    const before = await leaveCount();
    await expect(createLeave(s.db, { leaveType: types['Baja médica'], from: '2032-06-02', to: '2032-06-02', reason: 'x', approved: true }, worker, 'en')).rejects.toMatchObject({ status: 403 });
    expect(await leaveCount()).toBe(before);
  });
});

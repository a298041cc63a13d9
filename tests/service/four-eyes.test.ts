import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAttendance } from '#server/services/attendance/create-attendance.ts';
import { updateAttendance } from '#server/services/attendance/update-attendance.ts';
import { voidAttendance } from '#server/services/attendance/void-attendance.ts';
import { createCorrectionRequest } from '#server/services/corrections/create-correction-request.ts';
import { decideCorrection } from '#server/services/corrections/decide-correction-request.ts';
import { createLeave } from '#server/services/leave/create-leave.ts';
import { deleteLeave } from '#server/services/leave/withdraw-leave.ts';
import { decideLeave } from '#server/services/leave/decide-leave.ts';
import { approvePeriods } from '#server/services/periods/approve-periods.ts';
import { reopenPeriod } from '#server/services/periods/reopen-period.ts';
import { createSchedule } from '#server/services/schedules/save-schedule.ts';
import { translate } from '#i18n/translate.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 34, point 5 (four eyes). An Admin linked to an employee asked for a correction of their
 * own day and approved it themselves. Nobody decides their own request, nor their own record:
 * correction requests, leave (decided, or recorded approved), direct corrections and voids of a
 * day. The refusal says who can decide (another administrator, or a SuperAdmin by name), the
 * history says who asked and who decided.
 */
const NOW = new Date('2026-06-15T10:00:00Z');
const SHIFT = { startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'] };

let s: ServiceDb;
let lone: number; // the employee the Admin "Lone" is linked to
let other: number;
let selfAdmin: TestActor;

const refusal = async (p: Promise<unknown>) =>
  p.then(
    () => undefined,
    (e: unknown) => e as { code: string; status: number; params: Record<string, unknown> },
  );
const count = async (table: 'attendances' | 'leaves') =>
  Number(
    (
      await s.db
        .selectFrom(table)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirstOrThrow()
    ).n,
  );

beforeAll(async () => {
  s = await openServiceDb();
  lone = await s.addEmployee({ firstName: 'Lone', pin: '5512340' });
  other = await s.addEmployee({ firstName: 'Otra', pin: '5512341' });
  for (const employee of [lone, other]) await createSchedule(s.db, { employee, ...SHIFT, fromDate: '2026-01-01', toDate: null }, s.admin);
  selfAdmin = await s.addAccount({ email: 'lone@service.test', accountType: 'Admin', roleId: s.roles.administrator, employeeId: lone });
  await s.db.updateTable('users').set({ name: 'Lone Admin' }).where('id', '=', selfAdmin.id).execute();
  await s.db.updateTable('users').set({ name: 'Sara Super' }).where('id', '=', s.superAdmin.id).execute();
});
afterAll(() => s.close());

describe('correction requests', () => {
  it('an Admin cannot approve or decline its own request; another administrator can, and both are on the request', async () => {
    const request = await createCorrectionRequest(s.db, { date: '2026-06-03', timeIn: '08:00', timeOut: '16:00', reason: 'Forgot to punch' }, selfAdmin, NOW);
    const before = await count('attendances');
    for (const action of ['approve', 'decline'] as const) {
      const e = await refusal(decideCorrection(s.db, request._id, action, { comment: 'ok' }, selfAdmin, 'en', NOW));
      expect(e).toMatchObject({ status: 403, code: 'fourEyes.ownRequest', params: { superAdmins: 'Sara Super' } });
    }
    expect(await count('attendances')).toBe(before);
    expect(translate('en', 'fourEyes.ownRequest', { superAdmins: 'Sara Super' })).toBe(
      'Nobody decides their own request or their own record. Another administrator allowed to decide it can, or a SuperAdmin (Sara Super).',
    );
    const decided = await decideCorrection(s.db, request._id, 'approve', {}, s.admin, 'en', NOW);
    expect(decided).toMatchObject({ status: 'approved', requestedBy: selfAdmin.id, requesterName: 'Lone Admin', deciderName: 'admin@service.test' });
  });
});

describe('leave', () => {
  it('an Admin cannot decide its own leave; another administrator can, and both are on the leave', async () => {
    const own = await createLeave(s.db, { employee: lone, leaveType: s.leaveTypeId, from: '2026-07-06', to: '2026-07-07', reason: 'Holidays' }, selfAdmin, 'en');
    for (const status of ['approved', 'declined'] as const) {
      expect(await refusal(decideLeave(s.db, own._id, { status, comment: '' }, selfAdmin, 'en'))).toMatchObject({ status: 403, code: 'fourEyes.ownRequest' });
    }
    expect((await s.db.selectFrom('leaves').select('status').where('id', '=', own._id).executeTakeFirstOrThrow()).status).toBe('pending');
    const decided = await decideLeave(s.db, own._id, { status: 'approved', comment: '' }, s.admin, 'en');
    expect(decided).toMatchObject({ status: 'approved', requestedBy: selfAdmin.id, requestedByName: 'Lone Admin', decidedByName: 'admin@service.test' });
  });

  it('leave an Admin filed for someone else it may decide, as it may record it approved at once', async () => {
    const forOther = await createLeave(s.db, { employee: other, leaveType: s.leaveTypeId, from: '2026-07-08', to: '2026-07-08', reason: 'Asked by phone' }, selfAdmin, 'en');
    await expect(decideLeave(s.db, forOther._id, { status: 'approved', comment: '' }, selfAdmin, 'en')).resolves.toMatchObject({ status: 'approved', requestedByName: 'Lone Admin', decidedByName: 'Lone Admin' });
  });

  it('an Admin cannot record approved leave of its own', async () => {
    const before = await count('leaves');
    const e = await refusal(createLeave(s.db, { employee: lone, leaveType: s.leaveTypeId, from: '2026-07-13', to: '2026-07-13', reason: 'Sick', approved: true }, selfAdmin, 'en'));
    expect(e).toMatchObject({ status: 403, code: 'fourEyes.ownRequest' });
    expect(await count('leaves')).toBe(before);
  });
});

describe('deleting a decided leave', () => {
  it('an Admin cannot delete its own approved leave (erasing a decision); another administrator can', async () => {
    const own = await createLeave(s.db, { employee: lone, leaveType: s.leaveTypeId, from: '2026-07-20', to: '2026-07-20', reason: 'Dentist' }, selfAdmin, 'en');
    await decideLeave(s.db, own._id, { status: 'approved', comment: '' }, s.admin, 'en');
    expect(await refusal(deleteLeave(s.db, own._id, selfAdmin))).toMatchObject({ status: 403, code: 'fourEyes.ownRequest' });
    expect((await s.db.selectFrom('leaves').select('status').where('id', '=', own._id).executeTakeFirst())?.status).toBe('approved');
    await deleteLeave(s.db, own._id, s.admin);
    expect(await s.db.selectFrom('leaves').select('id').where('id', '=', own._id).executeTakeFirst()).toBeUndefined();
  });

  it('its own pending request an Admin may still take back', async () => {
    const own = await createLeave(s.db, { employee: lone, leaveType: s.leaveTypeId, from: '2026-07-21', to: '2026-07-21', reason: 'Errand' }, selfAdmin, 'en');
    await deleteLeave(s.db, own._id, selfAdmin);
    expect(await s.db.selectFrom('leaves').select('id').where('id', '=', own._id).executeTakeFirst()).toBeUndefined();
  });
});

describe('direct corrections of the own day', () => {
  it('an Admin cannot record, correct or void a day of its own; another administrator can', async () => {
    const before = await count('attendances');
    const input = { employee: lone, date: '2026-06-08', timeIn: '09:00', timeOut: '17:00', reason: 'Terminal was down' };
    expect(await refusal(createAttendance(s.db, input, selfAdmin, 'en', NOW))).toMatchObject({ status: 403, code: 'fourEyes.ownRequest' });
    expect(await count('attendances')).toBe(before);
    const day = await createAttendance(s.db, input, s.admin, 'en', NOW);
    const change = { timeIn: '09:00', timeOut: '19:00', breakIn: null, breakOut: null, reason: 'Stayed late', overtimeCompensation: 'paid' };
    expect(await refusal(updateAttendance(s.db, day._id, change, selfAdmin, NOW))).toMatchObject({ status: 403, code: 'fourEyes.ownRequest' });
    expect(await refusal(voidAttendance(s.db, day._id, { reason: 'Wrong day' }, selfAdmin))).toMatchObject({ status: 403, code: 'fourEyes.ownRequest' });
    expect(await s.db.selectFrom('attendances').select(['revision', 'voidedAt']).where('id', '=', day._id).executeTakeFirstOrThrow()).toEqual({ revision: 1, voidedAt: null });
  });
});

describe('periods', () => {
  it('an Admin cannot approve its own month (a batch leaves it out for someone else), nor reopen its own period', async () => {
    const e = await refusal(approvePeriods(s.db, { date: '2026-04-01', employees: [lone] }, selfAdmin));
    expect(e).toMatchObject({ status: 403, code: 'fourEyes.ownRequest' });
    expect(await s.db.selectFrom('periodApprovals').select('id').execute()).toEqual([]);
    // "Approve all": everybody else's month is approved, the own one left for another administrator.
    await expect(approvePeriods(s.db, { date: '2026-04-01', employees: [other, lone] }, selfAdmin)).resolves.toMatchObject({ approved: 1, ownLeft: 1 });
    expect((await s.db.selectFrom('periodApprovals').select('employeeId').execute()).map((r) => r.employeeId)).toEqual([other]);
    await expect(approvePeriods(s.db, { date: '2026-04-01', employees: [other, lone] }, s.admin)).resolves.toMatchObject({ approved: 1, already: 1, ownLeft: 0 });
    expect(await refusal(reopenPeriod(s.db, { date: '2026-04-01', employee: lone, reason: 'Mine' }, selfAdmin))).toMatchObject({ status: 403, code: 'fourEyes.ownRequest' });
    await expect(reopenPeriod(s.db, { date: '2026-04-01', employee: other, reason: 'A late sick note' }, selfAdmin)).resolves.toMatchObject({ reopened: [{ from: '2026-04-01' }] });
  });
});

describe('where the SuperAdmin is the one asking', () => {
  it('the only SuperAdmin is told that another administrator must decide', async () => {
    await s.db.updateTable('users').set({ employeeId: other }).where('id', '=', s.superAdmin.id).execute();
    const superLinked = { ...s.superAdmin, employeeId: other };
    const request = await createCorrectionRequest(s.db, { date: '2026-06-04', timeIn: '08:00', timeOut: '16:00', reason: 'Forgot' }, superLinked, NOW);
    expect(await refusal(decideCorrection(s.db, request._id, 'approve', {}, superLinked, 'en', NOW))).toMatchObject({ status: 403, code: 'fourEyes.ownRequestNoSuperAdmin' });
    await expect(decideCorrection(s.db, request._id, 'approve', {}, selfAdmin, 'en', NOW)).resolves.toMatchObject({ status: 'approved' });
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WEBHOOK_EVENTS } from '#domain/webhooks/webhook-events.ts';
import { insertWebhook } from '#server/db/repositories/webhooks.ts';
import { createAttendance } from '#server/services/attendance/create-attendance.ts';
import { createCorrectionRequest } from '#server/services/corrections/create-correction-request.ts';
import { decideCorrection } from '#server/services/corrections/decide-correction-request.ts';
import { archiveEmployee } from '#server/services/employees/archive-employee.ts';
import { changedEmployeeFields } from '#server/services/employees/employee-events.ts';
import { createLeave } from '#server/services/leave/create-leave.ts';
import { createSchedule } from '#server/services/schedules/save-schedule.ts';
import { newWebhookSecret, sealWebhookSecret } from '#server/services/webhooks/webhook-secret.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 41 point 5: the webhook events that were missing, each queued in the transaction of what it
 * tells, with the data of its contract (domain/webhooks/webhook-payloads.ts) and no worker's free text.
 */
const NOW = new Date('2026-06-15T10:00:00Z');
let s: ServiceDb;
let ana: number;
let worker: TestActor;

async function events(event: string) {
  const rows = await s.db.selectFrom('outbox').select(['payload', 'lane']).where('channel', '=', 'webhook').where('kind', '=', event).orderBy('id').execute();
  return rows.map((r) => ({ lane: r.lane, body: JSON.parse((JSON.parse(r.payload) as { body: string }).body) as { event: string; data: Record<string, unknown> } }));
}

let hookId: number;
beforeAll(async () => {
  s = await openServiceDb();
  hookId = await insertWebhook(s.db, {
    companyId: s.companyId,
    url: 'http://127.0.0.1:9/hook',
    description: '',
    events: JSON.stringify(WEBHOOK_EVENTS),
    secret: sealWebhookSecret(newWebhookSecret()),
    createdBy: s.superAdmin.id,
    createdAt: '2026-01-01T00:00:00.000Z',
  });
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  worker = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null }, s.admin);
  await createAttendance(s.db, { employee: ana, date: '2026-03-10', timeIn: '09:00', reason: 'Forgot to punch' }, s.admin, 'en', NOW);
});
afterAll(async () => {
  await s.close();
});

describe('webhook events of issue 41.5', () => {
  it('a correction request and its decision, without the worker’s reason', async () => {
    const request = await createCorrectionRequest(s.db, { date: '2026-03-10', timeIn: '09:00', timeOut: '17:00', breakIn: null, breakOut: null, reason: 'Olvidé fichar la salida' }, worker, NOW);
    await decideCorrection(s.db, request._id, 'approve', { comment: '' }, s.admin, 'en', NOW);
    const [requested] = await events('correction.requested');
    expect(requested!.lane).toBe(`webhook:${hookId}`);
    expect(requested!.body.data).toEqual({
      requestId: request._id,
      employeeId: ana,
      date: '2026-03-10',
      kind: 'missingCheckOut',
      timeIn: '09:00',
      timeOut: '17:00',
      breakIn: null,
      breakOut: null,
      requestedBy: worker.id,
    });
    expect(JSON.stringify(requested)).not.toContain('Olvidé');
    const [decided] = await events('correction.decided');
    expect(decided!.body.data).toMatchObject({ requestId: request._id, employeeId: ana, date: '2026-03-10', status: 'approved', decidedBy: s.admin.id });
    expect(decided!.body.data['attendanceId']).toEqual(expect.any(Number));
  });

  it('a leave request, but not an absence an administrator records approved', async () => {
    const leave = await createLeave(s.db, { leaveType: s.leaveTypeId, from: '2026-07-06', to: '2026-07-07', reason: 'Boda de mi hermana' }, worker, 'es');
    await createLeave(s.db, { employee: ana, leaveType: s.leaveTypeId, from: '2026-08-03', to: '2026-08-04', reason: 'Baja', approved: true }, s.admin, 'es');
    const requested = await events('leave.requested');
    expect(requested.map((e) => e.body.data)).toEqual([{ leaveId: leave._id, employeeId: ana, leaveTypeId: s.leaveTypeId, from: '2026-07-06', to: '2026-07-07', requestedBy: worker.id }]);
    expect(JSON.stringify(requested)).not.toContain('Boda');
  });

  it('archiving and restoring an employee, once per change of state', async () => {
    await archiveEmployee(s.db, ana, true, s.admin);
    await archiveEmployee(s.db, ana, true, s.admin);
    await archiveEmployee(s.db, ana, false, s.admin);
    expect((await events('employee.archived')).map((e) => e.body.data)).toEqual([
      { employeeId: ana, status: 'archived' },
      { employeeId: ana, status: 'active' },
    ]);
  });

  it('an update names the changed fields, never their values', () => {
    expect(changedEmployeeFields({ firstName: 'Ana', phone: null, updatedAt: 'a', nationalId: 'X1' }, { firstName: 'Ana', phone: '600', updatedAt: 'b', nationalId: 'X2' })).toEqual(['nationalId', 'phone']);
  });
});

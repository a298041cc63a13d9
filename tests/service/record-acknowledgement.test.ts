import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { receiptOf, receiptText } from '../../src/domain/access/record-acknowledgement.ts';
import { translator } from '../../src/i18n/translate.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { voidAttendance } from '../../src/server/services/attendance/void-attendance.ts';
import { createCorrectionRequest } from '../../src/server/services/corrections/create-correction-request.ts';
import { decideCorrection } from '../../src/server/services/corrections/decide-correction-request.ts';
import { getSettings } from '../../src/server/services/get-settings.ts';
import { createLeave } from '../../src/server/services/leave/create-leave.ts';
import { acknowledgeMonth } from '../../src/server/services/personal/acknowledge-month.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import type { SessionUser } from '../../src/server/services/sign-in/session-user.ts';
import { updateSettings } from '../../src/server/services/update-settings.ts';
import { openServiceDb, type ServiceDb, type TestActor } from '../helpers/service-db.ts';

/**
 * Issue 37.12 (decision 077): the worker acknowledges a month only once it has ended in the
 * company's zone, and any change of a day of that month after receipt — whoever writes it — shows
 * on the record as "changed after receipt on …" and asks for a new receipt. A fixed fake clock
 * (JORNADA_FAKE_NOW) that each test sets.
 */

let s: ServiceDb;
let ana: number;
let worker: TestActor;
let user: SessionUser;
const fakeNow = process.env.JORNADA_FAKE_NOW;
const DAY = { timeIn: '09:00', timeOut: '17:00', reason: 'Olvidó fichar' };

const setNow = (iso: string) => (process.env.JORNADA_FAKE_NOW = iso);
const now = () => new Date(process.env.JORNADA_FAKE_NOW!);
const receiptOfNovember = async () => (await monthlyRecords(s.db, { employee: ana }, '2026-11')).records[0]!.receipt;
const refusal = (call: Promise<unknown>) =>
  call.then(
    () => null,
    (error: unknown) => error as { status: number; fields: Record<string, string> },
  );

beforeAll(async () => {
  setNow('2026-11-02T08:00:00.000Z');
  s = await openServiceDb();
  await updateSettings(s.db, { ...(await getSettings(s.db)), timezone: 'Europe/Madrid' }, s.admin.id);
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  await createSchedule(s.db, { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-10-01', toDate: null }, s.admin);
  worker = await s.addAccount({ email: 'ana@service.test', accountType: 'Employee', roleId: s.roles.employee, employeeId: ana });
  user = { ...worker, name: 'Ana', email: 'ana@service.test', image: null, roleName: 'Employee' } as unknown as SessionUser;
  setNow('2026-11-28T10:00:00.000Z');
  for (const date of ['2026-11-02', '2026-11-03', '2026-11-04']) await createAttendance(s.db, { employee: ana, date, ...DAY }, s.admin, 'es', now());
});

afterAll(async () => {
  await s.close();
  if (fakeNow === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = fakeNow;
});

describe('acknowledging a month', () => {
  it('is refused with a 422 until the month has ended in the company zone, and nothing is written', async () => {
    // 28/11, and 30/11 23:30 in Madrid (22:30 UTC): November has not ended there.
    for (const at of ['2026-11-28T10:00:00.000Z', '2026-11-30T22:30:00.000Z']) {
      setNow(at);
      const refused = await refusal(acknowledgeMonth(s.db, user, { month: '2026-11' }));
      expect(refused, at).toMatchObject({ status: 422, fields: { month: 'acknowledgement.monthNotEnded' } });
    }
    expect(await refusal(acknowledgeMonth(s.db, user, { month: '2026-12' }))).toMatchObject({ status: 422 });
    expect(await s.db.selectFrom('recordAcknowledgements').selectAll().execute()).toHaveLength(0);
    expect(await receiptOfNovember()).toBeNull();
  });

  it('is accepted once the month has ended there (23:30 UTC on 30/11 is 1/12 in Madrid), then answers the first', async () => {
    setNow('2026-11-30T23:30:00.000Z');
    const first = await acknowledgeMonth(s.db, user, { month: '2026-11' });
    expect(first).toMatchObject({ created: true, data: { month: '2026-11', acknowledgedAt: '2026-11-30T23:30:00.000Z' } });
    setNow('2026-12-01T09:00:00.000Z');
    const again = await acknowledgeMonth(s.db, user, { month: '2026-11' });
    expect(again).toMatchObject({ created: false, data: { acknowledgedAt: '2026-11-30T23:30:00.000Z' } });
    expect(await receiptOfNovember()).toEqual({ acknowledgedAt: '2026-11-30T23:30:00.000Z', changed: false, changedAt: null });
  });
});

describe('a change of the month after receipt', () => {
  let acknowledgedAt: string;

  beforeEach(async () => {
    // Each change starts from a fresh receipt of the month as it then stands.
    setNow('2026-12-02T08:00:00.000Z');
    const ack = await acknowledgeMonth(s.db, user, { month: '2026-11' });
    acknowledgedAt = ack.data.acknowledgedAt;
    expect((await receiptOfNovember())?.changed).toBe(false);
  });

  it('is not seen when only another month changes', async () => {
    setNow('2026-12-03T09:00:00.000Z');
    await createAttendance(s.db, { employee: ana, date: '2026-12-01', ...DAY }, s.admin, 'es', now());
    expect(await receiptOfNovember()).toEqual({ acknowledgedAt, changed: false, changedAt: null });
  });

  const writers: [string, () => Promise<unknown>][] = [
    ['a manual day', () => createAttendance(s.db, { employee: ana, date: '2026-11-05', ...DAY }, s.admin, 'es', now())],
    [
      'a voided day',
      async () => {
        const day = await s.db.selectFrom('attendances').select('id').where('employeeId', '=', ana).where('date', '=', '2026-11-05').where('voidedAt', 'is', null).executeTakeFirstOrThrow();
        return voidAttendance(s.db, day.id, { reason: 'Entered by mistake' }, s.admin);
      },
    ],
    [
      'an approved correction request',
      async () => {
        const request = await createCorrectionRequest(s.db, { date: '2026-11-02', timeIn: '08:00', timeOut: '17:00', reason: 'Entré antes' }, worker, now());
        return decideCorrection(s.db, request._id, 'approve', { comment: '' }, s.admin, 'es', now());
      },
    ],
    ['a leave decision', () => createLeave(s.db, { employee: ana, leaveType: s.leaveTypeId, from: '2026-11-09', to: '2026-11-10', reason: 'Vacaciones', approved: true }, s.admin, 'es')],
  ];

  for (const [what, write] of writers) {
    it(`shows after ${what}, dated, and asks again: a new receipt clears it and is audited as a renewal`, async () => {
      setNow('2026-12-03T09:00:00.000Z');
      await write();
      const changed = await receiptOfNovember();
      expect(changed).toEqual({ acknowledgedAt, changed: true, changedAt: '2026-12-03T09:00:00.000Z' });
      const t = translator('es');
      expect(receiptText(changed!, 'Europe/Madrid', 'es', '1', t)).toMatch(/^\d\d\/1[12]\/2026 \d\d:\d\d; modificado tras la recepción el 03\/12\/2026 10:00$/);

      setNow('2026-12-04T09:00:00.000Z');
      const renewed = await acknowledgeMonth(s.db, user, { month: '2026-11' });
      expect(renewed).toMatchObject({ created: true, data: { acknowledgedAt: '2026-12-04T09:00:00.000Z' } });
      expect(await receiptOfNovember()).toEqual({ acknowledgedAt: '2026-12-04T09:00:00.000Z', changed: false, changedAt: null });
      const audit = await s.db.selectFrom('auditLog').select(['action', 'before']).where('entity', '=', 'recordAcknowledgement').orderBy('id', 'desc').executeTakeFirstOrThrow();
      expect(audit.action).toBe('renew');
      expect(JSON.parse(audit.before!)).toMatchObject({ acknowledgedAt });
      expect(await s.db.selectFrom('recordAcknowledgements').selectAll().where('employeeId', '=', ana).execute()).toHaveLength(1);
    });
  }

  it('without a datable entry (a receipt kept before the chain head was stored) still shows, undated', async () => {
    await s.db.updateTable('recordAcknowledgements').set({ chainSeq: null }).where('employeeId', '=', ana).execute();
    setNow('2026-12-03T09:00:00.000Z');
    await createAttendance(s.db, { employee: ana, date: '2026-11-11', ...DAY }, s.admin, 'es', now());
    const changed = await receiptOfNovember();
    expect(changed).toEqual({ acknowledgedAt, changed: true, changedAt: null });
    expect(receiptText(changed!, 'Europe/Madrid', 'en', '1', translator('en'))).toMatch(/^\d\d\/1[12]\/2026 \d\d:\d\d; changed after receipt$/);
  });

  it('is never claimed for a receipt from before migration 0046 (no figures digest)', async () => {
    await s.db.updateTable('recordAcknowledgements').set({ figuresDigest: null }).where('employeeId', '=', ana).execute();
    setNow('2026-12-03T09:00:00.000Z');
    await createAttendance(s.db, { employee: ana, date: '2026-11-12', ...DAY }, s.admin, 'es', now());
    const entry = (await monthlyRecords(s.db, { employee: ana }, '2026-11')).records[0]!;
    expect(entry.receipt).toEqual({ acknowledgedAt, changed: false, changedAt: null });
    expect(receiptOf(entry)?.changed).toBe(false);
  });
});

import * as v from 'valibot';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { OvertimeChoiceRequestSchema } from '../../src/domain/attendance/overtime-choice.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { chooseOvertime, dayOvertimeSeconds } from '../../src/server/services/attendance/choose-overtime.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { recordPersonalPunch, type PersonalPunchRequest } from '../../src/server/services/punch/record-personal-punch.ts';
import { personalClockView } from '../../src/server/services/personal/personal-clock-view.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * The worker's overtime choice (issue 36 point 7, decision 070): where the company allows it, a
 * check-out after overtime asks "paid or rest", and the answer is the day's mark, kept as the
 * worker's; an administrator may still change it, audited, and then the mark is theirs. Fixed
 * fake instants (2031), a schedule without rest days: no test depends on the hour or the weekday.
 */

let s: ServiceDb;

const at = (iso: string) => {
  process.env['JORNADA_TEST'] = '1';
  process.env['JORNADA_FAKE_NOW'] = iso;
};

const addEveryDaySchedule = (employeeId: number) =>
  s.db
    .insertInto('schedules')
    .values({
      employeeId,
      startTime: '09:00',
      offTime: '17:00',
      totalHours: 8,
      restDays: '[]',
      fromDate: '2020-01-01',
      toDate: null,
      status: 'current',
      createdAt: '2020-01-01T00:00:00.000Z',
      updatedAt: '2020-01-01T00:00:00.000Z',
    })
    .execute();

let workers = 0;
async function worker(firstName: string) {
  workers++;
  const employeeId = await s.addEmployee({ firstName, pin: String(8100000 + workers) });
  await addEveryDaySchedule(employeeId);
  const account = await s.addAccount({ email: `otc${workers}@service.test`, accountType: 'Employee', roleId: s.roles.employee, employeeId });
  return { employeeId, user: { id: account.id, employeeId } };
}

const punch = (user: PersonalPunchRequest['user'], action: PersonalPunchRequest['input']['action']) =>
  recordPersonalPunch(s.db, { user, input: { action, workMode: 'on-site' }, userAgent: 'test', address: '198.51.100.7', lang: 'en' });

/** A day of the worker's through the personal clock: in at `from`, out at `to` (UTC instants). */
async function day(user: PersonalPunchRequest['user'], from: string, to: string) {
  at(from);
  await punch(user, 'check-in');
  at(to);
  return punch(user, 'check-out');
}

const companySwitch = (on: 0 | 1) => s.db.updateTable('companies').set({ workerOvertimeChoice: on }).where('id', '=', s.companyId).execute();
const attendanceOn = (employeeId: number, date: string) => s.db.selectFrom('attendances').selectAll().where('employeeId', '=', employeeId).where('date', '=', date).executeTakeFirstOrThrow();
/** An instant's local HH:mm in a zone: what the correction form sends. */
const localTime = (iso: string, timeZone: string) => new Intl.DateTimeFormat('en-GB', { timeZone, hour: '2-digit', minute: '2-digit', hourCycle: 'h23' }).format(new Date(iso));
/** The record chain's problems with attendances (the schedules these tests insert directly are not chained). */
const attendanceChainProblems = async () => (await verifyRecordChain(s.db)).broken.filter((b) => b.kind === 'attendance');
const auditOf = (entityId: number, action: string) => s.db.selectFrom('auditLog').selectAll().where('entity', '=', 'attendance').where('entityId', '=', String(entityId)).where('action', '=', action).execute();

beforeAll(async () => {
  s = await openServiceDb();
  await s.db.updateTable('companies').set({ personalClock: 1 }).where('id', '=', s.companyId).execute();
  await companySwitch(1);
});
afterEach(() => {
  delete process.env['JORNADA_FAKE_NOW'];
});
afterAll(async () => {
  await s.close();
});

describe('a check-out after overtime asks, and the answer is the worker’s mark', () => {
  it('the check-out carries the question with the record’s overtime; the answer marks the day as chosen by the worker, audited and chained', async () => {
    const { employeeId, user } = await worker('Extra');
    // 10 h on a day that expects 8 (08:00 to 18:00 in the company's zone, Europe/Lisbon: UTC+0 in early March).
    const out = await day(user, '2031-03-04T08:00:00Z', '2031-03-04T18:00:00Z');
    const overtime = await dayOvertimeSeconds(s.db, employeeId, '2031-03-04');
    expect(overtime).toBeGreaterThan(0);
    expect(out.overtimeQuestion).toEqual({ date: '2031-03-04', overtimeSeconds: overtime });
    // The clock's view asks it too: a reload (or a lost answer) asks again until answered.
    at('2031-03-04T18:00:05Z');
    expect((await personalClockView(s.db, employeeId))!.overtimeQuestion).toEqual({ date: '2031-03-04', overtimeSeconds: overtime });

    const answer = await chooseOvertime(s.db, { user, input: { date: '2031-03-04', compensation: 'rest' } });
    expect(answer).toEqual({ date: '2031-03-04', compensation: 'rest', overtimeSeconds: overtime, markedBy: 'worker' });
    const row = await attendanceOn(employeeId, '2031-03-04');
    expect(row).toMatchObject({ overtimeCompensation: 'rest', overtimeMarkedBy: 'worker', revision: 1 });
    const [audit] = await auditOf(row.id, 'overtime.chosen');
    expect(audit).toMatchObject({ userId: user.id });
    expect(JSON.parse(audit!.after!)).toMatchObject({ overtimeCompensation: 'rest', overtimeMarkedBy: 'worker', overtimeSeconds: overtime });
    expect(await attendanceChainProblems()).toEqual([]);

    // The monthly record's data: the mark, and that the worker chose it.
    const { records } = await monthlyRecords(s.db, { employee: employeeId }, '2031-03');
    const recorded = records[0]!.record.days.find((d) => d.date === '2031-03-04')!;
    expect(recorded).toMatchObject({ overtimeSeconds: overtime, overtimeCompensation: 'rest', overtimeChosenBy: 'worker' });
    expect(records[0]!.record.totals.overtimeRestSeconds).toBe(overtime);
    expect((await personalClockView(s.db, employeeId))!.overtimeQuestion).toBeUndefined();

    // The worker may change their own answer.
    at('2031-03-04T18:01:00Z');
    await chooseOvertime(s.db, { user, input: { date: '2031-03-04', compensation: 'paid' } });
    expect(await attendanceOn(employeeId, '2031-03-04')).toMatchObject({ overtimeCompensation: 'paid', overtimeMarkedBy: 'worker' });
  });

  it('a check-out without overtime asks nothing, and an answer for that day is refused: noOvertime (409)', async () => {
    const { user } = await worker('Justa');
    const out = await day(user, '2031-03-05T08:00:00Z', '2031-03-05T15:00:00Z');
    expect(out.overtimeQuestion).toBeUndefined();
    at('2031-03-05T15:00:05Z');
    await expect(chooseOvertime(s.db, { user, input: { date: '2031-03-05', compensation: 'paid' } })).rejects.toMatchObject({ code: 'overtimeChoice.noOvertime', status: 409 });
  });

  it('an open day is refused: dayOpen (409)', async () => {
    const { user } = await worker('Abierta');
    at('2031-03-06T08:00:00Z');
    await punch(user, 'check-in');
    at('2031-03-06T19:00:00Z');
    await expect(chooseOvertime(s.db, { user, input: { date: '2031-03-06', compensation: 'rest' } })).rejects.toMatchObject({ code: 'overtimeChoice.dayOpen', status: 409 });
  });
});

describe('only where allowed, only one’s own day, never a locked one', () => {
  it('with the company’s switch off: no question at check-out, and the answer is refused (403)', async () => {
    const { employeeId, user } = await worker('Apagada');
    await companySwitch(0);
    try {
      const out = await day(user, '2031-03-10T08:00:00Z', '2031-03-10T18:00:00Z');
      expect(out.overtimeQuestion).toBeUndefined();
      await expect(chooseOvertime(s.db, { user, input: { date: '2031-03-10', compensation: 'rest' } })).rejects.toMatchObject({ code: 'overtimeChoice.notAllowed', status: 403 });
      expect(await attendanceOn(employeeId, '2031-03-10')).toMatchObject({ overtimeCompensation: null, overtimeMarkedBy: null });
    } finally {
      await companySwitch(1);
    }
  });

  it('another worker’s day cannot be named: the date is read as the session’s own employee’s (404), and theirs stays unmarked', async () => {
    const owner = await worker('Dueña');
    const other = await worker('Otra');
    await day(owner.user, '2031-03-11T08:00:00Z', '2031-03-11T18:00:00Z');
    at('2031-03-11T18:05:00Z');
    // Any extra key (an employee id) is dropped by the contract.
    const input = v.parse(OvertimeChoiceRequestSchema, { date: '2031-03-11', compensation: 'paid', employeeId: owner.employeeId });
    expect(input).toEqual({ date: '2031-03-11', compensation: 'paid' });
    await expect(chooseOvertime(s.db, { user: other.user, input })).rejects.toMatchObject({ code: 'overtimeChoice.noDay', status: 404 });
    expect(await attendanceOn(owner.employeeId, '2031-03-11')).toMatchObject({ overtimeCompensation: null, overtimeMarkedBy: null });
  });

  it('an API token and an account without an employee are refused (403)', async () => {
    const { user } = await worker('Token');
    await expect(chooseOvertime(s.db, { user: { ...user, apiTokenId: 1 }, input: { date: '2031-03-04', compensation: 'paid' } })).rejects.toMatchObject({ code: 'overtimeChoice.tokenRefused', status: 403 });
    await expect(chooseOvertime(s.db, { user: { id: user.id, employeeId: null }, input: { date: '2031-03-04', compensation: 'paid' } })).rejects.toMatchObject({ code: 'personalClock.noEmployee', status: 403 });
  });

  it('a day in an approved period is refused: periods.locked (409), nothing written', async () => {
    const { employeeId, user } = await worker('Cerrada');
    await day(user, '2031-02-12T08:00:00Z', '2031-02-12T18:00:00Z');
    at('2031-03-05T10:00:00Z');
    expect(await approvePeriods(s.db, { date: '2031-02-01', employees: [employeeId] }, s.admin)).toMatchObject({ approved: 1 });
    await expect(chooseOvertime(s.db, { user, input: { date: '2031-02-12', compensation: 'rest' } })).rejects.toMatchObject({ code: 'periods.locked', status: 409 });
    const row = await attendanceOn(employeeId, '2031-02-12');
    expect(row).toMatchObject({ overtimeCompensation: null, overtimeMarkedBy: null });
    expect(await auditOf(row.id, 'overtime.chosen')).toHaveLength(0);
  });

  it('bad input is refused by the contract (422 at the endpoint), never reaching the service', () => {
    expect(v.safeParse(OvertimeChoiceRequestSchema, { date: '2031-02-30', compensation: 'paid' }).success).toBe(false);
    expect(v.safeParse(OvertimeChoiceRequestSchema, { date: '2031-03-04', compensation: 'money' }).success).toBe(false);
    expect(v.safeParse(OvertimeChoiceRequestSchema, {}).success).toBe(false);
  });
});

describe('an administrator may still change it, audited, and then the mark is theirs', () => {
  it('the correction replaces the worker’s choice, the audit keeps both, and the record no longer says the worker chose', async () => {
    const { employeeId, user } = await worker('Cambiada');
    await day(user, '2031-03-12T08:00:00Z', '2031-03-12T18:00:00Z');
    at('2031-03-12T18:05:00Z');
    await chooseOvertime(s.db, { user, input: { date: '2031-03-12', compensation: 'rest' } });
    const row = await attendanceOn(employeeId, '2031-03-12');

    // Sent unchanged (the form always sends the mark), a time correction leaves the worker's choice theirs.
    at('2031-03-13T09:00:00Z');
    const times = { timeIn: localTime(row.timeIn, row.timezone), timeOut: localTime(row.timeOut!, row.timezone) };
    await updateAttendance(s.db, row.id, { ...times, overtimeCompensation: 'rest', reason: 'Sin cambios en la marca' }, s.admin);
    expect(await attendanceOn(employeeId, '2031-03-12')).toMatchObject({ overtimeCompensation: 'rest', overtimeMarkedBy: 'worker' });

    const updated = await updateAttendance(s.db, row.id, { ...times, overtimeCompensation: 'paid', reason: 'Acordado con la persona' }, s.admin);
    expect(updated).toMatchObject({ overtimeCompensation: 'paid', overtimeMarkedBy: 'administrator' });
    const audits = await auditOf(row.id, 'update');
    const last = audits.at(-1)!;
    expect(last.userId).toBe(s.admin.id);
    expect(JSON.parse(last.before!)).toMatchObject({ overtimeCompensation: 'rest', overtimeMarkedBy: 'worker' });
    expect(JSON.parse(last.after!)).toMatchObject({ overtimeCompensation: 'paid', overtimeMarkedBy: 'administrator' });

    const { records } = await monthlyRecords(s.db, { employee: employeeId }, '2031-03');
    const recorded = records[0]!.record.days.find((d) => d.date === '2031-03-12')!;
    expect(recorded.overtimeCompensation).toBe('paid');
    expect(recorded.overtimeChosenBy).toBeUndefined();

    // The worker does not overwrite an administrator's mark, and is no longer asked.
    at('2031-03-13T09:05:00Z');
    await expect(chooseOvertime(s.db, { user, input: { date: '2031-03-12', compensation: 'rest' } })).rejects.toMatchObject({ code: 'overtimeChoice.setByAdministrator', status: 409 });
    expect(await attendanceChainProblems()).toEqual([]);
  });
});

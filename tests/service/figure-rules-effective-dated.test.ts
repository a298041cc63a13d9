import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakRulesHistory } from '../../src/server/db/repositories/break-rules-history.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { updateAttendance } from '../../src/server/services/attendance/update-attendance.ts';
import { getSettings } from '../../src/server/services/get-settings.ts';
import { payrollReport } from '../../src/server/services/payroll/payroll-report.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { periodCloseView } from '../../src/server/services/periods/period-close.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { updateSettings } from '../../src/server/services/update-settings.ts';
import { breakRulesChanges } from '../../src/server/services/worktime/break-rules-changes.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Every setting that changes a figure is effective-dated (issue 33 leftovers, decision 050): the
 * break rules, the daily limit of ordinary hours and the lateness grace. With May approved, each is
 * changed from today: May's payroll row and monthly record (served and computed afresh) stay
 * byte-identical, and the days from today change. The company time zone has no date of its own and
 * is refused while a period is approved. "Today" is Monday 2026-06-15 (Madrid).
 */

const NOW = new Date('2026-06-15T19:00:00Z');
const SHIFT = { startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'] };
// 09:10 to 19:10 with a punched hour: 9 h of work, 10 min after the start, 1 h of overtime.
const LONG_LATE = { timeIn: '09:10', timeOut: '19:10', breakIn: '13:00', breakOut: '14:00', reason: 'Forgot to punch' };
// 8 h 30 min without a punched break.
const NO_BREAK = { timeIn: '09:00', timeOut: '17:30', reason: 'Forgot to punch' };

let s: ServiceDb;
let ana: number;
const fakeNow = process.env.JORNADA_FAKE_NOW;

const payrollOf = async (month: string) => JSON.stringify((await payrollReport(s.db, { employee: ana }, month)).rows[0]!.figures);
const recordOf = async (month: string, fresh = false) => JSON.stringify((await monthlyRecords(s.db, { employee: ana }, month, { fresh })).records[0]!.record);
const dayOf = async (date: string) => (await monthlyRecords(s.db, { employee: ana }, date.slice(0, 7))).records[0]!.record.days.find((d) => d.date === date)!;
const save = async (changes: Record<string, unknown>) => updateSettings(s.db, { ...(await getSettings(s.db)), ...changes }, s.admin.id);
const add = async (date: string, day: Record<string, string>) => createAttendance(s.db, { employee: ana, date, ...day }, s.admin, 'en', NOW);

beforeAll(async () => {
  process.env.JORNADA_FAKE_NOW = NOW.toISOString();
  s = await openServiceDb();
  await save({ timezone: 'Europe/Madrid', graceMinutes: 5, maxOrdinaryDailyHours: 9 });
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  await createSchedule(s.db, { employee: ana, ...SHIFT, fromDate: '2026-04-01', toDate: null }, s.admin);
  for (const date of ['2026-05-11', '2026-05-12']) await add(date, LONG_LATE);
  await add('2026-05-13', NO_BREAK);
  await approvePeriods(s.db, { date: '2026-05-01', employees: [ana] }, s.admin);
});

afterAll(async () => {
  await s.close();
  if (fakeNow === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = fakeNow;
});

describe('every figure rule is effective-dated', () => {
  it('changing each from today leaves the approved month byte-identical; the days from today follow the new rules', async () => {
    const payroll = await payrollOf('2026-05');
    const record = await recordOf('2026-05');
    const fresh = await recordOf('2026-05', true);
    const unchanged = async (what: string) => {
      expect(await payrollOf('2026-05'), what).toBe(payroll);
      expect(await recordOf('2026-05'), what).toBe(record);
      expect(await recordOf('2026-05', true), what).toBe(fresh);
    };
    // Under the rules in force: late by 10 min (grace 5), no long day (limit 9 h), no deduction.
    const may = await dayOf('2026-05-12');
    expect(may.lateSeconds).toBe(600);
    expect(may.warnings!.map((w) => w.kind)).not.toContain('longDay');

    // Grace 15 minutes from today: a check-in 10 min late today is on time; May keeps its lateness.
    await save({ graceMinutes: 15 });
    await unchanged('graceMinutes');
    const today = (await add('2026-06-15', LONG_LATE))._id;
    expect((await dayOf('2026-06-15')).lateSeconds).toBe(0);
    // A day before today takes the grace in force on its own date, also when entered now.
    const friday = (await add('2026-06-12', LONG_LATE))._id;
    expect((await dayOf('2026-06-12')).lateSeconds).toBe(600);
    // And a correction of it too.
    await updateAttendance(s.db, friday, { ...LONG_LATE, timeIn: '09:11', reason: 'Typo' }, s.admin, NOW);
    expect((await dayOf('2026-06-12')).lateSeconds).toBe(660);

    // A daily limit of 8 ordinary hours from today: today's 9 h day is a long day; May's are not.
    expect((await dayOf('2026-06-15')).warnings!.map((w) => w.kind)).not.toContain('longDay');
    await save({ maxOrdinaryDailyHours: 8 });
    await unchanged('maxOrdinaryDailyHours');
    // The schedule expects 8 h, so 8 h are ordinary: a limit of 7 h 30 min catches it.
    await save({ maxOrdinaryDailyHours: 7.5 });
    await unchanged('maxOrdinaryDailyHours 7.5');
    expect((await dayOf('2026-06-15')).warnings!.map((w) => w.kind)).toContain('longDay');
    expect((await dayOf('2026-06-12')).warnings!.map((w) => w.kind)).not.toContain('longDay');
    // The close screen of May judges with May's limit, and finds no difference with its snapshot.
    const close = await periodCloseView(s.db, { date: '2026-05-01' });
    expect(close.rows[0]!.exceptions.warnings['longDay'] ?? 0).toBe(0);
    expect(close.snapshotAlerts).toEqual([]);

    // Paid breaks from today: today's punched hour counts, June 12's does not.
    await save({ breaksPaid: true });
    await unchanged('breaksPaid');
    expect((await dayOf('2026-06-15')).overtimeSeconds).toBe(2 * 3600);
    expect((await dayOf('2026-06-12')).overtimeSeconds).toBe(3600 - 60);

    // Unpaid again, with the automatic break after 6 h from today: today, corrected to have no
    // punched break, loses 30 min; May's day without a break loses nothing.
    await save({ breaksPaid: false, autoBreakAfterMinutes: 360, autoBreakMinutes: 30 });
    await unchanged('autoBreak');
    await updateAttendance(s.db, today, { ...NO_BREAK, reason: 'No break taken' }, s.admin, NOW);
    expect((await dayOf('2026-06-15')).deductedSeconds).toBe(1800);
    expect((await dayOf('2026-05-13')).deductedSeconds).toBe(0);
    await unchanged('today corrected');

    // Each change is one dated row holding every rule, chained, and listed with its author.
    const history = await breakRulesHistory(s.db);
    expect(history.map((h) => h.effectiveFrom)).toEqual(Array(5).fill('2026-06-15'));
    expect(history.at(-1)!.rules).toEqual({ breaksPaid: false, autoBreakAfterMinutes: 360, autoBreakMinutes: 30, maxOrdinaryDailyHours: 7.5, graceMinutes: 15 });
    expect((await breakRulesChanges(s.db))[0]).toMatchObject({ effectiveFrom: '2026-06-15', author: expect.any(String) });
    expect((await verifyRecordChain(s.db)).ok).toBe(true);
  });

  it('a change of any of them dated inside the approved month is refused with periods.locked and changes nothing', async () => {
    const before = await breakRulesHistory(s.db);
    for (const change of [{ graceMinutes: 20 }, { maxOrdinaryDailyHours: 10 }, { autoBreakMinutes: 20 }]) {
      await expect(save({ ...change, effectiveFrom: '2026-05-20' }), JSON.stringify(change)).rejects.toMatchObject({ code: 'periods.locked' });
    }
    expect(await breakRulesHistory(s.db)).toEqual(before);
    expect(await getSettings(s.db)).toMatchObject({ graceMinutes: 15, maxOrdinaryDailyHours: 7.5, autoBreakMinutes: 30 });
  });

  it('the company time zone cannot change while a period is approved', async () => {
    await expect(save({ timezone: 'Atlantic/Canary' })).rejects.toMatchObject({ code: 'periods.locked', params: { from: '2026-05-01', to: '2026-05-31' } });
    expect((await getSettings(s.db)).timezone).toBe('Europe/Madrid');
    // Sending the same zone with other changes is fine.
    await save({ timezone: 'Europe/Madrid', country: 'ES' });
  });
});

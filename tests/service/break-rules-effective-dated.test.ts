import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { breakRulesHistory } from '../../src/server/db/repositories/break-rules-history.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { getSettings } from '../../src/server/services/get-settings.ts';
import { payrollReport } from '../../src/server/services/payroll/payroll-report.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { updateSettings } from '../../src/server/services/update-settings.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * The break rules are effective-dated (issue 33 point 1, decision 050 update): switching breaks to
 * paid from today leaves last month's payroll and record byte-identical, approved or not, and
 * changes only the days from today; an effective date inside an approved period is refused with
 * `periods.locked`. The tests run in order on one database; "today" is 2026-06-15 (Madrid).
 */

const NOW = new Date('2026-06-15T19:00:00Z');
const SHIFT = { startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'] };
const DAY = { timeIn: '09:00', timeOut: '18:00', breakIn: '13:00', breakOut: '14:00', reason: 'Forgot to punch' };
const HOUR = 3600;

let s: ServiceDb;
let ana: number;
const fakeNow = process.env.JORNADA_FAKE_NOW;

const payrollOf = async (month: string) => JSON.stringify((await payrollReport(s.db, { employee: ana }, month)).rows[0]!.figures);
const recordOf = async (month: string) => JSON.stringify((await monthlyRecords(s.db, { employee: ana }, month)).records[0]!.record);
const countedOn = async (date: string) => {
  const day = (await monthlyRecords(s.db, { employee: ana }, date.slice(0, 7))).records[0]!.record.days.find((d) => d.date === date)!;
  return day.overtimeSeconds;
};
const save = async (changes: Record<string, unknown>) => updateSettings(s.db, { ...(await getSettings(s.db)), ...changes }, s.admin.id);

beforeAll(async () => {
  process.env.JORNADA_FAKE_NOW = NOW.toISOString();
  s = await openServiceDb();
  await save({ timezone: 'Europe/Madrid' });
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  await createSchedule(s.db, { employee: ana, ...SHIFT, fromDate: '2026-04-01', toDate: null }, s.admin);
  // 9 h with a punched 1 h break: 8 h of work, no overtime while breaks are unpaid.
  for (const date of ['2026-04-14', '2026-05-12', '2026-05-13', '2026-06-15']) await createAttendance(s.db, { employee: ana, date, ...DAY }, s.admin, 'en', NOW);
});

afterAll(async () => {
  await s.close();
  if (fakeNow === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = fakeNow;
});

describe('effective-dated break rules', () => {
  it('switching breaks to paid from today leaves last month byte-identical and changes only days from today', async () => {
    const payroll = await payrollOf('2026-05');
    const record = await recordOf('2026-05');
    expect(await countedOn('2026-06-15')).toBe(0);
    await save({ breaksPaid: true });
    expect(await payrollOf('2026-05')).toBe(payroll);
    expect(await recordOf('2026-05')).toBe(record);
    // Today's break is paid: one hour beyond the schedule.
    expect(await countedOn('2026-06-15')).toBe(HOUR);
    const history = await breakRulesHistory(s.db);
    // A new installation starts with no row (the defaults); the change is one row, chained.
    expect(history.map((h) => [h.effectiveFrom, h.rules.breaksPaid, h.authorId])).toEqual([['2026-06-15', true, s.admin.id]]);
    const entry = await s.db.selectFrom('recordChain').select(['kind', 'refId']).where('kind', '=', 'rules').execute();
    expect(entry).toEqual([{ kind: 'rules', refId: history[0]!.id }]);
    expect((await verifyRecordChain(s.db)).ok).toBe(true);
  });

  it('a change from a mid-month date applies from that day on, not before', async () => {
    await save({ breaksPaid: true, effectiveFrom: '2026-05-13' });
    expect(await countedOn('2026-05-12')).toBe(0);
    expect(await countedOn('2026-05-13')).toBe(HOUR);
    expect(await countedOn('2026-06-15')).toBe(HOUR);
  });

  it('an effective date inside an approved period is refused with periods.locked and changes nothing', async () => {
    await approvePeriods(s.db, { date: '2026-04-01', employees: [ana] }, s.admin);
    const before = await breakRulesHistory(s.db);
    const settings = await getSettings(s.db);
    await expect(save({ breaksPaid: false, effectiveFrom: '2026-04-20' })).rejects.toMatchObject({ code: 'periods.locked' });
    // A date before the approved month would rewrite it too.
    await expect(save({ autoBreakAfterMinutes: 360, effectiveFrom: '2026-03-01' })).rejects.toMatchObject({ code: 'periods.locked' });
    expect(await breakRulesHistory(s.db)).toEqual(before);
    expect((await getSettings(s.db)).breaksPaid).toBe(settings.breaksPaid);
    // An open earlier date is allowed: paid breaks from May 1st (until the next change).
    expect(await countedOn('2026-05-12')).toBe(0);
    await save({ breaksPaid: true, effectiveFrom: '2026-05-01' });
    expect(await countedOn('2026-05-12')).toBe(HOUR);
  });

  it('an edit of a dated rule in the database file fails verify, naming the entry', async () => {
    const [first] = await breakRulesHistory(s.db);
    await s.db.updateTable('breakRulesHistory').set({ rules: '{"autoBreakAfterMinutes":0,"autoBreakMinutes":30,"breaksPaid":false}' }).where('id', '=', first!.id).execute();
    const verdict = await verifyRecordChain(s.db);
    expect(verdict.ok).toBe(false);
    expect(verdict.broken).toContainEqual(expect.objectContaining({ kind: 'rules', refId: first!.id, problem: 'rowChanged', fields: ['rules'] }));
  });
});

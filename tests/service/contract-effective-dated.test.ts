import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { WriteRefused } from '../../src/server/db/write-refused.ts';
import { contractTermsHistory } from '../../src/server/db/repositories/contract-terms.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { createEmployee } from '../../src/server/services/employees/create-employee.ts';
import { contractHistoryOf } from '../../src/server/services/employees/contract-history.ts';
import { updateEmployee } from '../../src/server/services/employees/update-employee.ts';
import { getSettings } from '../../src/server/services/get-settings.ts';
import { payrollReport } from '../../src/server/services/payroll/payroll-report.ts';
import { snapshotAlerts } from '../../src/server/services/periods/approval-figures.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { updateSettings } from '../../src/server/services/update-settings.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * The contract terms are effective-dated (issue 33 point 1, decision 051 update): after May is
 * approved, a worker's part-time share can still change, from the next open date; May's payroll
 * and record stay byte-identical (served and computed afresh), June counts the new terms, a date
 * inside the approved month is refused with `periods.locked`, and an edit of the history in the
 * database file fails verify naming the entry. The tests run in order on one database; "today"
 * is 2026-06-15 (Madrid), fixed through the fake clock.
 */

const NOW = new Date('2026-06-15T10:00:00Z');
const SHIFT = { startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'] };
// 10 h with a punched 1 h break: 9 h of work, one beyond the 8 h schedule.
const LONG_DAY = { timeIn: '09:00', timeOut: '19:00', breakIn: '13:00', breakOut: '14:00', reason: 'Forgot to punch' };
const HOUR = 3600;

let s: ServiceDb;
let ana: number;
let input: Record<string, unknown>;
let mayPayroll: string;
let mayPayrollFresh: string;
let mayRecord: string;
const fakeNow = process.env.JORNADA_FAKE_NOW;

/** The payroll row of a month (served, or computed afresh). */
const payrollRow = async (month: string, fresh = false) => (await payrollReport(s.db, { employee: ana }, month, { fresh })).rows[0]!;
/** The monthly record as read at an instant: when it was read and the chain head it prints are not figures (every chained write moves the head). */
const recordOf = async (month: string, fresh = false) => {
  const { now: _now, today: _today, records, ...rest } = await monthlyRecords(s.db, { employee: ana }, month, { fresh });
  return JSON.stringify({ ...rest, records: records.map(({ chainHead: _head, ...r }) => r) });
};
const dayOf = async (date: string) => (await monthlyRecords(s.db, { employee: ana }, date.slice(0, 7))).records[0]!.record.days.find((d) => d.date === date)!;
const update = (changes: Record<string, unknown>) => updateEmployee(s.db, ana, { ...input, ...changes }, s.admin);
const history = async () => (await contractTermsHistory(s.db, ana)).map((h) => [h.effectiveFrom, h.workingDayType, h.partTimePercent]);

beforeAll(async () => {
  process.env.JORNADA_FAKE_NOW = NOW.toISOString();
  s = await openServiceDb();
  await updateSettings(s.db, { ...(await getSettings(s.db)), timezone: 'Europe/Madrid' }, s.admin.id);
  input = {
    firstName: 'Ana',
    lastName: 'Prueba',
    gender: 'female',
    email: 'ana@contract.test',
    nationalId: 'X0000001T',
    company: s.companyId,
    department: s.departmentId,
    jobTitle: s.jobTitleId,
    leaveGroup: s.leaveGroupId,
    employmentType: 'regular',
    pin: '4815162',
  };
  ana = (await createEmployee(s.db, input, s.admin))._id;
  delete input['pin'];
  await createSchedule(s.db, { employee: ana, ...SHIFT, fromDate: '2026-04-01', toDate: null }, s.admin);
  for (const date of ['2026-05-12', '2026-06-09']) await createAttendance(s.db, { employee: ana, date, ...LONG_DAY }, s.admin, 'en', NOW);
  expect(await approvePeriods(s.db, { date: '2026-05-01', employees: [ana] }, s.admin)).toMatchObject({ approved: 1 });
  // Served from the approval's snapshot (canonical key order) and computed afresh.
  mayPayroll = JSON.stringify(await payrollRow('2026-05'));
  mayPayrollFresh = JSON.stringify(await payrollRow('2026-05', true));
  mayRecord = await recordOf('2026-05');
});

afterAll(async () => {
  await s.close();
  if (fakeNow === undefined) delete process.env.JORNADA_FAKE_NOW;
  else process.env.JORNADA_FAKE_NOW = fakeNow;
});

describe('effective-dated contract terms', () => {
  it('a new employee has their terms from the beginning, chained', async () => {
    expect(await history()).toEqual([['0000-01-01', 'full-time', null]]);
    const [row] = await contractTermsHistory(s.db, ana);
    expect(await s.db.selectFrom('recordChain').select(['kind', 'refId']).where('kind', '=', 'contract').execute()).toEqual([{ kind: 'contract', refId: row!.id }]);
    // Full time: May's extra hour is overtime.
    expect(await dayOf('2026-05-12')).toMatchObject({ overtimeSeconds: HOUR, complementarySeconds: 0 });
  });

  it('part time from June after May is approved: May stays byte-identical, June counts complementary hours', async () => {
    expect(await dayOf('2026-06-09')).toMatchObject({ overtimeSeconds: HOUR, complementarySeconds: 0 });
    await update({ workingDayType: 'part-time', partTimePercent: 50, contractEffectiveFrom: '2026-06-01' });
    expect(await history()).toEqual([
      ['0000-01-01', 'full-time', null],
      ['2026-06-01', 'part-time', 50],
    ]);
    // The approved month: served from its snapshot and computed afresh, nothing moves.
    expect(JSON.stringify(await payrollRow('2026-05'))).toBe(mayPayroll);
    expect(JSON.stringify(await payrollRow('2026-05', true))).toBe(mayPayrollFresh);
    expect(await recordOf('2026-05')).toBe(mayRecord);
    expect(await dayOf('2026-05-12')).toMatchObject({ overtimeSeconds: HOUR, complementarySeconds: 0 });
    expect(await snapshotAlerts(s.db)).toEqual([]);
    // June: the new terms, in the figures and in the payroll row's contract columns.
    expect(await dayOf('2026-06-09')).toMatchObject({ overtimeSeconds: 0, complementarySeconds: HOUR });
    const june = await payrollRow('2026-06');
    expect(june.employee).toMatchObject({ workingDayType: 'part-time', partTimePercent: 50 });
    expect(june.figures.overtimeSeconds).toBe(0);
    expect((await payrollRow('2026-05')).employee).toMatchObject({ workingDayType: 'full-time', partTimePercent: null });
    const verdict = await verifyRecordChain(s.db);
    expect(verdict.ok).toBe(true);
    expect(verdict.approvedFigures).toEqual([]);
  });

  it('a change dated inside (or before) the approved month is refused with periods.locked and changes nothing', async () => {
    const before = await history();
    for (const contractEffectiveFrom of ['2026-05-20', '2026-03-01']) {
      const error = await update({ workingDayType: 'part-time', partTimePercent: 60, contractEffectiveFrom }).then(
        () => null,
        (e: unknown) => e,
      );
      expect(error).toBeInstanceOf(WriteRefused);
      // Names the period and the first date the change could apply from.
      expect(error).toMatchObject({ code: 'periods.locked', status: 409, params: { from: '2026-05-01', to: '2026-05-31', openFrom: '2026-06-01' } });
    }
    expect(await history()).toEqual(before);
    expect(JSON.stringify(await payrollRow('2026-05', true))).toBe(mayPayrollFresh);
    // The employee's last entered terms did not move either.
    expect((await contractHistoryOf(s.db, ana, '2026-06-15', { workingDayType: 'full-time', partTimePercent: null })).current).toEqual({ workingDayType: 'part-time', partTimePercent: 50 });
  });

  it('without a date the change applies from today; an edit of other fields dates nothing', async () => {
    await update({ workingDayType: 'part-time', partTimePercent: 40 });
    await update({ workingDayType: 'part-time', partTimePercent: 40, phone: '600000000' });
    expect(await history()).toEqual([
      ['0000-01-01', 'full-time', null],
      ['2026-06-01', 'part-time', 50],
      ['2026-06-15', 'part-time', 40],
    ]);
    const admin = (await s.db.selectFrom('users').select('name').where('id', '=', s.admin.id).executeTakeFirstOrThrow()).name;
    const view = await contractHistoryOf(s.db, ana, '2026-06-15', { workingDayType: 'full-time', partTimePercent: null });
    expect(view.openFrom).toBe('2026-06-01');
    expect(view.changes.map((c) => [c.effectiveFrom, c.partTimePercent, c.author])).toEqual([
      ['2026-06-15', 40, admin],
      ['2026-06-01', 50, admin],
      ['0000-01-01', null, admin],
    ]);
    expect((await payrollRow('2026-06')).employee).toMatchObject({ partTimePercent: 40 });
    expect(JSON.stringify(await payrollRow('2026-05', true))).toBe(mayPayrollFresh);
  });

  it('an edit of a history row in the database file fails verify, naming the entry', async () => {
    const change = (await contractTermsHistory(s.db, ana)).find((h) => h.effectiveFrom === '2026-06-01')!;
    const file = new Database(path.join(s.dataDir, 'jornada.db'));
    try {
      file.prepare('update contract_terms_history set part_time_percent = 75 where id = ?').run(change.id);
    } finally {
      file.close();
    }
    const verdict = await verifyRecordChain(s.db);
    expect(verdict.ok).toBe(false);
    expect(verdict.broken).toContainEqual(expect.objectContaining({ kind: 'contract', refId: change.id, problem: 'rowChanged', fields: ['partTimePercent'] }));
  });
});

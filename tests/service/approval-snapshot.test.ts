import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { snapshotDigestText } from '../../src/domain/periods/approval-snapshot.ts';
import { sha256Hex } from '../../src/server/db/chain-hash.ts';
import { createAttendance } from '../../src/server/services/attendance/create-attendance.ts';
import { payrollReport } from '../../src/server/services/payroll/payroll-report.ts';
import { snapshotAlerts } from '../../src/server/services/periods/approval-figures.ts';
import { approvePeriods } from '../../src/server/services/periods/approve-periods.ts';
import { periodCloseView } from '../../src/server/services/periods/period-close.ts';
import { reopenPeriod } from '../../src/server/services/periods/reopen-period.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';
import { monthlyRecords } from '../../src/server/services/reports/monthly-records.ts';
import { createSchedule } from '../../src/server/services/schedules/save-schedule.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Approval freezes the month's figures (issue 33 point 1, decision 051 update): the payroll row
 * and the record's totals are stored with the approval, its digest in the approval's chain entry;
 * payroll and the record of the approved month are served from it, and an input changed behind the
 * repositories' guard (the database written directly) shows up as a difference on the close screen
 * and in verify, never in the figures. The tests run in order on one database.
 */

const NOW = new Date('2026-06-15T10:00:00Z');
const SHIFT = { startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'] };
const HOUR = 3600;

let s: ServiceDb;
let ana: number;
let wednesday: number;

const payrollOf = async () => (await payrollReport(s.db, { employee: ana }, '2026-03')).rows[0]!.figures;
const recordOf = async () => (await monthlyRecords(s.db, { employee: ana }, '2026-03')).records[0]!;

beforeAll(async () => {
  s = await openServiceDb();
  ana = await s.addEmployee({ firstName: 'Ana', pin: '4815162' });
  await createSchedule(s.db, { employee: ana, ...SHIFT, fromDate: '2026-03-01', toDate: null }, s.admin);
  await createAttendance(s.db, { employee: ana, date: '2026-03-10', timeIn: '09:00', timeOut: '17:00', reason: 'Forgot to punch' }, s.admin, 'en', NOW);
  // One hour of overtime.
  wednesday = (await createAttendance(s.db, { employee: ana, date: '2026-03-11', timeIn: '09:00', timeOut: '18:00', reason: 'Forgot to punch' }, s.admin, 'en', NOW))._id;
});

afterAll(async () => {
  await s.close();
});

describe('approving a month stores its figures', () => {
  it('one snapshot of the payroll row and the record totals, its digest in the approval’s chain entry', async () => {
    const payroll = await payrollOf();
    const totals = (await recordOf()).record.totals;
    expect(payroll.overtimeSeconds).toBe(HOUR);
    await approvePeriods(s.db, { date: '2026-03-01', employees: [ana] }, s.admin);
    const rows = await s.db.selectFrom('approvalSnapshots').selectAll().execute();
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ employeeId: ana, dateFrom: '2026-03-01', dateTo: '2026-03-31', supersededAt: null });
    expect(JSON.parse(rows[0]!.payroll)).toEqual(JSON.parse(JSON.stringify(payroll)));
    expect(JSON.parse(rows[0]!.totals)).toEqual(totals);
    const entry = await s.db.selectFrom('recordChain').select('payload').where('kind', '=', 'approval').orderBy('seq', 'desc').executeTakeFirstOrThrow();
    expect(JSON.parse(entry.payload).snapshotDigest).toBe(sha256Hex(snapshotDigestText({ payroll: JSON.parse(rows[0]!.payroll), totals: JSON.parse(rows[0]!.totals) })));
    expect((await verifyRecordChain(s.db)).ok).toBe(true);
    expect(await snapshotAlerts(s.db)).toEqual([]);
  });
});

describe('an input changed behind the guard', () => {
  it('payroll and the record still give the approved figures; the check names the difference', async () => {
    const payrollBefore = JSON.stringify(await payrollOf());
    const totalsBefore = JSON.stringify((await recordOf()).record.totals);
    // The database file edited directly: Wednesday's check-out one hour later.
    await s.db
      .updateTable('attendances')
      .set({ timeOut: '2026-03-11T18:00:00.000Z', workedSeconds: 10 * HOUR })
      .where('id', '=', wednesday)
      .execute();
    expect(JSON.stringify(await payrollOf())).toBe(payrollBefore);
    const record = await recordOf();
    expect(JSON.stringify(record.record.totals)).toBe(totalsBefore);
    expect(record.frozenAt).not.toBeNull();
    // The day rows are computed now (the snapshot holds totals only).
    expect(record.record.days.find((d) => d.date === '2026-03-11')!.workedSeconds).toBe(10 * HOUR);
    // A fresh computation sees the change.
    expect((await payrollReport(s.db, { employee: ana }, '2026-03', { fresh: true })).rows[0]!.figures.overtimeSeconds).toBe(2 * HOUR);

    const alerts = await snapshotAlerts(s.db);
    expect(alerts).toHaveLength(1);
    expect(alerts[0]).toMatchObject({ employeeId: ana, employeeName: 'Ana Prueba', from: '2026-03-01', to: '2026-03-31' });
    expect(alerts[0]!.differences).toContainEqual({ figure: 'payroll.overtimeSeconds', snapshot: HOUR, fresh: 2 * HOUR });
    expect(alerts[0]!.differences).toContainEqual({ figure: 'totals.workedSeconds', snapshot: 17 * HOUR, fresh: 18 * HOUR });
  });

  it('the close screen and verify list it', async () => {
    const view = await periodCloseView(s.db, { date: '2026-03-01' });
    expect(view.snapshotAlerts.map((a) => a.employeeId)).toEqual([ana]);
    const check = await verifyRecordChain(s.db);
    expect(check.approvedFigures?.[0]?.differences).toContainEqual({ figure: 'payroll.overtimeSeconds', snapshot: HOUR, fresh: 2 * HOUR });
  });

  it('an edited snapshot fails verify: the approval’s chain entry recorded its digest', async () => {
    const row = await s.db.selectFrom('approvalSnapshots').select(['id', 'payroll']).executeTakeFirstOrThrow();
    const edited = JSON.stringify({ ...JSON.parse(row.payroll), overtimeSeconds: 0 });
    await s.db.updateTable('approvalSnapshots').set({ payroll: edited }).where('id', '=', row.id).execute();
    const check = await verifyRecordChain(s.db);
    expect(check.broken).toContainEqual(expect.objectContaining({ kind: 'approval', problem: 'rowChanged', fields: ['snapshotDigest'] }));
    await s.db.updateTable('approvalSnapshots').set({ payroll: row.payroll }).where('id', '=', row.id).execute();
  });
});

describe('reopening and approving again', () => {
  it('keeps the old snapshot as superseded history, serves fresh figures while open, freezes new ones', async () => {
    await reopenPeriod(s.db, { date: '2026-03-01', employee: ana, reason: 'Check-out corrected' }, s.admin);
    const kept = await s.db.selectFrom('approvalSnapshots').selectAll().execute();
    expect(kept).toHaveLength(1);
    expect(kept[0]!.supersededAt).not.toBeNull();
    expect((await payrollOf()).overtimeSeconds).toBe(2 * HOUR);
    expect((await recordOf()).frozenAt).toBeNull();
    expect(await snapshotAlerts(s.db)).toEqual([]);

    await approvePeriods(s.db, { date: '2026-03-01', employees: [ana] }, s.admin);
    const rows = await s.db.selectFrom('approvalSnapshots').selectAll().orderBy('id').execute();
    expect(rows.map((r) => r.supersededAt === null)).toEqual([false, true]);
    expect(JSON.parse(rows[1]!.payroll).overtimeSeconds).toBe(2 * HOUR);
    expect((await payrollOf()).overtimeSeconds).toBe(2 * HOUR);
    expect(await snapshotAlerts(s.db)).toEqual([]);
  });
});

import { snapshotDifferences, type SnapshotAlert, type SnapshotFigures } from '#domain/periods/approval-snapshot.ts';
import { monthPeriod, type Period } from '#domain/reports/periods.ts';
import type { Db } from '../../db/connection.ts';
import { currentSnapshotsOverlapping } from '../../db/repositories/approval-snapshots.ts';
import { payrollFigures } from '../payroll/payroll-report.ts';
import { monthlyRecords } from '../reports/monthly-records.ts';

/** The month (`YYYY-MM`) a period is exactly, or null (an ISO week is no payroll month). */
export function monthOf(period: Period): string | null {
  const month = period.from.slice(0, 7);
  const whole = monthPeriod(month);
  return whole.from === period.from && whole.to === period.to ? month : null;
}

/**
 * The figures of a month computed now, never from a snapshot, by employee: the payroll row and
 * the monthly record's totals, from the same functions every report calls. An employee with no
 * record that month (no schedule in force, no attendance) is absent.
 */
export async function freshFigures(db: Db, month: string, employeeIds: readonly number[]): Promise<Map<number, SnapshotFigures & { name: string }>> {
  const out = new Map<number, SnapshotFigures & { name: string }>();
  if (employeeIds.length === 0) return out;
  const filter = { ids: employeeIds };
  // One fresh monthly record for both: the payroll figures are computed from its days.
  const { records } = await monthlyRecords(db, filter, month, { fresh: true });
  const payroll = await payrollFigures(db, filter, month, records);
  for (const r of records) {
    const figures = payroll.get(r.employee.id);
    if (figures) out.set(r.employee.id, { payroll: figures, totals: r.record.totals, name: r.employee.name });
  }
  return out;
}

/**
 * Compares every current snapshot (approved periods overlapping `span`; all when omitted) with a
 * fresh computation (issue 33 point 1): one alert per employee and period whose figures differ.
 * Nothing is changed: the close screen and `verify` show them, an administrator decides.
 */
export async function snapshotAlerts(db: Db, span?: Period): Promise<SnapshotAlert[]> {
  const snapshots = await currentSnapshotsOverlapping(db, span);
  const byMonth = new Map<string, typeof snapshots>();
  for (const s of snapshots) {
    const month = monthOf(s);
    if (month) byMonth.set(month, [...(byMonth.get(month) ?? []), s]);
  }
  const alerts: SnapshotAlert[] = [];
  for (const [month, list] of byMonth) {
    const fresh = await freshFigures(
      db,
      month,
      list.map((s) => s.employeeId),
    );
    for (const s of list) {
      const now = fresh.get(s.employeeId);
      const differences = snapshotDifferences(s, now ?? { payroll: {}, totals: {} });
      if (differences.length > 0) alerts.push({ employeeId: s.employeeId, employeeName: now?.name ?? `#${s.employeeId}`, from: s.from, to: s.to, differences });
    }
  }
  return alerts;
}

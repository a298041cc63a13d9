import type { MonthlyRecordTotals } from './monthly-record.ts';

/**
 * What the monthly record's page, xlsx and PDF say under the days (issue 33 point 5), written
 * once so the three cannot differ:
 * - the totals row's label counts "días trabajados" as payroll does: days with a check-out
 *   (`workedDays`); days still open are named apart;
 * - the lines under it: overtime by compensation (they add up to the month's overtime) and, for a
 *   part-time worker, the complementary hours (art. 12.4.c/12.5 ET), which are not overtime; then
 *   waiting, on-call, called-in and interruption totals when there are (issue 38 point 1).
 */
export function recordTotalsLabel(totals: Pick<MonthlyRecordTotals, 'workedDays' | 'openDays'>): { key: string; params: Record<string, number> } {
  if (totals.openDays > 0) return { key: 'reports.record.totalsWithOpen', params: { days: totals.workedDays, count: totals.workedDays, open: totals.openDays } };
  return { key: 'reports.record.totals', params: { days: totals.workedDays, count: totals.workedDays } };
}

export interface RecordTotalLine {
  /** `overtime-paid`, `overtime-rest`, `overtime-unmarked`, `complementary`, `waiting`, `on-call`, `called-in`, `interruptions`. */
  id: string;
  key: string;
  /** The label's parameters (the interruptions' count). */
  params?: Record<string, number>;
  seconds: number;
}

/**
 * The lines under the totals row: the overtime split when there is overtime (always with
 * `splitAlways`: the files have always printed it), the complementary hours when there are.
 */
export function recordTotalLines(
  totals: Pick<MonthlyRecordTotals, 'overtimeSeconds' | 'overtimePaidSeconds' | 'overtimeRestSeconds' | 'overtimeUnmarkedSeconds' | 'complementarySeconds' | 'timeApart'>,
  options: { splitAlways?: boolean } = {},
): RecordTotalLine[] {
  const out: RecordTotalLine[] = [];
  if (totals.overtimeSeconds > 0 || options.splitAlways) {
    out.push({ id: 'overtime-paid', key: 'reports.record.overtimePaid', seconds: totals.overtimePaidSeconds });
    out.push({ id: 'overtime-rest', key: 'reports.record.overtimeRest', seconds: totals.overtimeRestSeconds });
    out.push({ id: 'overtime-unmarked', key: 'reports.record.overtimeUnmarked', seconds: totals.overtimeUnmarkedSeconds });
  }
  if (totals.complementarySeconds > 0) out.push({ id: 'complementary', key: 'reports.record.complementaryTotal', seconds: totals.complementarySeconds });
  // Issue 38 point 1 (decision 080): time apart, when the period has any. Waiting and on-call time
  // is not work; the called-in part and the interruption work are, and are already in the totals.
  const apart = totals.timeApart;
  if (apart) {
    out.push({ id: 'waiting', key: 'reports.record.waitingTotal', seconds: apart.waitingSeconds });
    out.push({ id: 'on-call', key: 'reports.record.onCallTotal', seconds: apart.onCallSeconds });
    out.push({ id: 'called-in', key: 'reports.record.calledInTotal', seconds: apart.calledInSeconds });
    out.push({ id: 'interruptions', key: 'reports.record.interruptionsTotal', params: { count: apart.interruptions }, seconds: apart.interruptionWorkSeconds });
  }
  return out;
}

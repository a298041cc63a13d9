import { MAX_OPEN_SHIFT_SECONDS } from '../clock/clock-engine.ts';
import type { MonthlyRecordDay } from '../reports/monthly-record.ts';
import type { Period } from '../reports/periods.ts';

/**
 * What an administrator should look at before approving an employee's period (decision 051),
 * read from the legal record's days (monthly-record.ts, so the figures are the record's own) and
 * the work-time warnings of the period (work-time-warnings.ts):
 * - `missingCheckOut`: a day still open that is no longer the shift being worked (more than
 *   MAX_OPEN_SHIFT_SECONDS since its check-in, as the clock engine judges it);
 * - `closedAutomatically`: days the automatic clock-out closed at the scheduled end (decision 056);
 * - `late` / `early`: days with lateness or early departure against the schedule, and their seconds;
 * - `absences`: past working days with neither attendance nor approved leave;
 * - `warnings`: days over the work-time limits (short break, short rest, long day), by kind;
 * - `pendingCorrections`: worker requests still waiting for a decision (approval would lock them out).
 */
export interface PeriodExceptions {
  missingCheckOut: string[];
  /** Days the automatic clock-out closed at their scheduled end (decision 056). */
  closedAutomatically: string[];
  late: { days: number; seconds: number };
  early: { days: number; seconds: number };
  absences: string[];
  warnings: Record<string, number>;
  pendingCorrections: number;
}

/** The period's figures the close screen shows beside the exceptions (seconds). */
export interface PeriodTotals {
  /** Seconds counted as work (the break rules applied: the record's `countedSeconds`). */
  workedSeconds: number;
  expectedSeconds: number;
  overtimeSeconds: number;
  leaveDays: number;
  attendedDays: number;
}

export function periodExceptions(input: {
  days: readonly MonthlyRecordDay[];
  period: Period;
  /** ISO 8601 UTC instant the screen is read at. */
  now: string;
  warnings?: readonly { date: string; kind: string }[];
  pendingCorrections?: number;
}): PeriodExceptions {
  const nowMs = Date.parse(input.now);
  const out: PeriodExceptions = {
    missingCheckOut: [],
    closedAutomatically: [],
    late: { days: 0, seconds: 0 },
    early: { days: 0, seconds: 0 },
    absences: [],
    warnings: {},
    pendingCorrections: input.pendingCorrections ?? 0,
  };
  for (const d of input.days) {
    if (d.date < input.period.from || d.date > input.period.to) continue;
    if (d.timeIn !== null && d.timeOut === null && nowMs - Date.parse(d.timeIn) > MAX_OPEN_SHIFT_SECONDS * 1000) out.missingCheckOut.push(d.date);
    if (d.closedAutomatically) out.closedAutomatically.push(d.date);
    if (d.lateSeconds > 0) {
      out.late.days++;
      out.late.seconds += d.lateSeconds;
    }
    if (d.earlyDepartureSeconds > 0) {
      out.early.days++;
      out.early.seconds += d.earlyDepartureSeconds;
    }
    if (d.kind === 'absent') out.absences.push(d.date);
  }
  for (const w of input.warnings ?? []) {
    if (w.date < input.period.from || w.date > input.period.to) continue;
    out.warnings[w.kind] = (out.warnings[w.kind] ?? 0) + 1;
  }
  return out;
}

/** How many things need a look (0: a clean period). */
export function exceptionCount(e: PeriodExceptions): number {
  return e.missingCheckOut.length + (e.closedAutomatically?.length ?? 0) + e.late.days + e.early.days + e.absences.length + Object.values(e.warnings).reduce((a, b) => a + b, 0) + e.pendingCorrections;
}

/** The period's totals from the record's days (the record's own figures, limited to the period). */
export function periodTotals(days: readonly MonthlyRecordDay[], period: Period): PeriodTotals {
  const t: PeriodTotals = { workedSeconds: 0, expectedSeconds: 0, overtimeSeconds: 0, leaveDays: 0, attendedDays: 0 };
  for (const d of days) {
    if (d.date < period.from || d.date > period.to) continue;
    t.workedSeconds += d.countedSeconds ?? d.workedSeconds ?? 0;
    t.expectedSeconds += d.expectedSeconds;
    t.overtimeSeconds += d.overtimeSeconds;
    if (d.leaveDay || d.kind === 'leave') t.leaveDays++;
    if (d.timeIn !== null) t.attendedDays++;
  }
  return t;
}

/**
 * May this period be approved today? Only once it has ended (its last date before `today`): a
 * day still to be worked cannot be locked, or today's punches would be refused.
 */
export function approvalRefusal(period: Period, today: string): 'periods.notEnded' | null {
  return period.to < today ? null : 'periods.notEnded';
}

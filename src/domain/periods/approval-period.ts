import { addMonths, isDate, monthPeriod, weekPeriod, type Period } from '../reports/periods.ts';
import { addDays } from '../time/zoned-time.ts';

/**
 * The periods an administrator approves (decision 051): a calendar month or an ISO week (Monday
 * to Sunday), per `settings.approvalPeriod`. Dates are local calendar dates `YYYY-MM-DD` of the
 * company zone; a shift belongs to the date it starts, so a night shift from Sunday to Monday
 * belongs to the week (or month) of its Sunday.
 */
export const APPROVAL_PERIODS = ['month', 'week'] as const;
export type ApprovalPeriodKind = (typeof APPROVAL_PERIODS)[number];

/** The period of the kind that contains `date`. */
export function periodContaining(date: string, kind: ApprovalPeriodKind): Period {
  return kind === 'week' ? weekPeriod(date) : monthPeriod(date.slice(0, 7));
}

/** The period `n` periods after (negative: before) the one containing `date`. */
export function shiftPeriod(date: string, kind: ApprovalPeriodKind, n: number): Period {
  if (kind === 'week') return weekPeriod(addDays(weekPeriod(date).from, 7 * n));
  return monthPeriod(addMonths(date.slice(0, 7), n));
}

/**
 * The period the close screen shows: the one containing `?date=` when it is a real date, else the
 * last one that has ended by `today` (what is closed is the period just past).
 */
export function chosenPeriod(asked: string | null | undefined, today: string, kind: ApprovalPeriodKind): Period {
  if (isDate(asked)) return periodContaining(asked, kind);
  return shiftPeriod(today, kind, -1);
}

/** True when `period` is exactly a period of the kind (approvals are made only on whole periods). */
export function isWholePeriod(period: Period, kind: ApprovalPeriodKind): boolean {
  if (!isDate(period.from) || !isDate(period.to)) return false;
  const own = periodContaining(period.from, kind);
  return own.from === period.from && own.to === period.to;
}

/** Periods overlap when neither ends before the other starts. */
export function overlaps(a: Period, b: Period): boolean {
  return a.from <= b.to && b.from <= a.to;
}

/** The kind the settings ask for (`settings.approvalPeriod`); anything else is a month. */
export function approvalPeriodOf(settings: { approvalPeriod?: string }): ApprovalPeriodKind {
  return settings.approvalPeriod === 'week' ? 'week' : 'month';
}

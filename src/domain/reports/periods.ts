import { addDays, weekdayOf } from '../time/zoned-time.ts';

/**
 * Report periods on calendar dates `YYYY-MM-DD` and months `YYYY-MM`. Pure: the pages parse their
 * query with these, so a report URL never fails (bad values fall back to the default period).
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const MONTH_RE = /^(\d{4})-(\d{2})$/;
/** The longest period a report covers: a leap year. */
export const MAX_PERIOD_DAYS = 366;

export interface Period {
  from: string;
  to: string;
}

/** A period widened by a day each side: what a reader of the period's plans needs (a night shift from the day before, the rest before the first day). */
export function aroundPeriod(period: Period): Period {
  return { from: addDays(period.from, -1), to: addDays(period.to, 1) };
}

/** True for a real calendar date (2026-02-30 is not). */
export function isDate(value: string | null | undefined): value is string {
  if (!value) return false;
  const m = DATE_RE.exec(value);
  if (!m) return false;
  const d = new Date(Date.UTC(Number(m[1]), Number(m[2]) - 1, Number(m[3])));
  return d.toISOString().slice(0, 10) === value;
}

export function isMonth(value: string | null | undefined): value is string {
  const m = value ? MONTH_RE.exec(value) : null;
  return !!m && Number(m[2]) >= 1 && Number(m[2]) <= 12 && Number(m[1]) >= 1900 && Number(m[1]) <= 9999;
}

/** Days in a month `YYYY-MM`. */
export function daysInMonth(month: string): number {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m, 0)).getUTCDate();
}

/** The first and last date of a month `YYYY-MM`. */
export function monthPeriod(month: string): Period {
  return { from: `${month}-01`, to: `${month}-${String(daysInMonth(month)).padStart(2, '0')}` };
}

/** The month `YYYY-MM` `n` months after (or before) `month`. */
export function addMonths(month: string, n: number): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  const d = new Date(Date.UTC(y, m - 1 + n, 1));
  return d.toISOString().slice(0, 7);
}

/** Every date from `from` to `to`, inclusive (empty when `to` is before `from`). */
export function datesOf(period: Period): string[] {
  const out: string[] = [];
  for (let d = period.from; d <= period.to; d = addDays(d, 1)) out.push(d);
  return out;
}

/** Days from `from` to `to`, inclusive. */
export function periodLength(period: Period): number {
  return Math.round((Date.parse(`${period.to}T00:00:00Z`) - Date.parse(`${period.from}T00:00:00Z`)) / 86_400_000) + 1;
}

/** Monday to Sunday around a date (the working week). */
export function weekPeriod(date: string): Period {
  const back = (['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'] as const).indexOf(weekdayOf(date) as 'Monday');
  const from = addDays(date, -back);
  return { from, to: addDays(from, 6) };
}

/**
 * The period a report asks for: `from`/`to` when both are dates in order and at most
 * MAX_PERIOD_DAYS apart; else `month` (YYYY-MM); else the month of `today`. A `to` before `from`
 * is swapped; a too long period is cut to MAX_PERIOD_DAYS from its start.
 */
export function parsePeriod(params: { from?: string | null; to?: string | null; month?: string | null }, today: string): Period {
  const { from, to, month } = params;
  if (isDate(from) && isDate(to)) {
    const [a, b] = from <= to ? [from, to] : [to, from];
    const period = { from: a, to: b };
    return periodLength(period) > MAX_PERIOD_DAYS ? { from: a, to: addDays(a, MAX_PERIOD_DAYS - 1) } : period;
  }
  if (isMonth(month)) return monthPeriod(month);
  if (isDate(from)) return { from, to: from };
  return monthPeriod(today.slice(0, 7));
}

/** A year from a query value, else the year of `today` (1900-9999). */
export function parseYear(value: string | null | undefined, today: string): number {
  const n = Number(value);
  return Number.isInteger(n) && n >= 1900 && n <= 9999 && value?.trim() === String(n) ? n : Number(today.slice(0, 4));
}

/** True when the period is exactly one calendar month. */
export function isWholeMonth(period: Period): boolean {
  return period.from.endsWith('-01') && monthPeriod(period.from.slice(0, 7)).to === period.to;
}

import { activeScheduleOn, isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { addDays } from '../time/zoned-time.ts';

/**
 * What makes a day a working day for one employee: their schedules (rest days of the one in
 * force) and the company's holidays (`YYYY-MM-DD`; none are recorded yet, see decision 011).
 */
export interface WorkCalendar {
  schedules: readonly ScheduleRule[];
  holidays?: ReadonlySet<string>;
}

/** A leave may span at most this many calendar days (bounds every loop below). */
export const MAX_LEAVE_SPAN_DAYS = 366;

/**
 * A working day is neither a company holiday nor a rest day of the schedule in force. A day no
 * schedule covers counts as working: nothing says it is free, and counting it keeps a balance
 * from being dodged by an employee without a schedule.
 */
export function isWorkingDay(calendar: WorkCalendar, date: string): boolean {
  if (calendar.holidays?.has(date)) return false;
  const schedule = activeScheduleOn(calendar.schedules, date);
  return !schedule || !isRestDay(schedule, date);
}

/** The working days from `from` to `to` (inclusive), in order; empty when `to` is before `from`. */
export function workingDates(calendar: WorkCalendar, from: string, to: string): string[] {
  const out: string[] = [];
  for (let d = from; d <= to; d = addDays(d, 1)) if (isWorkingDay(calendar, d)) out.push(d);
  return out;
}

export function countWorkingDays(calendar: WorkCalendar, from: string, to: string): number {
  return workingDates(calendar, from, to).length;
}

/**
 * Working days of a range per calendar year: a leave from 29 December to 3 January takes its
 * December days from one year's allowance and its January days from the next.
 */
export function workingDaysByYear(calendar: WorkCalendar, from: string, to: string): Map<number, number> {
  const out = new Map<number, number>();
  for (const d of workingDates(calendar, from, to)) {
    const year = Number(d.slice(0, 4));
    out.set(year, (out.get(year) ?? 0) + 1);
  }
  return out;
}

/**
 * The day the employee is back: the first working day after `to`. Should none come within a
 * year (holidays covering every scheduled day), the day after `to`.
 */
export function returnDateAfter(calendar: WorkCalendar, to: string): string {
  for (let i = 1; i <= MAX_LEAVE_SPAN_DAYS; i++) {
    const d = addDays(to, i);
    if (isWorkingDay(calendar, d)) return d;
  }
  return addDays(to, 1);
}

/** Calendar days from `from` to `to` inclusive (1 for a single day). */
export function spanDays(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / 86_400_000) + 1;
}

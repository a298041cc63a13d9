import { WEEKDAY_NAMES, type WeekdayName } from '../time/zoned-time.ts';

/** The week as Spain counts it, Monday first: the one order rest days are shown and stored in. */
export const WEEK_ORDER: readonly WeekdayName[] = [...WEEKDAY_NAMES.slice(1), WEEKDAY_NAMES[0]];

/** Translation keys of the weekdays, by their English name (the stored form of rest days). */
export const DAY_LABELS = {
  Monday: 'employees.days.Monday',
  Tuesday: 'employees.days.Tuesday',
  Wednesday: 'employees.days.Wednesday',
  Thursday: 'employees.days.Thursday',
  Friday: 'employees.days.Friday',
  Saturday: 'employees.days.Saturday',
  Sunday: 'employees.days.Sunday',
} as const satisfies Record<WeekdayName, string>;

/** Rest days in week order (Monday first), whatever order they were ticked or stored in; unknown names dropped, no repeats. */
export function inWeekOrder(days: readonly string[]): WeekdayName[] {
  return WEEK_ORDER.filter((d) => days.includes(d));
}

/** "lunes, domingo": the rest days translated, in week order; '' when there are none. */
export function restDaysText(days: readonly string[], t: (key: string) => string): string {
  return inWeekOrder(days)
    .map((d) => t(DAY_LABELS[d]))
    .join(', ');
}

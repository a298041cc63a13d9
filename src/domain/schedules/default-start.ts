import { addDays, weekdayOf } from '../time/zoned-time.ts';

/**
 * The first day a new schedule takes when none is given (issue 33 point 6): the next working day
 * of that schedule after `today`, never today itself. A schedule set up during a day cannot have
 * expected anyone to attend that day (a Saturday set-up made that Saturday a working day nobody
 * attended: one unjustified absence per employee). Working = not one of the schedule's rest days
 * and not a company holiday. At most 7 rest days are impossible (the schema refuses them), but a
 * run of holidays is bounded: after a year the day after today is answered.
 */
export function defaultScheduleStart(today: string, restDays: readonly string[], holidays: ReadonlySet<string> = new Set()): string {
  for (let i = 1; i <= 366; i++) {
    const date = addDays(today, i);
    if (!restDays.includes(weekdayOf(date)) && !holidays.has(date)) return date;
  }
  return addDays(today, 1);
}

import { shiftBounds } from '../clock/shift-bounds.ts';
import { activeScheduleOn, isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { addDays, localDateOf } from '../time/zoned-time.ts';

/** Minutes after the scheduled start before a missing check-in is reported (the kind's default). */
export const DEFAULT_MISSED_CHECK_IN_MINUTES = 30;

/** What is known about one employee around `now`. */
export interface CheckInFacts {
  schedules: readonly ScheduleRule[];
  /** Local dates (company zone) with an attendance that is not voided. */
  attendedDates: ReadonlySet<string>;
  /** Local dates covered by approved leave. */
  leaveDates: ReadonlySet<string>;
  /** Local dates that are holidays of the employee's company. */
  holidayDates: ReadonlySet<string>;
  /** Employment start date and end date (a leaver), if any. */
  startDate?: string | null;
  endDate?: string | null;
}

export interface MissedCheckIn {
  /** The work date whose shift has no check-in. */
  date: string;
  /** Scheduled start (ISO 8601 UTC). */
  scheduledStart: string;
}

/**
 * The shift whose check-in is missing at `nowMs` (decision 056), if any: a shift of the schedule
 * in force on its date (today or, for a night shift, yesterday, in the company zone), not a rest
 * day, no approved leave, no company holiday, within the employment dates, with no attendance on
 * that date, and `minutes` or more past its scheduled start but not yet past its scheduled end (a
 * shift that is over is the record's absence, not a reminder). Instants, so DST is real time.
 */
export function dueMissedCheckIn(facts: CheckInFacts, companyZone: string, minutes: number, nowMs: number): MissedCheckIn | null {
  const today = localDateOf(nowMs, companyZone);
  for (const date of [today, addDays(today, -1)]) {
    const schedule = activeScheduleOn(facts.schedules, date);
    if (!schedule || isRestDay(schedule, date)) continue;
    if (facts.attendedDates.has(date) || facts.leaveDates.has(date) || facts.holidayDates.has(date)) continue;
    if ((facts.startDate && date < facts.startDate) || (facts.endDate && date > facts.endDate)) continue;
    const { start, off } = shiftBounds(schedule, date, companyZone);
    if (nowMs >= start * 1000 + minutes * 60_000 && nowMs < off * 1000) return { date, scheduledStart: new Date(start * 1000).toISOString() };
  }
  return null;
}

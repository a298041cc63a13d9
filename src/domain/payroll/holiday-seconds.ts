import { addDays, localDateTimeToUtcIso } from '../time/zoned-time.ts';
import { intersect, msWithin, nightWindowsOf, type Interval } from './night-seconds.ts';

/**
 * Work on a company holiday is counted by the clock, not by the shift's date (issue 33.7): a
 * holiday is the calendar day 00:00-24:00 in the zone the attendance was recorded in, so a night
 * shift from the evening before a holiday has its hours after midnight on the holiday, and a
 * shift that starts on a holiday evening has only its hours before midnight there.
 */
export interface HolidayWork {
  /** Seconds of work inside holidays, and of those, inside the night (22:00-06:00, art. 36 ET). */
  seconds: number;
  nightSeconds: number;
  /** The holiday dates the work touched. */
  dates: string[];
}

/** The holiday work of a day's work intervals (`workIntervals`), started on `date`. */
export function holidayWork(work: readonly Interval[], date: string, timeZone: string, holidays: ReadonlySet<string>): HolidayWork {
  const out: HolidayWork = { seconds: 0, nightSeconds: 0, dates: [] };
  if (work.length === 0 || holidays.size === 0) return out;
  // A shift starts on `date` and lasts well under two days: the holidays it can touch are these.
  for (let d = date, i = 0; i < 3; d = addDays(d, 1), i++) {
    if (!holidays.has(d)) continue;
    const window: Interval = [Date.parse(localDateTimeToUtcIso(d, '00:00', timeZone)), Date.parse(localDateTimeToUtcIso(addDays(d, 1), '00:00', timeZone))];
    const inside = intersect(work, [window]);
    const ms = msWithin(inside, [window]);
    if (ms <= 0) continue;
    out.seconds += Math.round(ms / 1000);
    out.nightSeconds += Math.round(msWithin(inside, nightWindowsOf(inside, timeZone)) / 1000);
    out.dates.push(d);
  }
  return out;
}

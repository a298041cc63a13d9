import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import { crossesMidnight } from '../schedules/schedule-rules.ts';
import { addDays, localDateTimeToUtcIso } from '../time/zoned-time.ts';

/** Whole seconds since the epoch of an ISO instant (all clock durations are whole seconds). */
export function epochSeconds(instant: string): number {
  const ms = Date.parse(instant);
  if (Number.isNaN(ms)) throw new RangeError(`Invalid instant "${instant}"`);
  return Math.floor(ms / 1000);
}

export function isoOfSeconds(seconds: number): string {
  return new Date(seconds * 1000).toISOString();
}

/**
 * The scheduled start and off instants (epoch seconds) of the shift that starts on the local
 * `date`; a shift crossing midnight ends on the next day. Instants, so DST is counted as it
 * happens: in Lisbon the 22:00-06:00 shift of 2026-03-28 lasts 7 real hours, that of 2026-10-24 9.
 */
export function shiftBounds(schedule: Pick<ScheduleRule, 'startTime' | 'offTime'>, date: string, timeZone: string): { start: number; off: number } {
  const offDate = crossesMidnight(schedule) ? addDays(date, 1) : date;
  return {
    start: epochSeconds(localDateTimeToUtcIso(date, schedule.startTime, timeZone)),
    off: epochSeconds(localDateTimeToUtcIso(offDate, schedule.offTime, timeZone)),
  };
}

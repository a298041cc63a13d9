import { shiftBounds } from '../clock/shift-bounds.ts';
import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import { addDays, localDateTimeToUtcIso } from '../time/zoned-time.ts';

/** Local time (company zone) of the morning after at which a forgotten check-out is reported. */
export const MISSING_CHECK_OUT_TIME = '07:00';
/** At least this long after the scheduled end, so a night shift is not told before it could leave. */
const AFTER_SCHEDULED_END_MS = 3_600_000;
/** Days still open for longer are not reported any more (an old install's forgotten days). */
export const MISSING_CHECK_OUT_LOOKBACK_DAYS = 7;

/**
 * When the "you did not check out" message of an open day is due (decision 056): at 07:00 in the
 * company zone on the day after the work date, or, for a shift whose scheduled end is later than
 * an hour before that (a night shift ending at 07:30), one hour after its scheduled end. Instants,
 * so DST mornings are their real 07:00. The caller sends it once (dedupe key per attendance) while
 * the day is still open, not voided and not closed automatically.
 */
export function missingCheckOutDueAt(day: { date: string }, schedule: Pick<ScheduleRule, 'startTime' | 'offTime'> | undefined, companyZone: string, scheduleZone: string): number {
  const morning = Date.parse(localDateTimeToUtcIso(addDays(day.date, 1), MISSING_CHECK_OUT_TIME, companyZone));
  if (!schedule) return morning;
  const end = shiftBounds(schedule, day.date, scheduleZone).off * 1000;
  return Math.max(morning, end + AFTER_SCHEDULED_END_MS);
}

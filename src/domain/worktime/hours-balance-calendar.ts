import type { DayCalendar } from '../reports/day-calendar.ts';
import { isRestDay } from '../schedules/schedule-rules.ts';
import { addDays, utcOffsetMinutes } from '../time/zoned-time.ts';

/**
 * A day calendar for spans of years (the hours balance, decision 049): the same answers as
 * `calendar`, but a date's expected seconds are worked out from the schedule's total hours alone
 * unless the zone's UTC offset changes between noon UTC of the day before and noon UTC two days
 * later (a window that holds any shift starting that date, in any zone). Only those few dates a
 * year pay for the exact DST arithmetic; the rest cost one offset lookup per date, shared by
 * every shift, instead of two wall-clock conversions per date and shift.
 */
export function spanCalendar(calendar: DayCalendar): DayCalendar {
  const offsets = new Map<string, number>();
  const offsetOn = (date: string) => {
    let o = offsets.get(date);
    if (o === undefined) offsets.set(date, (o = utcOffsetMinutes(`${date}T12:00:00Z`, calendar.timeZone)));
    return o;
  };
  return {
    timeZone: calendar.timeZone,
    weekday: calendar.weekday,
    expectedSeconds(date, schedule) {
      if (!schedule || isRestDay(schedule, date, calendar.weekday(date))) return 0;
      if (offsetOn(addDays(date, -1)) !== offsetOn(addDays(date, 2))) return calendar.expectedSeconds(date, schedule);
      return Math.max(0, Math.round(schedule.totalHours * 3600));
    },
  };
}

import { WEEKDAY_NAMES, weekdayOf, type WeekdayName } from '../time/zoned-time.ts';

/** A work schedule as the rules need it (times `HH:mm` local, dates `YYYY-MM-DD`). */
export interface ScheduleRule {
  id: number;
  startTime: string;
  offTime: string;
  totalHours: number;
  restDays: readonly string[];
  fromDate: string;
  toDate: string | null;
  status: 'current' | 'previous';
  /** When the schedule was created or last changed (ISO instant), where the caller read it: the 3-day notice of complementary hours (decision 081). */
  changedAt?: string;
  /** A published roster day (decision 085): a one-day rule that wins over the pattern on its date. */
  rostered?: boolean;
}

export { WEEKDAY_NAMES, type WeekdayName };

/**
 * The schedule in force on a local date: the one whose [fromDate, toDate] contains it (toDate null
 * = open-ended); when several do, a published roster day wins (decision 085), then the latest
 * fromDate. Undefined = "No active schedule".
 */
export function activeScheduleOn<S extends ScheduleRule>(schedules: readonly S[], date: string): S | undefined {
  let best: S | undefined;
  for (const s of schedules) {
    if (s.fromDate > date || (s.toDate !== null && s.toDate < date)) continue;
    if (!best || (s.rostered === true) > (best.rostered === true)) best = s;
    else if ((s.rostered === true) === (best.rostered === true) && (s.fromDate > best.fromDate || (s.fromDate === best.fromDate && s.id > best.id))) best = s;
  }
  return best;
}

/**
 * The rest-day test, the one place it is written (issue 33 point 4): a date is a rest day of a
 * schedule when its weekday is among the schedule's rest days. Callers that memoise weekdays
 * (a DayCalendar) pass the date's `weekday` to save the lookup.
 */
export function isRestDay(schedule: Pick<ScheduleRule, 'restDays'>, date: string, weekday: WeekdayName = weekdayOf(date)): boolean {
  return schedule.restDays.includes(weekday);
}

/** Minutes of a schedule's span inside the night period, 22:00–06:00 (art. 36.1 ET). */
export function scheduledNightMinutes(schedule: Pick<ScheduleRule, 'startTime' | 'offTime'>): number {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const start = toMin(schedule.startTime);
  const end = start + scheduledMinutes(schedule);
  let night = 0;
  // Night windows over the two days a shift can touch: [-2h, 6h), [22h, 30h), [46h, 54h).
  for (const [from, to] of [
    [-120, 360],
    [1320, 1800],
    [2760, 3240],
  ] as const)
    night += Math.max(0, Math.min(end, to) - Math.max(start, from));
  return night;
}

/**
 * A night worker (art. 36.1 ET): one whose schedule puts at least three hours of the working day
 * in the night period. Such a worker may not work overtime; the record warns when they do.
 */
export function isNightSchedule(schedule: Pick<ScheduleRule, 'startTime' | 'offTime'>): boolean {
  return scheduledNightMinutes(schedule) >= 180;
}

/** True when the shift ends on the next calendar day (off time not after start time, e.g. 22:00-06:00). */
export function crossesMidnight(schedule: Pick<ScheduleRule, 'startTime' | 'offTime'>): boolean {
  return schedule.offTime <= schedule.startTime;
}

/** Scheduled minutes between start and off time (across midnight when it crosses it). */
export function scheduledMinutes(schedule: Pick<ScheduleRule, 'startTime' | 'offTime'>): number {
  const toMin = (t: string) => Number(t.slice(0, 2)) * 60 + Number(t.slice(3, 5));
  const diff = toMin(schedule.offTime) - toMin(schedule.startTime);
  return diff > 0 ? diff : diff + 24 * 60;
}

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
}

export { WEEKDAY_NAMES, type WeekdayName };

/**
 * The schedule in force on a local date: the one whose [fromDate, toDate] contains it (toDate null
 * = open-ended); when several do, the latest fromDate wins. Undefined = "No active schedule".
 */
export function activeScheduleOn<S extends ScheduleRule>(schedules: readonly S[], date: string): S | undefined {
  let best: S | undefined;
  for (const s of schedules) {
    if (s.fromDate > date || (s.toDate !== null && s.toDate < date)) continue;
    if (!best || s.fromDate > best.fromDate || (s.fromDate === best.fromDate && s.id > best.id)) best = s;
  }
  return best;
}

export function isRestDay(schedule: Pick<ScheduleRule, 'restDays'>, date: string): boolean {
  return schedule.restDays.includes(weekdayOf(date));
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

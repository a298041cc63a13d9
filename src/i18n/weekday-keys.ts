import type { WeekdayName } from '#domain/time/zoned-time.ts';

/**
 * Each weekday's short name as a message key ("Mon" / "lun."), written out so the catalog checks
 * see every key: the monthly record (page, PDF, Excel), the roster's week PDF and the personal
 * schedule all head their days with it.
 */
export const WEEKDAY_SHORT_KEYS = {
  Monday: 'reports.record.weekdays.Monday',
  Tuesday: 'reports.record.weekdays.Tuesday',
  Wednesday: 'reports.record.weekdays.Wednesday',
  Thursday: 'reports.record.weekdays.Thursday',
  Friday: 'reports.record.weekdays.Friday',
  Saturday: 'reports.record.weekdays.Saturday',
  Sunday: 'reports.record.weekdays.Sunday',
} as const satisfies Record<WeekdayName, string>;

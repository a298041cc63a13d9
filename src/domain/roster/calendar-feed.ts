import { addDays } from '../time/zoned-time.ts';
import type { Period } from '../reports/periods.ts';
import { timeOfDayMinutes } from './shift-times.ts';

/**
 * A worker's private calendar feed (decision 087): a secret URL any calendar app can subscribe
 * to, listing the worker's published shifts. The secret is 256 random bits in base64url; the
 * database keeps only its SHA-256, so a copy of the database cannot read anyone's plan through it.
 */
export const CALENDAR_SECRET_BYTES = 32;
/** How far the feed reaches: past shifts still useful to look back on, and the coming half-year. */
export const FEED_DAYS_BACK = 60;
export const FEED_DAYS_AHEAD = 180;

const SECRET = /^[A-Za-z0-9_-]{43}$/;

/** Whether a path segment has the shape of a feed secret (anything else is unknown without a look-up). */
export const isCalendarSecret = (value: string): boolean => SECRET.test(value);

/** The feed's path: not under /api (calendar apps fetch it without a session). */
export const calendarFeedPath = (secret: string): string => `/calendar/${secret}.ics`;

/** The dates the feed lists around `today`. */
export function calendarFeedWindow(today: string): Period {
  return { from: addDays(today, -FEED_DAYS_BACK), to: addDays(today, FEED_DAYS_AHEAD) };
}

/** The local date a shift starting on `date` ends on: the next day when its end is not after its start. */
export function shiftEndDate(date: string, startTime: string, endTime: string): string {
  return timeOfDayMinutes(endTime) > timeOfDayMinutes(startTime) ? date : addDays(date, 1);
}

import type { Language } from '../../i18n/languages.ts';
import { addDays, localDateOf, localDateTimeToUtcIso, utcOffsetMinutes } from '../time/zoned-time.ts';
import { formatTime } from './intl-format.ts';

/**
 * The one way an instant of an attendance record (check-in, check-out, break start and end, a
 * punch, a correction's time) is shown, on every screen and in every export (decision 027): in
 * the IANA zone stored with the attendance when it was opened, the zone in force at the punch,
 * never the company zone of today. Changing the company zone later does not move a recorded time.
 */
export interface ZonedRecord {
  /** Local work date, `YYYY-MM-DD`: the date on which the shift started. */
  date: string;
  /** The IANA zone stored with the record. */
  timezone: string;
}

/** "21:02" (timeFormat "1") or "9:02 PM" (timeFormat "2") on the wall clock of `timeZone`. */
export function formatRecordTime(instant: string, timeZone: string, lang: Language, timeFormat = '1'): string {
  return formatTime(instant, lang, timeZone, timeFormat);
}

/** True when the instant falls on a later local date than the record's work date (a night shift). */
export function isNextDayOf(instant: string, record: ZonedRecord): boolean {
  return localDateOf(instant, record.timezone) !== record.date;
}

/** The time of an instant of `record`, with `nextDayMark` appended when it falls on the next day. */
export function formatTimeOfRecord(instant: string, record: ZonedRecord, lang: Language, timeFormat = '1', nextDayMark = ''): string {
  const time = formatRecordTime(instant, record.timezone, lang, timeFormat);
  return nextDayMark && isNextDayOf(instant, record) ? `${time}${nextDayMark}` : time;
}

/** "UTC+1", "UTC+2", "UTC-3:30", "UTC": the offset of `timeZone` at the instant. */
export function utcOffsetLabel(instant: string, timeZone: string): string {
  const minutes = utcOffsetMinutes(instant, timeZone);
  if (minutes === 0) return 'UTC';
  const abs = Math.abs(minutes);
  const hm = abs % 60 === 0 ? `${abs / 60}` : `${Math.floor(abs / 60)}:${String(abs % 60).padStart(2, '0')}`;
  return `UTC${minutes < 0 ? '-' : '+'}${hm}`;
}

/**
 * The offsets before and after a clock change inside the record's shift window (its date and the
 * next, for night shifts), or null on an ordinary day. On the two DST nights a year the record's
 * times carry their UTC offset, so 02:30 before and after the change cannot be confused (issue 18.5).
 */
export function offsetChangeOf(record: ZonedRecord): { from: string; to: string } | null {
  const start = localDateTimeToUtcIso(record.date, '00:00', record.timezone);
  const end = localDateTimeToUtcIso(addDays(record.date, 2), '00:00', record.timezone);
  const from = utcOffsetLabel(start, record.timezone);
  const to = utcOffsetLabel(end, record.timezone);
  return from === to ? null : { from, to };
}

/** The time of an instant of `record` as formatTimeOfRecord shows it, plus " (UTC+2)" on a DST night. */
export function formatTimeOnRecord(instant: string, record: ZonedRecord, lang: Language, timeFormat = '1', nextDayMark = ''): string {
  const time = formatTimeOfRecord(instant, record, lang, timeFormat, nextDayMark);
  return offsetChangeOf(record) ? `${time} (${utcOffsetLabel(instant, record.timezone)})` : time;
}

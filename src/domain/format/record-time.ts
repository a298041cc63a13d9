import type { Language } from '../../i18n/languages.ts';
import { localDateOf } from '../time/zoned-time.ts';
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

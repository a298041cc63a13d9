import { addDays, localDateTimeToUtcIso, localTimeExists, localTimeOf, utcOffsetMinutes } from '../time/zoned-time.ts';

/**
 * The times of a manual attendance as a person types them: local wall-clock `HH:mm` on the work
 * date, in the company's time zone. A shift belongs to the date on which it starts, so a time
 * earlier than the time in falls on the next day (night shift 22:00-06:00).
 */
export interface LocalShiftTimes {
  timeIn: string;
  timeOut: string | null;
  breakIn: string | null;
  breakOut: string | null;
}

/** A break as stored: instants ISO 8601 UTC, `endAt` null while the break is open. */
export interface BreakInstants {
  startAt: string;
  endAt: string | null;
}

/** A shift as stored: instants ISO 8601 UTC. */
export interface ShiftInstants {
  timeIn: string;
  timeOut: string | null;
  breaks: BreakInstants[];
}

const DAY_MINUTES = 24 * 60;

const minutesOf = (time: string) => Number(time.slice(0, 2)) * 60 + Number(time.slice(3, 5));

/** Minutes from the time in to `time` on the wall clock, 0-1439 (earlier times are the next day). */
export function minutesAfterTimeIn(timeIn: string, time: string): number {
  const diff = minutesOf(time) - minutesOf(timeIn);
  return diff < 0 ? diff + DAY_MINUTES : diff;
}

/**
 * Order rules of a shift's times, as i18n keys by field: the time out differs from the time in;
 * a break ends only after it starts; a break lies within the shift; a closed day has no open
 * break. Pure wall-clock arithmetic (no time zone), so the form and the server agree.
 */
export function shiftOrderProblems(times: LocalShiftTimes): Record<string, string> {
  const problems: Record<string, string> = {};
  const out = times.timeOut === null ? null : minutesAfterTimeIn(times.timeIn, times.timeOut);
  if (out === 0) problems['timeOut'] = 'attendance.timeOutSameAsIn';
  if (times.breakOut !== null && times.breakIn === null) {
    problems['breakIn'] = 'attendance.breakInMissing';
    return problems;
  }
  if (times.breakIn === null) return problems;
  const start = minutesAfterTimeIn(times.timeIn, times.breakIn);
  const end = times.breakOut === null ? null : minutesAfterTimeIn(times.timeIn, times.breakOut);
  const shiftEnd = out === null || out === 0 ? DAY_MINUTES : out;
  if (start === 0 || start >= shiftEnd) problems['breakIn'] = 'attendance.breakOutsideShift';
  if (end === null) {
    if (out !== null) problems['breakOut'] = 'attendance.breakNotEnded';
  } else if (end <= start) {
    problems['breakOut'] = 'attendance.breakEndBeforeStart';
  } else if (end > shiftEnd) {
    problems['breakOut'] = 'attendance.breakOutsideShift';
  }
  return problems;
}

/**
 * The typed times a DST gap skips on their date in `timeZone` (issue 18.5): stored, each would
 * silently move an hour and a break could shrink to nothing. Field -> message key.
 */
export function skippedTimeProblems(date: string, times: LocalShiftTimes, timeZone: string): Record<string, string> {
  const problems: Record<string, string> = {};
  const fields = [
    ['timeIn', times.timeIn],
    ['timeOut', times.timeOut],
    ['breakIn', times.breakIn],
    ['breakOut', times.breakOut],
  ] as const;
  for (const [field, time] of fields) {
    if (time === null) continue;
    const day = field !== 'timeIn' && minutesOf(time) < minutesOf(times.timeIn) ? addDays(date, 1) : date;
    if (!localTimeExists(day, time, timeZone)) problems[field] = 'attendance.timeSkippedByDst';
  }
  return problems;
}

/**
 * The UTC instants of a shift typed as local times on `date` in `timeZone` (times are assumed to
 * pass `shiftOrderProblems`). Each time takes the date of its place in the shift, so durations
 * come from real instants and a DST change inside the shift neither adds nor loses an hour.
 */
export function shiftInstants(date: string, times: LocalShiftTimes, timeZone: string): ShiftInstants {
  const at = (time: string) => {
    const nextDay = minutesOf(time) < minutesOf(times.timeIn);
    return localDateTimeToUtcIso(nextDay ? addDays(date, 1) : date, time, timeZone);
  };
  return {
    timeIn: localDateTimeToUtcIso(date, times.timeIn, timeZone),
    timeOut: times.timeOut === null ? null : at(times.timeOut),
    breaks: times.breakIn === null ? [] : [{ startAt: at(times.breakIn), endAt: times.breakOut === null ? null : at(times.breakOut) }],
  };
}

/** The local times of a stored shift (first break only), for the edit form. */
export function localShiftTimes(shift: ShiftInstants, timeZone: string): LocalShiftTimes {
  const first = [...shift.breaks].sort((a, b) => a.startAt.localeCompare(b.startAt))[0];
  return {
    timeIn: localTimeOf(shift.timeIn, timeZone),
    timeOut: shift.timeOut === null ? null : localTimeOf(shift.timeOut, timeZone),
    breakIn: first ? localTimeOf(first.startAt, timeZone) : null,
    breakOut: first?.endAt ? localTimeOf(first.endAt, timeZone) : null,
  };
}

const QUARTER_HOUR_MS = 15 * 60_000;

/**
 * The wall clock of instants in a zone as "floating" Dates whose UTC fields read the local date
 * and time (how a spreadsheet holds a date-time: no zone). Offsets change only at quarter hours
 * (every zone since 1970), so one offset lookup per quarter hour serves all instants in it.
 */
export function wallClockReader(timeZone: string): (instant: string) => Date {
  const offsets = new Map<number, number>();
  return (instant) => {
    const ms = Date.parse(instant);
    const bucket = Math.floor(ms / QUARTER_HOUR_MS);
    let offset = offsets.get(bucket);
    if (offset === undefined) {
      if (offsets.size > 50_000) offsets.clear();
      offset = utcOffsetMinutes(bucket * QUARTER_HOUR_MS, timeZone);
      offsets.set(bucket, offset);
    }
    return new Date(ms + offset * 60_000);
  };
}

/**
 * Time-zone helpers on plain strings: dates `YYYY-MM-DD`, times `HH:mm`, instants ISO 8601 UTC.
 * Pure (only `Intl`), so the clock engine, the reports and the demo data agree on one conversion.
 */

const DATE_RE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME_RE = /^(\d{2}):(\d{2})$/;
const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

export const WEEKDAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'] as const;
export type WeekdayName = (typeof WEEKDAY_NAMES)[number];

const formatters = new Map<string, Intl.DateTimeFormat>();

function formatterFor(timeZone: string): Intl.DateTimeFormat {
  let f = formatters.get(timeZone);
  if (!f) {
    // Throws a RangeError for an unknown time zone, which is what callers should see.
    f = new Intl.DateTimeFormat('en-US', {
      timeZone,
      hourCycle: 'h23',
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      minute: '2-digit',
      second: '2-digit',
    });
    formatters.set(timeZone, f);
  }
  return f;
}

interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

/**
 * Recent conversions: formatToParts is slow, and a clock punch converts the same few instants
 * (now, the shift's bounds) again and again. Bounded; the values are immutable.
 */
const recentWallClocks = new Map<string, Readonly<WallClock>>();

function wallClockAt(epochMs: number, timeZone: string): Readonly<WallClock> {
  const key = `${timeZone}|${epochMs}`;
  let clock = recentWallClocks.get(key);
  if (!clock) {
    if (recentWallClocks.size >= 512) recentWallClocks.clear();
    clock = Object.freeze(computeWallClock(epochMs, timeZone));
    recentWallClocks.set(key, clock);
  }
  return clock;
}

function computeWallClock(epochMs: number, timeZone: string): WallClock {
  const out: Record<string, number> = {};
  for (const part of formatterFor(timeZone).formatToParts(new Date(epochMs))) {
    if (part.type !== 'literal') out[part.type] = Number(part.value);
  }
  return {
    year: out['year']!,
    month: out['month']!,
    day: out['day']!,
    hour: out['hour']! % 24,
    minute: out['minute']!,
    second: out['second']!,
  };
}

function parseDate(date: string): [number, number, number] {
  const m = DATE_RE.exec(date);
  if (!m) throw new RangeError(`Invalid date "${date}", expected YYYY-MM-DD`);
  return [Number(m[1]), Number(m[2]), Number(m[3])];
}

function parseTime(time: string): [number, number] {
  const m = TIME_RE.exec(time);
  if (!m || Number(m[1]) > 23 || Number(m[2]) > 59) throw new RangeError(`Invalid time "${time}", expected HH:mm`);
  return [Number(m[1]), Number(m[2])];
}

const pad = (n: number, width = 2) => String(n).padStart(width, '0');

/** Offset of the zone from UTC at the instant, in minutes (Lisbon: 0 in winter, 60 in summer). */
export function utcOffsetMinutes(instant: Date | string | number, timeZone: string): number {
  const ms = new Date(instant).getTime();
  const floored = Math.floor(ms / 1000) * 1000;
  const w = wallClockAt(floored, timeZone);
  const asUtc = Date.UTC(w.year, w.month - 1, w.day, w.hour, w.minute, w.second);
  return Math.round((asUtc - floored) / MINUTE_MS);
}

/**
 * The UTC instant (ISO 8601) at which the wall clock in `timeZone` shows `date` `time`.
 * Follows Temporal's "compatible" disambiguation: a time skipped by a DST gap moves forward by
 * the gap's length (Lisbon 2026-03-29 01:30 -> 02:30 WEST = 01:30Z); a time repeated in a DST
 * overlap takes its first occurrence (Lisbon 2026-10-25 01:30 -> 01:30 WEST = 00:30Z).
 */
export function localDateTimeToUtcIso(date: string, time: string, timeZone: string): string {
  const [y, mo, d] = parseDate(date);
  const [h, mi] = parseTime(time);
  const wall = Date.UTC(y, mo - 1, d, h, mi);
  // Offsets in force a day either side bracket any transition near this wall time.
  const before = utcOffsetMinutes(wall - DAY_MS, timeZone);
  const after = utcOffsetMinutes(wall + DAY_MS, timeZone);
  const candidates = [...new Set([before, after])]
    .map((offset) => wall - offset * MINUTE_MS)
    .filter((t) => t + utcOffsetMinutes(t, timeZone) * MINUTE_MS === wall)
    .sort((a, b) => a - b);
  const chosen = candidates[0] ?? wall - before * MINUTE_MS;
  return new Date(chosen).toISOString();
}

/**
 * Whether the wall clock in `timeZone` ever shows `date` `time`: false for a time skipped by a DST
 * gap (Madrid 2026-03-29 02:30), which localDateTimeToUtcIso would silently move forward.
 */
export function localTimeExists(date: string, time: string, timeZone: string): boolean {
  const instant = localDateTimeToUtcIso(date, time, timeZone);
  return localDateOf(instant, timeZone) === date && localTimeOf(instant, timeZone) === time.slice(0, 5);
}

/** The local calendar date (`YYYY-MM-DD`) in `timeZone` at the instant. */
export function localDateOf(instant: Date | string | number, timeZone: string): string {
  const w = wallClockAt(new Date(instant).getTime(), timeZone);
  return `${pad(w.year, 4)}-${pad(w.month)}-${pad(w.day)}`;
}

/** The local wall time (`HH:mm`) in `timeZone` at the instant. */
export function localTimeOf(instant: Date | string | number, timeZone: string): string {
  const w = wallClockAt(new Date(instant).getTime(), timeZone);
  return `${pad(w.hour)}:${pad(w.minute)}`;
}

const MONTH_DAYS = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const isLeapYear = (y: number): boolean => y % 4 === 0 && (y % 100 !== 0 || y % 400 === 0);

/** Calendar arithmetic on `YYYY-MM-DD` (no time zone involved). */
export function addDays(date: string, days: number): string {
  const [y, m, d] = parseDate(date);
  // Within the month (most calls: the reports' day loops) without a Date and its ISO string.
  const day = d + days;
  if (day >= 1 && m >= 1 && m <= 12 && day <= (m === 2 && isLeapYear(y) ? 29 : MONTH_DAYS[m - 1]!)) return `${date.slice(0, 8)}${day < 10 ? '0' : ''}${day}`;
  return new Date(Date.UTC(y, m - 1, d + days)).toISOString().slice(0, 10);
}

/** English weekday name of a calendar date, as stored in schedules' rest days. */
export function weekdayOf(date: string): WeekdayName {
  const [y, m, d] = parseDate(date);
  return WEEKDAY_NAMES[new Date(Date.UTC(y, m - 1, d)).getUTCDay()]!;
}

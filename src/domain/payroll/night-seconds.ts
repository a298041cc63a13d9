import type { BreakInstants } from '../attendance/shift-times.ts';
import { addDays, localDateTimeToUtcIso } from '../time/zoned-time.ts';

/**
 * Night work (Estatuto de los Trabajadores art. 36.1): work between 22:00 and 06:00. Measured on
 * the day's real instants against the night windows of the attendance's zone (the company zone
 * when it was recorded, decision 027), so a night with a DST change is exact: 22:00-06:00 lasts
 * 7 h the night clocks go forward in Madrid and 9 h the night they go back.
 */
export const NIGHT_START = '22:00';
export const NIGHT_END = '06:00';

export type Interval = readonly [number, number];

const DAY_MS = 86_400_000;

/**
 * The night starting on the calendar day `day` (days since 1970-01-01) as epoch ms, memoised:
 * every employee of a company shares the same nights, and each costs two zone conversions (a month
 * over 500 employees asks ~35 of them thousands of times). The memo is bounded.
 */
const nights = new Map<string, Interval>();
function nightOf(day: number, timeZone: string): Interval {
  const key = `${timeZone}|${day}`;
  let night = nights.get(key);
  if (!night) {
    if (nights.size > 20_000) nights.clear();
    const date = new Date(day * DAY_MS).toISOString().slice(0, 10);
    night = [Date.parse(localDateTimeToUtcIso(date, NIGHT_START, timeZone)), Date.parse(localDateTimeToUtcIso(addDays(date, 1), NIGHT_END, timeZone))];
    nights.set(key, night);
  }
  return night;
}

/**
 * The night windows [22:00 of d, 06:00 of d+1] that may touch [fromMs, toMs], as epoch ms. A local
 * date is within a day of the UTC date (offsets stay under 15 h), so the nights from two days
 * before the start's UTC date to one after the end's cover it, without a zone lookup per day;
 * the extra windows overlap nothing.
 */
function nightWindows(fromMs: number, toMs: number, timeZone: string): Interval[] {
  const out: Interval[] = [];
  const last = Math.floor(toMs / DAY_MS) + 1;
  for (let d = Math.floor(fromMs / DAY_MS) - 2; d <= last; d++) out.push(nightOf(d, timeZone));
  return out;
}

const overlap = (a: Interval, b: Interval) => Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));

/** A day as the interval rules read it: instants, breaks, the zone it was recorded in. */
export interface TimedDay {
  timeIn: string;
  timeOut: string | null;
  breaks: readonly BreakInstants[];
  timezone: string;
}

/**
 * The work of a closed attendance as disjoint epoch-ms intervals, in time order: check-in to
 * check-out with the unpaid breaks cut out (a paid break is work, art. 34.4, so it stays in). An
 * open day (no check-out) has none yet; a break without an end, or one outside the day, is
 * clipped to the day.
 */
export function workIntervals(day: TimedDay, breaksPaid: boolean): Interval[] {
  if (day.timeOut === null) return [];
  const work: Interval = [Date.parse(day.timeIn), Date.parse(day.timeOut)];
  if (!(work[1] > work[0])) return [];
  if (breaksPaid) return [work];
  // Breaks may not overlap each other in a valid record, but merge them anyway so none is taken twice.
  const spans = day.breaks
    .map((b): Interval => [Math.max(work[0], Date.parse(b.startAt)), Math.min(work[1], b.endAt === null ? work[1] : Date.parse(b.endAt))])
    .filter(([a, b]) => b > a)
    .sort((x, y) => x[0] - y[0]);
  const out: Interval[] = [];
  let from = work[0];
  for (const [a, b] of spans) {
    if (a > from) out.push([from, a]);
    from = Math.max(from, b);
  }
  if (work[1] > from) out.push([from, work[1]]);
  return out;
}

/** Milliseconds of `intervals` inside `windows` (each list disjoint within itself). */
export function msWithin(intervals: readonly Interval[], windows: readonly Interval[]): number {
  let ms = 0;
  for (const i of intervals) for (const w of windows) ms += overlap(i, w);
  return ms;
}

/** The parts of `intervals` inside `windows`, as intervals (each list disjoint within itself). */
export function intersect(intervals: readonly Interval[], windows: readonly Interval[]): Interval[] {
  const out: Interval[] = [];
  for (const i of intervals)
    for (const w of windows) {
      const a = Math.max(i[0], w[0]);
      const b = Math.min(i[1], w[1]);
      if (b > a) out.push([a, b]);
    }
  return out;
}

/** The night windows that may touch the intervals (see nightWindows). */
export function nightWindowsOf(intervals: readonly Interval[], timeZone: string): Interval[] {
  if (intervals.length === 0) return [];
  return nightWindows(intervals[0]![0], intervals.at(-1)![1], timeZone);
}

/**
 * Seconds of a closed attendance that fall in the night, unpaid breaks excluded (a paid break is
 * work, art. 34.4, so it stays in). An open day has none yet. Whole seconds, rounded once at the end.
 */
export function nightSeconds(day: TimedDay, breaksPaid: boolean): number {
  const work = workIntervals(day, breaksPaid);
  return Math.max(0, Math.round(msWithin(work, nightWindowsOf(work, day.timezone)) / 1000));
}

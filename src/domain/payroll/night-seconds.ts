import type { BreakInstants } from '../attendance/shift-times.ts';
import { addDays, localDateOf, localDateTimeToUtcIso } from '../time/zoned-time.ts';

/**
 * Night work (Estatuto de los Trabajadores art. 36.1): work between 22:00 and 06:00. Measured on
 * the day's real instants against the night windows of the attendance's zone (the company zone
 * when it was recorded, decision 027), so a night with a DST change is exact: 22:00-06:00 lasts
 * 7 h the night clocks go forward in Madrid and 9 h the night they go back.
 */
export const NIGHT_START = '22:00';
export const NIGHT_END = '06:00';

type Interval = readonly [number, number];

/** The night windows [22:00 of d, 06:00 of d+1] that may touch [fromMs, toMs], as epoch ms. */
function nightWindows(fromMs: number, toMs: number, timeZone: string): Interval[] {
  const out: Interval[] = [];
  const last = localDateOf(toMs, timeZone);
  for (let d = addDays(localDateOf(fromMs, timeZone), -1); d <= last; d = addDays(d, 1)) {
    out.push([Date.parse(localDateTimeToUtcIso(d, NIGHT_START, timeZone)), Date.parse(localDateTimeToUtcIso(addDays(d, 1), NIGHT_END, timeZone))]);
  }
  return out;
}

const overlap = (a: Interval, b: Interval) => Math.max(0, Math.min(a[1], b[1]) - Math.max(a[0], b[0]));

/**
 * Seconds of a closed attendance that fall in the night, unpaid breaks excluded (a paid break is
 * work, art. 34.4, so it stays in). An open day (no check-out) has none yet; a break without an
 * end, or one outside the day, is clipped to the day. Whole seconds, rounded once at the end.
 */
export function nightSeconds(day: { timeIn: string; timeOut: string | null; breaks: readonly BreakInstants[]; timezone: string }, breaksPaid: boolean): number {
  if (day.timeOut === null) return 0;
  const work: Interval = [Date.parse(day.timeIn), Date.parse(day.timeOut)];
  if (!(work[1] > work[0])) return 0;
  const windows = nightWindows(work[0], work[1], day.timezone);
  let ms = 0;
  for (const w of windows) ms += overlap(work, w);
  if (!breaksPaid) {
    // Breaks may not overlap each other in a valid record, but merge them anyway so none is taken twice.
    const spans = day.breaks
      .map((b): Interval => [Math.max(work[0], Date.parse(b.startAt)), Math.min(work[1], b.endAt === null ? work[1] : Date.parse(b.endAt))])
      .filter(([a, b]) => b > a)
      .sort((x, y) => x[0] - y[0]);
    const merged: [number, number][] = [];
    for (const [a, b] of spans) {
      const top = merged.at(-1);
      if (top && a <= top[1]) top[1] = Math.max(top[1], b);
      else merged.push([a, b]);
    }
    for (const b of merged) for (const w of windows) ms -= overlap(b, w);
  }
  return Math.max(0, Math.round(ms / 1000));
}

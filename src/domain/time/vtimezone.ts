import { utcOffsetMinutes } from './zoned-time.ts';

/**
 * A VTIMEZONE block (RFC 5545 §3.6.5) for an IANA zone over a span of instants, from the
 * platform's own zone data (Intl): one observance per offset change found in the span, each with
 * its exact DTSTART, plus the offset in force at the start. Calendar clients (and ical.js) need it
 * to turn `DTSTART;TZID=…` into instants; no RRULE, so it stays true for any year's rules.
 */
export function vtimezoneBlock(timeZone: string, fromMs: number, toMs: number): string {
  const HOUR = 3_600_000;
  const DAY = 24 * HOUR;
  const lines = ['BEGIN:VTIMEZONE', `TZID:${timeZone}`];
  const first = utcOffsetMinutes(fromMs, timeZone);
  lines.push(...observance('STANDARD', '19700101T000000', first, first));
  let previous = first;
  for (let day = fromMs; day < toMs; day += DAY) {
    const next = utcOffsetMinutes(day + DAY, timeZone);
    if (next === previous) continue;
    // The change lies within this day: find its minute by halving.
    let lo = day;
    let hi = day + DAY;
    while (hi - lo > 60_000) {
      const mid = lo + Math.floor((hi - lo) / 2 / 60_000) * 60_000;
      if (utcOffsetMinutes(mid, timeZone) === previous) lo = mid;
      else hi = mid;
    }
    lines.push(...observance(next > previous ? 'DAYLIGHT' : 'STANDARD', wallText(hi, previous), previous, next));
    previous = next;
  }
  lines.push('END:VTIMEZONE');
  return lines.join('\r\n');
}

function observance(kind: 'STANDARD' | 'DAYLIGHT', dtstart: string, from: number, to: number): string[] {
  return [`BEGIN:${kind}`, `DTSTART:${dtstart}`, `TZOFFSETFROM:${offsetText(from)}`, `TZOFFSETTO:${offsetText(to)}`, `END:${kind}`];
}

/** The wall clock at `ms` under `offset` minutes, as iCalendar's local DATE-TIME. */
function wallText(ms: number, offset: number): string {
  return new Date(ms + offset * 60_000).toISOString().slice(0, 19).replace(/[-:]/g, '');
}

function offsetText(minutes: number): string {
  const abs = Math.abs(minutes);
  return `${minutes < 0 ? '-' : '+'}${String(Math.floor(abs / 60)).padStart(2, '0')}${String(abs % 60).padStart(2, '0')}`;
}

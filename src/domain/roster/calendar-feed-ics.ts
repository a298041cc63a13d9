import ical from 'ical-generator';
import type { Language } from '../../i18n/languages.ts';
import { translate } from '../../i18n/translate.ts';
import { localDateTimeToUtcIso } from '../time/zoned-time.ts';
import { vtimezoneBlock } from '../time/vtimezone.ts';
import type { PlannedDay } from './planned-day.ts';
import { shiftEndDate } from './calendar-feed.ts';

export interface CalendarFeedInput {
  /** The worker's published days; rest days are left out of the feed. */
  days: readonly PlannedDay[];
  timeZone: string;
  lang: Language;
  companyName: string;
  /** When the feed was built (DTSTAMP): the server clock. */
  now: string;
}

/**
 * The feed as iCalendar text, built with ical-generator: one VEVENT per published shift, its
 * times as the company's local wall clock with TZID (a VTIMEZONE from the zone's own data, so a
 * night across a DST change lasts what it really lasts), a UID per planned day that survives
 * republishing (the row keeps its id), the summary and the break in the worker's language.
 */
export function calendarFeedIcs(input: CalendarFeedInput): string {
  const t = (key: string, params?: Record<string, unknown>) => translate(input.lang, key, params);
  const shifts = input.days.filter((d) => d.kind === 'shift' && d.startTime !== null && d.endTime !== null);
  const cal = ical({
    ttl: 60 * 60,
    name: t('rosterWorker.feedName', { company: input.companyName }),
    prodId: { company: 'Jornada', product: 'Jornada', language: input.lang.toUpperCase() },
  });
  if (shifts.length > 0) {
    const first = Date.parse(localDateTimeToUtcIso(shifts[0]!.date, '00:00', input.timeZone)) - 86_400_000;
    const last = Date.parse(localDateTimeToUtcIso(shifts.at(-1)!.date, '00:00', input.timeZone)) + 2 * 86_400_000;
    // No calendar-wide zone name: ical-generator would then write DTSTAMP as local time without
    // its Z; the generator alone emits the VTIMEZONE of the zone the events name.
    cal.timezone({ name: null, generator: (zone) => vtimezoneBlock(zone, first, last) });
  }
  for (const day of shifts) {
    const start = day.startTime!;
    const end = day.endTime!;
    cal.createEvent({
      id: `planned-day-${day.id}@jornada`,
      // Local wall-clock text without offset: ical-generator writes it as is under the event's TZID.
      start: `${day.date}T${start}:00`,
      end: `${shiftEndDate(day.date, start, end)}T${end}:00`,
      timezone: input.timeZone,
      stamp: new Date(day.publishedAt > input.now ? input.now : day.publishedAt),
      summary: t('rosterWorker.feedSummary'),
      description: day.breakMinutes > 0 ? t('rosterWorker.feedBreak', { minutes: day.breakMinutes }) : t('rosterWorker.feedNoBreak'),
    });
  }
  return cal.toString();
}

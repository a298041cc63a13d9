import { formatLocalDate } from '#domain/format/intl-format.ts';
import { changeLine, type DayChange } from '#domain/roster/publish-diff.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface RosterPublishedFacts {
  /** The worker's changed days, in date order. */
  changes: readonly Pick<DayChange, 'date' | 'before' | 'after'>[];
  link: string;
}

/** To the worker: the published roster changed some of their days; one line per day, before → after (decision 085). */
export function rosterPublishedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: RosterPublishedFacts) {
  const words = {
    rest: t('notifications.rosterPublished.rest'),
    none: t('notifications.rosterPublished.none'),
    shift: (d: { startTime: string; endTime: string; breakMinutes: number }) =>
      d.breakMinutes > 0
        ? t('notifications.rosterPublished.shiftWithBreak', { start: d.startTime, end: d.endTime, minutes: d.breakMinutes })
        : t('notifications.rosterPublished.shift', { start: d.startTime, end: d.endTime }),
  };
  return emailContent({
    lang,
    subject: t('notifications.rosterPublished.subject', { count: f.changes.length }),
    heading: t('notifications.rosterPublished.heading'),
    lines: f.changes.map((c) => {
      const { before, after } = changeLine(c, words);
      return t('notifications.rosterPublished.line', { date: formatLocalDate(c.date, lang, 'long'), before, after });
    }),
    action: { label: t('notifications.rosterPublished.action'), url: f.link },
    footer: t('notifications.footerOptional'),
  });
}

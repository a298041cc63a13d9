import { formatDate, formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface CorrectionAwaitingFacts {
  date: string;
  /** When the wait ends (ISO instant) and the zone to show it in. */
  dueAt: string;
  timeZone: string;
  link: string;
}

/** To the worker: an administrator corrected their day; they accept or reject it (decisions 034, 055). */
export function correctionAwaitingEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: CorrectionAwaitingFacts) {
  const date = formatLocalDate(f.date, lang, 'long');
  return emailContent({
    lang,
    subject: t('notifications.correctionAwaitingAcceptance.subject', { date }),
    heading: t('notifications.correctionAwaitingAcceptance.heading'),
    lines: [t('notifications.correctionAwaitingAcceptance.line', { date }), t('notifications.correctionAwaitingAcceptance.due', { due: formatDate(f.dueAt, lang, f.timeZone, 'long') })],
    action: { label: t('notifications.correctionAwaitingAcceptance.action'), url: f.link },
    footer: t('notifications.footerRequired'),
  });
}

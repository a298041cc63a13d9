import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface TerminalSilentFacts {
  name: string;
  location: string | null;
  /** The last sign of life (ISO instant), shown in the company zone. */
  lastSeenAt: string;
  timeZone: string;
  timeFormat: string;
  link: string;
}

/** To the administrators: a paired clock terminal has not been heard from for too long (decisions 042, 055). */
export function terminalSilentEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: TerminalSilentFacts) {
  const since = `${formatDate(f.lastSeenAt, lang, f.timeZone, 'long')} ${formatTime(f.lastSeenAt, lang, f.timeZone, f.timeFormat)}`;
  return emailContent({
    lang,
    subject: t('notifications.terminalSilent.subject', { name: f.name }),
    heading: t('notifications.terminalSilent.heading'),
    lines: [t('notifications.terminalSilent.line', { name: f.name, since }), ...(f.location ? [t('notifications.terminalSilent.location', { location: f.location })] : []), t('notifications.terminalSilent.hint')],
    action: { label: t('notifications.terminalSilent.action'), url: f.link },
    footer: t('notifications.footerOptional'),
  });
}

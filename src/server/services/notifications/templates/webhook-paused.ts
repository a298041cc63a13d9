import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface WebhookPausedFacts {
  /** The webhook's description, else its address. */
  name: string;
  since: string;
  lastError: string | null;
  timeZone: string;
  timeFormat: string;
  link: string;
}

/** To the administrators: a webhook receiver kept failing and was paused (decision 094). */
export function webhookPausedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: WebhookPausedFacts) {
  const since = `${formatDate(f.since, lang, f.timeZone, 'long')} ${formatTime(f.since, lang, f.timeZone, f.timeFormat)}`;
  return emailContent({
    lang,
    subject: t('notifications.webhookPaused.subject'),
    heading: t('notifications.webhookPaused.heading'),
    lines: [t('notifications.webhookPaused.line', { name: f.name, since }), ...(f.lastError ? [t('notifications.webhookPaused.lastError', { error: f.lastError })] : []), t('notifications.webhookPaused.hint')],
    action: { label: t('notifications.webhookPaused.action'), url: f.link },
    footer: t('notifications.footerRequired'),
  });
}

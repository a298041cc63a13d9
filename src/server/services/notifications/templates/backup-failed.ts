import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface BackupFailedFacts {
  at: string;
  /** The operator's reason (already plain words, from the backup code; not translated). */
  reason: string;
  trigger: 'scheduled' | 'manual';
  timeZone: string;
  timeFormat: string;
  link: string;
}

const LINES = { scheduled: 'notifications.backupFailed.line_scheduled', manual: 'notifications.backupFailed.line_manual' } as const;

/** To the administrators: a database backup failed (decision 055). */
export function backupFailedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: BackupFailedFacts) {
  const at = `${formatDate(f.at, lang, f.timeZone, 'long')} ${formatTime(f.at, lang, f.timeZone, f.timeFormat)}`;
  return emailContent({
    lang,
    subject: t('notifications.backupFailed.subject'),
    heading: t('notifications.backupFailed.heading'),
    lines: [t(LINES[f.trigger], { at }), t('notifications.backupFailed.reason', { reason: f.reason }), t('notifications.backupFailed.hint')],
    action: { label: t('notifications.backupFailed.action'), url: f.link },
    footer: t('notifications.footerRequired'),
  });
}

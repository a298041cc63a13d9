import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface CorrectionRequestedFacts {
  employeeName: string;
  date: string;
  kind: 'missingDay' | 'missingCheckOut' | 'wrongTime';
  /** The proposed times as the worker wrote them (local HH:MM of the day). */
  timeIn: string;
  timeOut: string | null;
  reason: string;
  link: string;
}

const LINES = {
  missingDay: 'notifications.correctionRequested.line_missingDay',
  missingCheckOut: 'notifications.correctionRequested.line_missingCheckOut',
  wrongTime: 'notifications.correctionRequested.line_wrongTime',
} as const;

/** To each approver: a worker asks to correct a day of their record (decision 055). */
export function correctionRequestedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: CorrectionRequestedFacts) {
  const date = formatLocalDate(f.date, lang, 'long');
  return emailContent({
    lang,
    subject: t('notifications.correctionRequested.subject', { name: f.employeeName, date }),
    heading: t('notifications.correctionRequested.heading'),
    lines: [t(LINES[f.kind], { name: f.employeeName, date }), t('notifications.correctionRequested.times', { timeIn: f.timeIn, timeOut: f.timeOut ?? '—' }), t('notifications.reasonLine', { reason: f.reason.trim() })],
    action: { label: t('notifications.correctionRequested.action'), url: f.link },
    footer: t('notifications.footerManager'),
  });
}

import { datePeriod } from '#i18n/date-period.ts';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface LeaveRequestedFacts {
  employeeName: string;
  leaveTypeName: string;
  from: string;
  to: string;
  days: number;
  reason: string;
  /** Where the approver decides (absolute). */
  link: string;
}

/** To each approver: an employee asked for leave (decision 055). */
export function leaveRequestedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: LeaveRequestedFacts) {
  const period = { type: f.leaveTypeName, period: datePeriod(t, formatLocalDate(f.from, lang, 'long'), formatLocalDate(f.to, lang, 'long'), f.from === f.to) };
  return emailContent({
    lang,
    subject: t('notifications.leaveRequested.subject', { name: f.employeeName }),
    heading: t('notifications.leaveRequested.heading'),
    lines: [t('notifications.leaveRequested.line', { name: f.employeeName, ...period, count: f.days }), ...(f.reason.trim() ? [t('notifications.reasonLine', { reason: f.reason.trim() })] : [])],
    action: { label: t('notifications.leaveRequested.action'), url: f.link },
    footer: t('notifications.footerManager'),
  });
}

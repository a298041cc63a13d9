import { datePeriod } from '#i18n/date-period.ts';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface LeaveDecidedFacts {
  status: 'approved' | 'declined';
  leaveTypeName: string;
  from: string;
  to: string;
  deciderName: string | null;
  comment: string | null;
  link: string;
}

const TEXT = {
  approved: { subject: 'notifications.leaveDecided.subject_approved', heading: 'notifications.leaveDecided.heading_approved', line: 'notifications.leaveDecided.line_approved' },
  declined: { subject: 'notifications.leaveDecided.subject_declined', heading: 'notifications.leaveDecided.heading_declined', line: 'notifications.leaveDecided.line_declined' },
} as const;

/** To the employee: their leave request was approved or declined (decision 055). */
export function leaveDecidedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: LeaveDecidedFacts) {
  const period = { type: f.leaveTypeName, period: datePeriod(t, formatLocalDate(f.from, lang, 'long'), formatLocalDate(f.to, lang, 'long'), f.from === f.to) };
  const comment = f.comment?.trim();
  return emailContent({
    lang,
    subject: t(TEXT[f.status].subject, period),
    heading: t(TEXT[f.status].heading),
    lines: [t(TEXT[f.status].line, period), ...(f.deciderName ? [t('notifications.leaveDecided.decidedBy', { name: f.deciderName })] : []), ...(comment ? [t('notifications.commentLine', { comment })] : [])],
    action: { label: t('notifications.leaveDecided.action'), url: f.link },
    footer: t('notifications.footerOptional'),
  });
}

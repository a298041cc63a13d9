import { formatLocalDate } from '../../../../domain/format/intl-format.ts';
import type { Language } from '../../../../i18n/languages.ts';
import { emailContent } from '../../../mail/email-content.ts';

export interface LeaveDecidedFacts {
  status: 'approved' | 'declined';
  leaveTypeName: string;
  from: string;
  to: string;
  deciderName: string | null;
  comment: string | null;
  link: string;
}

/** To the employee: their leave request was approved or declined (decision 055). */
export function leaveDecidedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: LeaveDecidedFacts) {
  const period = { type: f.leaveTypeName, from: formatLocalDate(f.from, lang, 'long'), to: formatLocalDate(f.to, lang, 'long') };
  const comment = f.comment?.trim();
  return emailContent({
    subject: t(`notifications.leaveDecided.subject_${f.status}`, period),
    heading: t(`notifications.leaveDecided.heading_${f.status}`),
    lines: [
      t(`notifications.leaveDecided.line_${f.status}`, period),
      ...(f.deciderName ? [t('notifications.leaveDecided.decidedBy', { name: f.deciderName })] : []),
      ...(comment ? [t('notifications.commentLine', { comment })] : []),
    ],
    action: { label: t('notifications.leaveDecided.action'), url: f.link },
    footer: t('notifications.footerOptional'),
  });
}

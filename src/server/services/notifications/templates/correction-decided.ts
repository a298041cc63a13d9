import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface CorrectionDecidedFacts {
  status: 'approved' | 'declined';
  date: string;
  deciderName: string | null;
  comment: string | null;
  link: string;
}

const TEXT = {
  approved: { subject: 'notifications.correctionDecided.subject_approved', heading: 'notifications.correctionDecided.heading_approved', line: 'notifications.correctionDecided.line_approved' },
  declined: { subject: 'notifications.correctionDecided.subject_declined', heading: 'notifications.correctionDecided.heading_declined', line: 'notifications.correctionDecided.line_declined' },
} as const;

/** To the worker: their correction request was approved (the record now says so) or declined, with the comment (issue 37.15). */
export function correctionDecidedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: CorrectionDecidedFacts) {
  const date = formatLocalDate(f.date, lang, 'long');
  const comment = f.comment?.trim();
  return emailContent({
    lang,
    subject: t(TEXT[f.status].subject, { date }),
    heading: t(TEXT[f.status].heading),
    lines: [t(TEXT[f.status].line, { date }), ...(f.deciderName ? [t('notifications.leaveDecided.decidedBy', { name: f.deciderName })] : []), ...(comment ? [t('notifications.commentLine', { comment })] : [])],
    action: { label: t('notifications.correctionDecided.action'), url: f.link },
    footer: t('notifications.footerOptional'),
  });
}

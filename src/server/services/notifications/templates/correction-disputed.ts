import { formatLocalDate } from '#domain/format/intl-format.ts';
import type { Language } from '#i18n/languages.ts';
import { emailContent } from '#server/mail/email-content.ts';

export interface CorrectionDisputedFacts {
  employeeName: string;
  /** The disputed work date. */
  date: string;
  link: string;
}

/**
 * To the workers' representatives: a worker rejected the company's correction of a day (decision
 * 082). The name and the date only: no times and no comment (data minimisation, decision 036).
 */
export function correctionDisputedEmail(lang: Language, t: (key: string, params?: Record<string, unknown>) => string, f: CorrectionDisputedFacts) {
  const date = formatLocalDate(f.date, lang, 'long');
  return emailContent({
    lang,
    subject: t('notifications.correctionDisputed.subject', { name: f.employeeName, date }),
    heading: t('notifications.correctionDisputed.heading'),
    lines: [t('notifications.correctionDisputed.line', { name: f.employeeName, date })],
    action: { label: t('notifications.correctionDisputed.action'), url: f.link },
    footer: t('notifications.footerOptional'),
  });
}

import { formatDuration } from '../../../../domain/format/intl-format.ts';
import type { MonthlyRecordTotals } from '../../../../domain/reports/monthly-record.ts';
import { formatMonth } from '../../../../domain/reports/report-format.ts';
import type { Language } from '../../../../i18n/languages.ts';
import { appUrl, emailContent, type EmailContent } from '../../../mail/email-content.ts';

type T = (key: string, params?: Record<string, unknown>) => string;

/**
 * Last month's totals from the legal monthly record (decision 056): counted time, expected,
 * overtime, days attended, absences and leave, with the link to the month on My attendance, where
 * the employee acknowledges receiving the record (decision 036).
 */
export function monthlySummaryEmail(month: string, totals: MonthlyRecordTotals): (lang: Language, t: T) => EmailContent {
  return (lang, t) => {
    const params = { month: formatMonth(month, lang) };
    const line = (key: string, value: string) => `${t(`notifications.monthlySummary.${key}`)}: ${value}`;
    return emailContent({
      subject: t('notifications.monthlySummary.subject', params),
      heading: t('notifications.monthlySummary.heading', params),
      lines: [
        t('notifications.monthlySummary.intro', params),
        line('worked', formatDuration(totals.countedSeconds, lang)),
        line('expected', formatDuration(totals.expectedSeconds, lang)),
        line('overtime', formatDuration(totals.overtimeSeconds, lang)),
        line('attendedDays', String(totals.attendedDays)),
        line('absentDays', String(totals.absentDays)),
        line('leaveDays', String(totals.leaveDays)),
        t('notifications.monthlySummary.acknowledge', params),
      ],
      action: { label: t('notifications.monthlySummary.action'), url: appUrl(`/personal/attendance?month=${month}`) },
    });
  };
}

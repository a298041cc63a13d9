import { formatDuration } from '#domain/format/intl-format.ts';
import type { MonthlyRecordTotals } from '#domain/reports/monthly-record.ts';
import { formatMonth } from '#domain/reports/report-format.ts';
import { emailContent } from '#server/mail/email-content.ts';
import type { ContentBuilder } from '../notify.ts';

/**
 * Last month's totals from the legal monthly record (decision 056): counted time, expected,
 * overtime, days attended, absences and leave, with the link to the month on My attendance, where
 * the employee acknowledges receiving the record (decision 036).
 */
export function monthlySummaryEmail(month: string, totals: MonthlyRecordTotals): ContentBuilder {
  return (lang, t, link) => {
    const params = { month: formatMonth(month, lang) };
    const line = (label: string, value: string) => `${label}: ${value}`;
    return emailContent({
      lang,
      subject: t('notifications.monthlySummary.subject', params),
      heading: t('notifications.monthlySummary.heading', params),
      lines: [
        t('notifications.monthlySummary.intro', params),
        line(t('notifications.monthlySummary.worked'), formatDuration(totals.countedSeconds, lang)),
        line(t('notifications.monthlySummary.expected'), formatDuration(totals.expectedSeconds, lang)),
        line(t('notifications.monthlySummary.overtime'), formatDuration(totals.overtimeSeconds, lang)),
        line(t('notifications.monthlySummary.attendedDays'), String(totals.attendedDays)),
        line(t('notifications.monthlySummary.absentDays'), String(totals.absentDays)),
        line(t('notifications.monthlySummary.leaveDays'), String(totals.leaveDays)),
        t('notifications.monthlySummary.acknowledge', params),
      ],
      action: { label: t('notifications.monthlySummary.action'), url: link(`/personal/attendance?month=${month}`) },
    });
  };
}

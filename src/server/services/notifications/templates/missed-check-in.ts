import { formatRecordTime } from '#domain/format/record-time.ts';
import { formatLocalDate } from '#domain/format/intl-format.ts';
import { emailContent } from '#server/mail/email-content.ts';
import type { ContentBuilder } from '../notify.ts';

export interface MissedCheckInFacts {
  employeeId: number;
  employeeName: string;
  date: string;
  /** The scheduled start (ISO), shown in the company zone. */
  scheduledStart: string;
  timezone: string;
  minutes: number;
  timeFormat: '1' | '2';
}

/** "No check-in yet" (decision 056): to the employee, or to a manager with the employee's name. */
export function missedCheckInEmail(f: MissedCheckInFacts, audience: 'employee' | 'manager'): ContentBuilder {
  return (lang, t, link) => {
    const params = { name: f.employeeName, date: formatLocalDate(f.date, lang, 'long'), time: formatRecordTime(f.scheduledStart, f.timezone, lang, f.timeFormat), minutes: f.minutes };
    if (audience === 'employee') {
      return emailContent({
        lang,
        subject: t('notifications.missedCheckIn.subject', params),
        heading: t('notifications.missedCheckIn.subject', params),
        lines: [t('notifications.missedCheckIn.line', params), t('notifications.missedCheckIn.what', params)],
        action: { label: t('notifications.missedCheckIn.action'), url: link('/personal/dashboard') },
      });
    }
    return emailContent({
      lang,
      subject: t('notifications.missedCheckIn.managerSubject', params),
      heading: t('notifications.missedCheckIn.managerSubject', params),
      lines: [t('notifications.missedCheckIn.managerLine', { ...params, count: f.minutes })],
      action: { label: t('notifications.missedCheckIn.managerAction'), url: link(`/attendance?employee=${f.employeeId}&from=${f.date}&to=${f.date}`) },
    });
  };
}

import { formatLocalDate } from '#domain/format/intl-format.ts';
import { formatRecordTime } from '#domain/format/record-time.ts';
import { emailContent } from '#server/mail/email-content.ts';
import type { ContentBuilder } from '../notify.ts';

export interface MissingCheckOutFacts {
  employeeId: number;
  employeeName: string;
  date: string;
  timezone: string;
  timeIn: string;
  timeFormat: '1' | '2';
  /** The check-out the automatic clock-out recorded (the scheduled end), when it closed the day. */
  closedAt?: string | null;
}

/**
 * "You did not check out" (decision 056): to the employee, with a link to ask for the day's
 * correction on My attendance (`correct=` opens the request form on that date); to a manager, the
 * employee's name and a link to the day in the attendance list. When the automatic clock-out closed
 * the day first, both say so and at what time.
 */
export function missingCheckOutEmail(f: MissingCheckOutFacts, audience: 'employee' | 'manager'): ContentBuilder {
  return (lang, t, link) => {
    const params = {
      name: f.employeeName,
      date: formatLocalDate(f.date, lang, 'long'),
      time: formatRecordTime(f.timeIn, f.timezone, lang, f.timeFormat),
      end: f.closedAt ? formatRecordTime(f.closedAt, f.timezone, lang, f.timeFormat) : '',
    };
    const closed = f.closedAt ? [t('notifications.missingCheckOut.closedAutomatically', params)] : [];
    if (audience === 'employee') {
      return emailContent({
        lang,
        subject: t('notifications.missingCheckOut.subject', params),
        heading: t('notifications.missingCheckOut.heading', params),
        lines: [t('notifications.missingCheckOut.line', params), ...closed, t('notifications.missingCheckOut.what', params)],
        action: { label: t('notifications.missingCheckOut.action'), url: link(`/personal/attendance?month=${f.date.slice(0, 7)}&correct=${f.date}`) },
      });
    }
    return emailContent({
      lang,
      subject: t('notifications.missingCheckOut.managerSubject', params),
      heading: t('notifications.missingCheckOut.managerSubject', params),
      lines: [t('notifications.missingCheckOut.managerLine', params), ...closed],
      action: { label: t('notifications.missingCheckOut.managerAction'), url: link(`/attendance?employee=${f.employeeId}&from=${f.date}&to=${f.date}`) },
    });
  };
}

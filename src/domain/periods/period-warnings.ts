import type { MonthlyRecordDay } from '../reports/monthly-record.ts';
import type { Period } from '../reports/periods.ts';
import type { Settings } from '../settings/settings.ts';
import { workTimeWarnings, type WarnDay, type WorkTimeWarning } from '../worktime/work-time-warnings.ts';
import { warningLimitsOf } from '../worktime/worktime-settings.ts';

/**
 * The period's work-time warnings (short break, short rest, long day: the core's rule) from the
 * record's days; `previous` is the employee's last day before the period, so a short rest between
 * the period's first day and the day before is seen.
 */
export function periodWarnings(days: readonly MonthlyRecordDay[], settings: Pick<Settings, 'maxOrdinaryDailyHours'>, period: Period, previous?: WarnDay): WorkTimeWarning[] {
  const worked: WarnDay[] = [];
  for (const d of days) {
    if (d.timeIn === null || d.date < period.from || d.date > period.to) continue;
    worked.push({ date: d.date, timeIn: d.timeIn, timeOut: d.timeOut, breaks: d.breaks, workedSeconds: d.workedSeconds, workFlag: d.workFlag });
  }
  return workTimeWarnings(worked, warningLimitsOf(settings), previous);
}

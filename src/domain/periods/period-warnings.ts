import type { MonthlyRecordDay } from '../reports/monthly-record.ts';
import type { Period } from '../reports/periods.ts';
import type { Settings } from '../settings/settings.ts';
import { workTimeWarnings, type WarnDay, type WorkTimeWarning } from '../worktime/work-time-warnings.ts';
import { warningLimitsOf } from '../worktime/worktime-settings.ts';
import { warnDayOf } from '../worktime/work-time-warnings-by-day.ts';

/**
 * The period's work-time warnings (short break, short rest, long day on ordinary hours, a night
 * worker's overtime: the core's rule) from the
 * record's days; `previous` is the employee's last day before the period, so a short rest between
 * the period's first day and the day before is seen.
 */
export function periodWarnings(days: readonly MonthlyRecordDay[], settings: Pick<Settings, 'maxOrdinaryDailyHours'>, period: Period, previous?: WarnDay): WorkTimeWarning[] {
  const worked: WarnDay[] = [];
  for (const d of days) {
    if (d.date < period.from || d.date > period.to) continue;
    const day = warnDayOf(d);
    if (day) worked.push(day);
  }
  return workTimeWarnings(worked, warningLimitsOf(settings), previous);
}

import type { MonthlyRecordDay } from '../reports/monthly-record.ts';
import type { Period } from '../reports/periods.ts';
import { workTimeWarnings, type WarnDay, type WarningLimitsInput, type WorkTimeWarning } from '../worktime/work-time-warnings.ts';
import { warnDayOf } from '../worktime/work-time-warnings-by-day.ts';

/**
 * The period's work-time warnings (short break, short rest, long day on ordinary hours, a night
 * worker's overtime: the core's rule) from the
 * record's days; `previous` is the employee's last day before the period, so a short rest between
 * the period's first day and the day before is seen. `limits`: those in force on each date
 * (`warningLimitsOn`, the daily ordinary hours are effective-dated).
 */
export function periodWarnings(days: readonly MonthlyRecordDay[], limits: WarningLimitsInput, period: Period, previous?: WarnDay): WorkTimeWarning[] {
  const worked: WarnDay[] = [];
  for (const d of days) {
    if (d.date < period.from || d.date > period.to) continue;
    const day = warnDayOf(d);
    if (day) worked.push(day);
  }
  return workTimeWarnings(worked, limits, previous);
}

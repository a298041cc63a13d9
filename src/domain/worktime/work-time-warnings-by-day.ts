import type { MonthlyRecord, MonthlyRecordDay } from '../reports/monthly-record.ts';
import { workTimeWarnings, type WarnDay, type WarningLimitsInput, type WorkTimeWarning } from './work-time-warnings.ts';

/**
 * The work-time warnings (workTimeWarnings, art. 34.3/34.4 ET) placed on the days they belong
 * to, for the screens that show them: the attendance list (rows of many employees, one page),
 * the dashboard's exceptions widget (recent days of every employee) and the monthly record notes
 * (one employee's month). A rest shorter than the limit goes on the later day, so each caller
 * hands in the day before its first one (the list and the widget load it with the rest; the
 * record reads the last day of the previous month).
 */

export interface EmployeeWarnDay extends WarnDay {
  employeeId: number;
}

/** The key of an employee's date in `warningsByEmployeeDay`. */
export function employeeDayKey(employeeId: number, date: string): string {
  return `${employeeId} ${date}`;
}

/**
 * Every employee's days judged in date order (each day's rest measured from the one before it
 * in the list, whatever the gap), keyed by employeeDayKey. Days not in the list are not judged,
 * so a caller loads one more day before the first it shows.
 */
export function warningsByEmployeeDay(days: readonly EmployeeWarnDay[], limits: WarningLimitsInput): Map<string, WorkTimeWarning[]> {
  const byEmployee = new Map<number, EmployeeWarnDay[]>();
  for (const d of days) byEmployee.set(d.employeeId, [...(byEmployee.get(d.employeeId) ?? []), d]);
  const out = new Map<string, WorkTimeWarning[]>();
  for (const [employeeId, own] of byEmployee) {
    const sorted = [...own].sort((a, b) => a.date.localeCompare(b.date) || a.timeIn.localeCompare(b.timeIn));
    for (const w of workTimeWarnings(sorted, limits)) {
      const key = employeeDayKey(employeeId, w.date);
      out.set(key, [...(out.get(key) ?? []), w]);
    }
  }
  return out;
}

/**
 * A record day as workTimeWarnings reads it (its ordinary hours, overtime and night-worker flag
 * from dayFigures); null on a day without attendance. The record and the period close both use it.
 */
export function warnDayOf(
  day: Pick<MonthlyRecordDay, 'date' | 'timeIn' | 'timeOut' | 'breaks' | 'workedSeconds' | 'workFlag' | 'ordinarySeconds' | 'overtimeSeconds' | 'nightWorker'> &
    Partial<Pick<MonthlyRecordDay, 'complementarySeconds' | 'scheduleChangedOn'>>,
): WarnDay | null {
  if (day.timeIn === null) return null;
  return {
    date: day.date,
    timeIn: day.timeIn,
    timeOut: day.timeOut,
    breaks: day.breaks,
    workedSeconds: day.workedSeconds,
    workFlag: day.workFlag,
    ordinarySeconds: day.ordinarySeconds,
    overtimeSeconds: day.overtimeSeconds,
    nightWorker: day.nightWorker,
    complementarySeconds: day.complementarySeconds ?? 0,
    scheduleChangedOn: day.scheduleChangedOn ?? null,
  };
}

/**
 * The record with each day's warnings (`day.warnings`, empty when none), judged over the month's
 * attended days with `previous` (the last attendance before the month) for the first rest.
 */
export function withWorkTimeWarnings(record: MonthlyRecord, limits: WarningLimitsInput, previous?: WarnDay): MonthlyRecord {
  const worked = record.days.map(warnDayOf).filter((d): d is WarnDay => d !== null);
  const byDate = new Map<string, WorkTimeWarning[]>();
  for (const w of workTimeWarnings(worked, limits, previous)) byDate.set(w.date, [...(byDate.get(w.date) ?? []), w]);
  return { ...record, days: record.days.map((d) => ({ ...d, warnings: byDate.get(d.date) ?? [] })) };
}

/** What the attendance list and detail add to an attendance (decision 050). */
export interface AttendanceWorkTime {
  /** The time that counts as work under the break rules (countedSeconds); null while open. */
  countedSeconds: number | null;
  /** Seconds deducted automatically for a break not punched. */
  deductedSeconds: number;
  /** The day's work-time warnings; none on a voided or open day. */
  warnings: WorkTimeWarning[];
}

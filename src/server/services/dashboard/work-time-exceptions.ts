import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { missingCheckOut } from '#domain/clock/clock-engine.ts';
import { seesEveryEmployee, type RecordAccount } from '#domain/permissions/record-access.ts';
import { employeeDayKey, warningsByEmployeeDay } from '#domain/worktime/work-time-warnings-by-day.ts';
import type { WorkTimeWarning } from '#domain/worktime/work-time-warnings.ts';
import { warningLimitsOn } from '#domain/worktime/worktime-settings.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { recordAttendancesIn, reportEmployees } from '../../db/repositories/report-data.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { withWarnDayFigures } from '../worktime/warn-day-figures.ts';
import { compareNames } from '#domain/lists/sort-key.ts';

/** Days judged by the dashboard's exceptions widget: today and the seven before it. */
export const EXCEPTION_DAYS = 8;

export interface WorkTimeException {
  employeeId: number;
  name: string;
  department: string;
  date: string;
  warnings: WorkTimeWarning[];
  /** Closed by the automatic clock-out at its scheduled end (decision 056). */
  closedAutomatically: boolean;
  /** Still open from an earlier date and no longer the shift being worked (the clock's `missingCheckOut`, issue 37). */
  missingCheckOut: boolean;
  /** The day's check-in and the zone stored with it (decision 027). */
  timeIn: string;
  timezone: string;
}

/**
 * The admin dashboard's "Exceptions" widget (decision 050): the active employees' days of the
 * last EXCEPTION_DAYS with a work-time warning (short break, short rest, long day), closed by the
 * automatic clock-out (decision 056) or left without check-out (issue 37), newest first,
 * then by name. The day before the window is read too, for the first day's rest. Figures about
 * every employee: only for an account that sees every employee (decision 024; 403 otherwise).
 */
export async function workTimeExceptions(db: Db, viewer: RecordAccount): Promise<WorkTimeException[]> {
  if (!seesEveryEmployee(viewer)) throw new AppError('errors.everyEmployeeAdminOnly', 403);
  const settings = await getSettings(db);
  const now = new Date(nowMs()).toISOString();
  const today = localDateOf(now, settings.timezone);
  const from = addDays(today, -(EXCEPTION_DAYS - 1));
  const active = { status: 'active' as const };
  const days = await recordAttendancesIn(db, active, { from: addDays(from, -1), to: today });
  const warnings = warningsByEmployeeDay(await withWarnDayFigures(db, days), warningLimitsOn(await breakRulesByDate(db)));
  const employees = new Map((await reportEmployees(db, active)).map((e) => [e.id, e]));
  const out: WorkTimeException[] = [];
  for (const d of days) {
    const e = employees.get(d.employeeId);
    const own = warnings.get(employeeDayKey(d.employeeId, d.date)) ?? [];
    const closedAutomatically = d.closedAutomatically === 1;
    const missing = missingCheckOut(d, now, settings.timezone);
    if (!e || (own.length === 0 && !closedAutomatically && !missing) || d.date < from) continue;
    out.push({ employeeId: e.id, name: `${e.firstName} ${e.lastName}`, department: e.departmentName, date: d.date, warnings: own, closedAutomatically, missingCheckOut: missing, timeIn: d.timeIn, timezone: d.timezone });
  }
  return out.sort((a, b) => b.date.localeCompare(a.date) || compareNames(a.name, b.name));
}

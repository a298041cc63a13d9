import type { EmployeeWarnDay } from '#domain/worktime/work-time-warnings-by-day.ts';
import type { Db } from '../connection.ts';

/**
 * Worked days as the work-time warnings read them (decision 050): check-in, check-out, breaks and
 * time worked of the employees' dates asked for, voided entries left out (they count nowhere).
 */
export async function workDaysOn(db: Db, days: readonly { employeeId: number; date: string }[]): Promise<(EmployeeWarnDay & { breakSeconds: number })[]> {
  if (days.length === 0) return [];
  const rows = await db
    .selectFrom('attendances')
    .select(['id', 'employeeId', 'date', 'timeIn', 'timeOut', 'workedSeconds', 'breakSeconds', 'workFlag'])
    .where('voidedAt', 'is', null)
    .where((eb) => eb.or(days.map((d) => eb.and([eb('employeeId', '=', d.employeeId), eb('date', '=', d.date)]))))
    .execute();
  const breaks =
    rows.length === 0
      ? []
      : await db
          .selectFrom('attendanceBreaks')
          .select(['attendanceId', 'startAt', 'endAt'])
          .where(
            'attendanceId',
            'in',
            rows.map((r) => r.id),
          )
          .orderBy('startAt')
          .execute();
  const byAttendance = new Map<number, { startAt: string; endAt: string | null }[]>();
  for (const b of breaks) byAttendance.set(b.attendanceId, [...(byAttendance.get(b.attendanceId) ?? []), { startAt: b.startAt, endAt: b.endAt }]);
  return rows.map((r) => ({
    employeeId: r.employeeId,
    date: r.date,
    timeIn: r.timeIn,
    timeOut: r.timeOut,
    workedSeconds: r.workedSeconds,
    breakSeconds: r.breakSeconds,
    workFlag: r.workFlag,
    breaks: byAttendance.get(r.id) ?? [],
  }));
}

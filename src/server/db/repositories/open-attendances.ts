import type { BreakInstants } from '#domain/attendance/shift-times.ts';
import type { WorkFlag } from '#domain/attendance/work-flag.ts';
import type { Db } from '../connection.ts';

/** A day still open (no check-out, not voided), as the minute jobs judge it (decision 056). */
export interface OpenAttendanceRow {
  id: number;
  employeeId: number;
  companyId: number;
  date: string;
  timezone: string;
  timeIn: string;
  workFlag: WorkFlag | null;
  breaks: BreakInstants[];
}

/**
 * Every open attendance with a work date on or after `fromDate`, with its breaks: two reads on the
 * partial index `attendances_open` (migration 0024), whatever the size of the record.
 */
export async function openAttendancesSince(db: Db, fromDate: string): Promise<OpenAttendanceRow[]> {
  const rows = await db
    .selectFrom('attendances')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select(['attendances.id', 'attendances.employeeId', 'employees.companyId', 'attendances.date', 'attendances.timezone', 'attendances.timeIn', 'attendances.workFlag'])
    .where('attendances.timeOut', 'is', null)
    .where('attendances.date', '>=', fromDate)
    .where('attendances.voidedAt', 'is', null)
    .orderBy('attendances.id')
    .execute();
  if (rows.length === 0) return [];
  const breaks = await db
    .selectFrom('attendanceBreaks')
    .select(['attendanceId', 'startAt', 'endAt'])
    .where(
      'attendanceId',
      'in',
      rows.map((r) => r.id),
    )
    .orderBy('startAt')
    .execute();
  const byAttendance = new Map<number, BreakInstants[]>();
  for (const b of breaks) byAttendance.set(b.attendanceId, [...(byAttendance.get(b.attendanceId) ?? []), { startAt: b.startAt, endAt: b.endAt }]);
  return rows.map((r) => ({ ...r, breaks: byAttendance.get(r.id) ?? [] }));
}

/** A day the automatic clock-out closed and nobody has corrected since (decision 056). */
export interface AutoClosedAttendanceRow {
  id: number;
  employeeId: number;
  companyId: number;
  date: string;
  timezone: string;
  timeIn: string;
  timeOut: string;
}

/** The days closed automatically with a work date on or after `fromDate` (the date index). */
export async function autoClosedAttendancesSince(db: Db, fromDate: string): Promise<AutoClosedAttendanceRow[]> {
  const rows = await db
    .selectFrom('attendances')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select(['attendances.id', 'attendances.employeeId', 'employees.companyId', 'attendances.date', 'attendances.timezone', 'attendances.timeIn', 'attendances.timeOut'])
    .where('attendances.date', '>=', fromDate)
    .where('attendances.closedAutomatically', '=', 1)
    .where('attendances.voidedAt', 'is', null)
    .orderBy('attendances.id')
    .execute();
  return rows.map((r) => ({ ...r, timeOut: r.timeOut ?? r.timeIn }));
}

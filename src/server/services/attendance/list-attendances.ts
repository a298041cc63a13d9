import type { AttendanceDto } from '#domain/api/records.ts';
import { parseListQuery, type ListQuery } from '#domain/lists/list-query.ts';
import type { RecordAccount } from '#domain/permissions/record-access.ts';
import type { AttendanceWorkTime } from '#domain/worktime/work-time-warnings-by-day.ts';
import type { Db } from '../../db/connection.ts';
import { withAttendanceWorkTime } from './attendance-work-time.ts';
import { ATTENDANCE_LIST_OPTIONS, listAttendances as attendancesPage } from '../../db/repositories/attendances.ts';

/** The attendance list's query from its URL parameters (the list and its export read the same ones). */
export function attendanceListQuery(params: URLSearchParams): ListQuery {
  return parseListQuery(params, ATTENDANCE_LIST_OPTIONS);
}

/**
 * The page of the attendance list the URL asks for; an Employee account lists only its own days.
 * Each row carries its counted time and work-time warnings (decision 050).
 */
export async function listAttendances(db: Db, params: URLSearchParams, viewer: RecordAccount): Promise<{ data: (AttendanceDto & AttendanceWorkTime)[]; total: number }> {
  const page = await attendancesPage(db, attendanceListQuery(params), viewer);
  return { total: page.total, data: await withAttendanceWorkTime(db, page.data) };
}

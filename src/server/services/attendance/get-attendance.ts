import type { Db } from '../../db/connection.ts';
import { findAttendanceDetail, type AttendanceDetailDto, type AttendanceViewer } from '../../db/repositories/attendances.ts';
import { notFound } from '../../http/app-error.ts';
import { requireReadable } from '../record-guard.ts';
import type { AttendanceWorkTime } from '#domain/worktime/work-time-warnings-by-day.ts';
import { withAttendanceWorkTime } from './attendance-work-time.ts';

/**
 * One attendance with breaks and history, of an employee the viewer may read (else 404), with its
 * counted time and work-time warnings (decision 050).
 */
export async function getAttendance(db: Db, id: number, viewer: AttendanceViewer): Promise<AttendanceDetailDto & AttendanceWorkTime> {
  const attendance = await findAttendanceDetail(db, id);
  if (!attendance) throw notFound();
  requireReadable(viewer, attendance.employee);
  return (await withAttendanceWorkTime(db, [attendance]))[0]!;
}

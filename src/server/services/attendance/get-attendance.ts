import type { Db } from '../../db/connection.ts';
import { findAttendanceDetail, type AttendanceDetailDto, type AttendanceViewer } from '../../db/repositories/attendances.ts';
import { notFound } from '../../http/app-error.ts';

/** One attendance with breaks and history; an Employee account sees only its own (else 404). */
export async function getAttendance(db: Db, id: number, viewer: AttendanceViewer): Promise<AttendanceDetailDto> {
  const attendance = await findAttendanceDetail(db, id);
  if (!attendance) throw notFound();
  if (viewer.accountType === 'Employee' && attendance.employee !== viewer.employeeId) throw notFound();
  return attendance;
}

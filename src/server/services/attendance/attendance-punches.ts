import type { Db } from '../../db/connection.ts';
import { punchesOfAttendance, type AttendancePunch } from '../../db/repositories/attendance-punches.ts';

export type { AttendancePunch };

/**
 * The punches of an attendance the caller has already found readable (findReadableAttendance,
 * decision 024): what the clock recorded, with the terminal of each (decision 042).
 */
export async function attendancePunches(db: Db, attendance: { _id: number }): Promise<AttendancePunch[]> {
  return punchesOfAttendance(db, attendance._id);
}

import type { Db } from '../connection.ts';
import type { PunchTable } from '../schema.ts';

/** A punch of an attendance as the attendance page lists it (decision 042). */
export interface AttendancePunch {
  id: number;
  action: PunchTable['action'];
  at: string;
  method: PunchTable['method'];
  /** The terminal's name at punch time (kept even if the terminal is renamed or revoked). */
  terminal: string | null;
}

/** The punches recorded for one attendance, in the order they happened. */
export async function punchesOfAttendance(db: Db, attendanceId: number): Promise<AttendancePunch[]> {
  return db.selectFrom('punches').select(['id', 'action', 'at', 'method', 'terminal']).where('attendanceId', '=', attendanceId).orderBy('at').orderBy('id').execute();
}

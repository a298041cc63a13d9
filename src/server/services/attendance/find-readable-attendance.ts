import type { AttendanceDetailDto } from '#domain/api/records.ts';
import { canReadEmployeeRecord, type RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { findAttendanceDetail } from '../../db/repositories/attendances.ts';

/**
 * One attendance with breaks and history for its page; undefined when there is none or it is a
 * day of an employee the viewer may not read (decision 024), so the page shows it as missing.
 */
export async function findReadableAttendance(db: Db, id: number, viewer: RecordAccount): Promise<AttendanceDetailDto | undefined> {
  const found = await findAttendanceDetail(db, id);
  return found && canReadEmployeeRecord(viewer, found.employee) ? found : undefined;
}

import type { ScheduleDto } from '#domain/api/records.ts';
import { canReadEmployeeRecord, type RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { findSchedule } from '../../db/repositories/schedules.ts';

/**
 * One schedule for its page; undefined when there is none or it is a schedule of an employee the
 * viewer may not read (decision 024), so the page shows it as missing.
 */
export async function findReadableSchedule(db: Db, id: number, viewer: RecordAccount): Promise<ScheduleDto | undefined> {
  const found = await findSchedule(db, id);
  return found && canReadEmployeeRecord(viewer, found.employee) ? found : undefined;
}

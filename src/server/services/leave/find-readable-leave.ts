import type { LeaveDto } from '#domain/api/records.ts';
import { canReadEmployeeRecord, type RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { findLeave } from '../../db/repositories/leaves.ts';

/**
 * One leave request for the admin's page; undefined when there is none or it is leave of an
 * employee the viewer may not read (decision 024), so the page shows it as missing.
 */
export async function findReadableLeave(db: Db, id: number, viewer: RecordAccount): Promise<LeaveDto | undefined> {
  const found = await findLeave(db, id);
  return found && canReadEmployeeRecord(viewer, found.employee) ? found : undefined;
}

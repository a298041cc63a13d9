import type { EmployeeDto } from '#domain/api/records.ts';
import { canReadEmployeeRecord, type RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { findEmployee } from '../../db/repositories/employees.ts';

/**
 * One employee for its page; undefined when there is none or the viewer may not read them
 * (decision 024: not looked up at all), so the page shows it as missing.
 */
export async function findReadableEmployee(db: Db, id: number, viewer: RecordAccount): Promise<EmployeeDto | undefined> {
  return canReadEmployeeRecord(viewer, id) ? findEmployee(db, id) : undefined;
}

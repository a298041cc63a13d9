import type { LeaveDto } from '#domain/api/records.ts';
import type { RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { findLeave } from '../../db/repositories/leaves.ts';

/**
 * One leave request of the account's own employee, for the self-service page; anyone else's
 * (whatever the account's type) is undefined, "No leave found!" as in the API.
 */
export async function findOwnLeave(db: Db, id: number, account: Pick<RecordAccount, 'employeeId'>): Promise<LeaveDto | undefined> {
  const found = await findLeave(db, id);
  return found && account.employeeId !== null && found.employee === account.employeeId ? found : undefined;
}

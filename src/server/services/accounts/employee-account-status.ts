import { accountStatus, type AccountStatus } from '#domain/accounts/account-links.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { employeesWithAccount, latestInvitations } from '../../db/repositories/account-links.ts';

/** One employee's account as the employee page shows it (decision 066): joined, invited, expired or none. */
export async function employeeAccountStatus(db: Db, employeeId: number): Promise<AccountStatus> {
  const [joined, invitations] = await Promise.all([employeesWithAccount(db, [employeeId]), latestInvitations(db, [employeeId])]);
  return accountStatus(joined.has(employeeId), invitations.get(employeeId) ?? null, nowIso());
}

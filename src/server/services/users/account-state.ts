import { refuseEditing, type AccountState, type Actor, type Refusal } from '#domain/users/account-rules.ts';
import type { Db } from '../../db/connection.ts';
import { findRolePermissions } from '../../db/repositories/role-permissions.ts';

/** An account as the account rules see it: its type, status and its role's permissions. */
export async function accountState(db: Db, user: { accountType: AccountState['accountType']; status: AccountState['status']; role: number }): Promise<AccountState> {
  return { accountType: user.accountType, status: user.status, permissions: await findRolePermissions(db, user.role) };
}

/** Why the actor may not open this user for editing (the edit page and `updateUser`), or undefined. */
export async function refuseEditingUser(db: Db, actor: Actor, user: { accountType: AccountState['accountType']; status: AccountState['status']; role: number }): Promise<Refusal | undefined> {
  return refuseEditing(actor, await accountState(db, user));
}

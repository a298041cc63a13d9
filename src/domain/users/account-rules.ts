import { isAccountTypeGrantable, isGrantable, type Grantor } from '../permissions/grantable.ts';
import type { AccountType, Permissions } from '../permissions/permissions.ts';

/**
 * Record-level rules on user accounts, beyond the `user.*` authority the API table checks:
 * - only a SuperAdmin creates, promotes to, edits or deletes a SuperAdmin (403);
 * - nobody gives a role or an account type they could not grant (decision 021), nor edits or
 *   deletes a user whose role or account type they could not grant (403);
 * - only a SuperAdmin changes another Admin's email or password (403); an Employee account's
 *   credentials are ordinary HR work;
 * - the last enabled SuperAdmin cannot be disabled, demoted or deleted (409);
 * - nobody deletes or disables their own account (409).
 * Each function returns the refusal (i18n key and status), or undefined when allowed.
 */
export interface Refusal {
  code: string;
  status: 403 | 409;
}

/** The signed-in account acting: its own role's permissions are what it may grant. */
export interface Actor extends Grantor {
  id: number;
  roleId: number;
}

export interface AccountState {
  accountType: AccountType;
  status: 'enabled' | 'disabled';
  /** The permissions of the account's role. */
  permissions: Permissions;
}

const refuse = (code: string, status: 403 | 409): Refusal => ({ code, status });
const isEnabledSuperAdmin = (a: SessionState) => a.accountType === 'SuperAdmin' && a.status === 'enabled';

export function refuseCreate(actor: Actor, next: AccountState): Refusal | undefined {
  if (next.accountType === 'SuperAdmin' && actor.accountType !== 'SuperAdmin') return refuse('users.onlySuperAdminCreates', 403);
  return refuseGrant(actor, next);
}

/** The account type and role of a new or changed account must be the actor's to grant. */
function refuseGrant(actor: Actor, next: AccountState): Refusal | undefined {
  if (!isAccountTypeGrantable(actor, next.accountType)) return refuse('users.accountTypeNotGrantable', 403);
  if (!isGrantable(actor, next.permissions)) return refuse('users.roleNotGrantable', 403);
  return undefined;
}

/** Whether the actor may open the record for editing at all (before looking at the changes). */
export function refuseEditing(actor: Actor, target: AccountState): Refusal | undefined {
  if (target.accountType === 'SuperAdmin' && actor.accountType !== 'SuperAdmin') return refuse('users.onlySuperAdminEdits', 403);
  return refuseTarget(actor, target);
}

/** A user whose role or account type the actor could not grant is out of the actor's reach. */
function refuseTarget(actor: Actor, target: AccountState): Refusal | undefined {
  if (!isAccountTypeGrantable(actor, target.accountType) || !isGrantable(actor, target.permissions)) return refuse('users.userNotEditable', 403);
  return undefined;
}

/**
 * `enabledSuperAdmins`: how many enabled SuperAdmins exist now, the target included.
 * `credentialsChanged`: the change sets a new email or password.
 */
export function refuseUpdate(actor: Actor, target: AccountState & { id: number }, next: AccountState, enabledSuperAdmins: number, credentialsChanged = false): Refusal | undefined {
  const editing = refuseEditing(actor, target);
  if (editing) return editing;
  if (next.accountType === 'SuperAdmin' && target.accountType !== 'SuperAdmin' && actor.accountType !== 'SuperAdmin') {
    return refuse('users.onlySuperAdminPromotes', 403);
  }
  const grant = refuseGrant(actor, next);
  if (grant) return grant;
  // An administrator's credentials before or after the change (no demote-and-reset, no promote-and-set).
  const administrator = target.accountType !== 'Employee' || next.accountType !== 'Employee';
  if (credentialsChanged && administrator && target.id !== actor.id && actor.accountType !== 'SuperAdmin') {
    return refuse('users.onlySuperAdminChangesCredentials', 403);
  }
  if (isEnabledSuperAdmin(target) && !isEnabledSuperAdmin(next) && enabledSuperAdmins <= 1) {
    return refuse('users.lastSuperAdmin', 409);
  }
  if (target.id === actor.id && target.status === 'enabled' && next.status === 'disabled') return refuse('users.cannotDisableSelf', 409);
  return undefined;
}

export function refuseDelete(actor: Actor, target: AccountState & { id: number }, enabledSuperAdmins: number): Refusal | undefined {
  if (target.id === actor.id) return refuse('users.cannotDeleteSelf', 409);
  if (target.accountType === 'SuperAdmin' && actor.accountType !== 'SuperAdmin') return refuse('users.onlySuperAdminDeletes', 403);
  const reach = refuseTarget(actor, target);
  if (reach) return reach;
  if (isEnabledSuperAdmin(target) && enabledSuperAdmins <= 1) return refuse('users.lastSuperAdmin', 409);
  return undefined;
}

type SessionState = Pick<AccountState, 'accountType' | 'status'>;

/**
 * Changes that end every session of the user: disabling, a new account type (its route set
 * changes) and a new password. A new role does not: roles are re-read on every request.
 */
export function endsSessions(before: SessionState, next: SessionState, passwordChanged: boolean): boolean {
  return (before.status === 'enabled' && next.status === 'disabled') || before.accountType !== next.accountType || passwordChanged;
}

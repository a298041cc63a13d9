import type { AccountType } from '../permissions/permissions.ts';

/**
 * Record-level rules on user accounts, beyond the `user.*` authority the API table checks:
 * - only a SuperAdmin creates, promotes to, edits or deletes a SuperAdmin (403);
 * - the last enabled SuperAdmin cannot be disabled, demoted or deleted (409);
 * - nobody deletes or disables their own account (409).
 * Each function returns the refusal (i18n key and status), or undefined when allowed.
 */
export interface Refusal {
  code: string;
  status: 403 | 409;
}

export interface Actor {
  id: number;
  accountType: AccountType;
}

export interface AccountState {
  accountType: AccountType;
  status: 'enabled' | 'disabled';
}

const refuse = (code: string, status: 403 | 409): Refusal => ({ code, status });
const isEnabledSuperAdmin = (a: AccountState) => a.accountType === 'SuperAdmin' && a.status === 'enabled';

export function refuseCreate(actor: Actor, next: AccountState): Refusal | undefined {
  if (next.accountType === 'SuperAdmin' && actor.accountType !== 'SuperAdmin') return refuse('users.onlySuperAdminCreates', 403);
  return undefined;
}

/** Whether the actor may open the record for editing at all (before looking at the changes). */
export function refuseEditing(actor: Actor, target: AccountState): Refusal | undefined {
  if (target.accountType === 'SuperAdmin' && actor.accountType !== 'SuperAdmin') return refuse('users.onlySuperAdminEdits', 403);
  return undefined;
}

/** `enabledSuperAdmins`: how many enabled SuperAdmins exist now, the target included. */
export function refuseUpdate(
  actor: Actor,
  target: AccountState & { id: number },
  next: AccountState,
  enabledSuperAdmins: number,
): Refusal | undefined {
  const editing = refuseEditing(actor, target);
  if (editing) return editing;
  if (next.accountType === 'SuperAdmin' && target.accountType !== 'SuperAdmin' && actor.accountType !== 'SuperAdmin') {
    return refuse('users.onlySuperAdminPromotes', 403);
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
  if (isEnabledSuperAdmin(target) && enabledSuperAdmins <= 1) return refuse('users.lastSuperAdmin', 409);
  return undefined;
}

/**
 * Changes that end every session of the user: disabling, a new account type (its route set
 * changes) and a new password. A new role does not: roles are re-read on every request.
 */
export function endsSessions(before: AccountState, next: AccountState, passwordChanged: boolean): boolean {
  return (before.status === 'enabled' && next.status === 'disabled') || before.accountType !== next.accountType || passwordChanged;
}

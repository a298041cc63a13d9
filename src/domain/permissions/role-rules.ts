import type { Actor, Refusal } from '../users/account-rules.ts';
import { isGrantable } from './grantable.ts';
import type { Permissions } from './permissions.ts';

/**
 * Record-level rules on roles, beyond the `role.*` authority (decision 021). A new or changed
 * permission set must be the actor's to grant; a role the actor could not grant is out of its
 * reach (no edit, no delete); nobody edits or deletes the role they hold, except a SuperAdmin,
 * whose powers do not come from its role (so it keeps managing the default Administrator role).
 * Each returns the refusal, or undefined when allowed.
 */
export function refuseRoleCreate(actor: Actor, permissions: Permissions): Refusal | undefined {
  return isGrantable(actor, permissions) ? undefined : { code: 'roles.permissionsNotGrantable', status: 403 };
}

/** `next`: the new permission set of an update; undefined for a delete. */
export function refuseRoleChange(actor: Actor, role: { id: number; permissions: Permissions }, next?: Permissions): Refusal | undefined {
  if (actor.accountType !== 'SuperAdmin' && role.id === actor.roleId) return { code: 'roles.cannotEditOwnRole', status: 403 };
  if (!isGrantable(actor, role.permissions)) return { code: 'roles.roleNotEditable', status: 403 };
  return next ? refuseRoleCreate(actor, next) : undefined;
}

import { ACTIONS, RESOURCES, normalizePermissions, type Permissions } from './permissions.ts';

/**
 * What a role actually grants, for the roles list: every action everywhere, or how many areas it
 * may change (any action besides read) and how many it may only read. A read-only role is never
 * summed up like the Administrator ("14 of 14 areas").
 */
export interface RoleReach {
  full: boolean;
  /** Areas with at least one action besides `read`. */
  write: number;
  /** Areas with `read` and nothing else. */
  readOnly: number;
  total: number;
}

export function roleReach(permissions: Permissions): RoleReach {
  const p = normalizePermissions(permissions);
  let write = 0;
  let readOnly = 0;
  let full = true;
  for (const resource of RESOURCES) {
    const actions = p[resource] ?? [];
    if (actions.length < ACTIONS.length) full = false;
    if (actions.some((a) => a !== 'read')) write++;
    else if (actions.includes('read')) readOnly++;
  }
  return { full, write, readOnly, total: RESOURCES.length };
}

/** "Every action on every area" / "Read only: 3 areas" / "Changes 2 areas · read only: 3 areas" / "No permissions". */
export function roleReachText(permissions: Permissions, t: (key: string, params?: Record<string, unknown>) => string): string {
  const r = roleReach(permissions);
  if (r.full) return t('roles.reachFull', { total: r.total });
  if (r.write === 0 && r.readOnly === 0) return t('roles.reachNone');
  const parts: string[] = [];
  if (r.write > 0) parts.push(t('roles.reachWrite', { count: r.write }));
  if (r.readOnly > 0) parts.push(t(r.write > 0 ? 'roles.reachAlsoRead' : 'roles.reachReadOnly', { count: r.readOnly }));
  return parts.join(' · ');
}

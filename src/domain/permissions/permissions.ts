/**
 * The permission model of spec section 6: a role maps each resource to the actions it allows;
 * an authority is a list of `resource.action` strings that must all be granted.
 */

export const RESOURCES = [
  'dashboard',
  'employee',
  'attendance',
  'schedule',
  'leave',
  'report',
  'user',
  'setting',
  'role',
  'company',
  'department',
  'jobTitles',
  'leaveType',
  'leaveGroup',
  // The representatives' monthly totals, names only (decision 036).
  'workTotals',
] as const;
export type Resource = (typeof RESOURCES)[number];

export const ACTIONS = ['create', 'read', 'update', 'delete', 'archive'] as const;
export type Action = (typeof ACTIONS)[number];

export type Authority = `${Resource}.${Action}`;
export type Permissions = Partial<Record<Resource, Action[]>>;
export type AccountType = 'SuperAdmin' | 'Admin' | 'Employee';

const resourceSet = new Set<string>(RESOURCES);
const actionSet = new Set<string>(ACTIONS);

/** Keeps only known resources and actions, deduplicated and in canonical order. */
export function normalizePermissions(input: unknown): Permissions {
  const out: Permissions = {};
  if (!input || typeof input !== 'object' || Array.isArray(input)) return out;
  for (const [resource, actions] of Object.entries(input as Record<string, unknown>)) {
    if (!resourceSet.has(resource) || !Array.isArray(actions)) continue;
    const allowed = ACTIONS.filter((a) => actions.includes(a) && actionSet.has(a));
    if (allowed.length > 0) out[resource as Resource] = allowed;
  }
  return out;
}

/** Every action on every resource: the default "Administrator" role. */
export function allPermissions(): Permissions {
  return Object.fromEntries(RESOURCES.map((r) => [r, [...ACTIONS]])) as Permissions;
}

/**
 * True when the account may act with every authority in the list. An empty list means any
 * signed-in user; a SuperAdmin skips the check.
 */
export function hasAuthority(accountType: AccountType, permissions: Permissions, authority: readonly Authority[]): boolean {
  if (accountType === 'SuperAdmin') return true;
  return authority.every((entry) => {
    const [resource, action] = entry.split('.') as [Resource, Action];
    return permissions[resource]?.includes(action) ?? false;
  });
}

import { hasAuthority, type AccountType, type Authority, type Permissions } from './permissions.ts';

/**
 * What one may give to others (decision 021): only what one holds oneself. "Holds" means the
 * permissions of one's own role; a SuperAdmin holds everything (its powers do not come from its
 * role). Account types rank Employee < Admin < SuperAdmin.
 */
export interface Grantor {
  accountType: AccountType;
  permissions: Permissions;
}

const RANK: Record<AccountType, number> = { Employee: 0, Admin: 1, SuperAdmin: 2 };

/** Every `resource.action` of a permission set. */
export function authoritiesOf(permissions: Permissions): Authority[] {
  return Object.entries(permissions).flatMap(([resource, actions]) => (actions ?? []).map((a) => `${resource}.${a}` as Authority));
}

/** True when the grantor holds every `resource.action` of `permissions` (a role or a permission set). */
export function isGrantable(grantor: Grantor, permissions: Permissions): boolean {
  return hasAuthority(grantor.accountType, grantor.permissions, authoritiesOf(permissions));
}

/** True when the account type is not above the grantor's own. */
export function isAccountTypeGrantable(grantor: Grantor, accountType: AccountType): boolean {
  return RANK[accountType] <= RANK[grantor.accountType];
}

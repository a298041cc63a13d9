import { hasAuthority, type Authority } from '../../../domain/permissions/permissions.ts';
import type { Db } from '../../db/connection.ts';
import { enabledAdminAccounts } from '../../db/repositories/notification-preferences.ts';
import { parsePermissions } from '../../db/stored-formats.ts';

/**
 * The administrators told about an instance matter (a silent terminal, a failed backup; decision
 * 055): enabled Admin and SuperAdmin accounts whose role has `authority` (the one that lets them
 * act on it), grouped by the company whose switches apply — `companyId` when the matter belongs
 * to one company, else each account's own company.
 */
export async function adminRecipients(db: Db, authority: Authority, companyId: number | null): Promise<Map<number | null, number[]>> {
  const groups = new Map<number | null, number[]>();
  for (const account of await enabledAdminAccounts(db)) {
    if (!hasAuthority(account.accountType, parsePermissions(account.rolePermissions), [authority])) continue;
    const company = companyId ?? account.companyId;
    groups.set(company, [...(groups.get(company) ?? []), account.id]);
  }
  return groups;
}

import type { SessionUser } from '../sign-in/session-user.ts';

/**
 * Whose webhooks and terminals an account manages (issue 34, point 1): a SuperAdmin every
 * company's (`null`: no filter), whatever company it belongs to; an Admin its own company's. An
 * Admin without a company cannot exist since issue 34 (validation and migration); should one
 * appear anyway it manages nothing (`NO_COMPANY` matches no row), never everything.
 */
export const NO_COMPANY = 0;

export function managedCompany(user: Pick<SessionUser, 'accountType' | 'companyId'>): number | null {
  if (user.accountType === 'SuperAdmin') return null;
  return user.companyId ?? NO_COMPANY;
}

/** Whether an account manages a row of `companyId` (null: a row of no company, a SuperAdmin's). */
export function managesCompanyRow(user: Pick<SessionUser, 'accountType' | 'companyId'>, companyId: number | null): boolean {
  const scope = managedCompany(user);
  return scope === null || companyId === scope;
}

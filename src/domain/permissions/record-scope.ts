import type { AccountType } from './permissions.ts';

/**
 * Record-level access: an Employee account sees only the records of its own employee (none when
 * it is linked to no employee); admins see every record their role allows.
 * Returns the employee id to restrict to, `null` for "no records", or undefined for no restriction.
 */
export function ownEmployeeScope(user: { accountType: AccountType; employeeId: number | null }): number | null | undefined {
  if (user.accountType !== 'Employee') return undefined;
  return user.employeeId;
}

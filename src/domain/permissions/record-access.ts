import type { AccountType } from './permissions.ts';

/**
 * The record-access policy (decision 024): which employees' records an account may read or
 * write, whatever its role grants. The role's authorities (`hasAuthority`) say what kind of
 * records an account may touch; this says whose. Every read, list, write, export and report of
 * employee-owned data (employees, photos, consent, attendances, punches, schedules, leave,
 * balances, reports, dashboards) goes through it.
 *
 * - Admin and SuperAdmin accounts are instance-wide (decision 018, "Multi-company"): every employee.
 * - An Employee account: only its linked employee (none when unlinked), and of that employee's
 *   data it may write only its leave requests (file, edit or withdraw a pending one). The legal
 *   working-time record, schedules, the employee file, photos and face data are read-only to it
 *   even when a custom role grants their update: an employee must not be able to correct their
 *   own record.
 */

export interface RecordAccount {
  accountType: AccountType;
  employeeId: number | null;
}

export type EmployeeScope = { kind: 'all' } | { kind: 'own'; employeeId: number } | { kind: 'none' };

/** A write to employee-owned data: an own leave request, or any other change of the record. */
export type RecordWrite = 'leaveRequest' | 'record';

/** Whose records the account reaches. */
export function employeeScope(account: RecordAccount): EmployeeScope {
  if (account.accountType !== 'Employee') return { kind: 'all' };
  return account.employeeId === null ? { kind: 'none' } : { kind: 'own', employeeId: account.employeeId };
}

/** True when the account sees every employee (instance-wide figures, unfiltered lists). */
export function seesEveryEmployee(account: RecordAccount): boolean {
  return employeeScope(account).kind === 'all';
}

/** May the account read the records of this employee? */
export function canReadEmployeeRecord(account: RecordAccount, employeeId: number): boolean {
  const scope = employeeScope(account);
  return scope.kind === 'all' || (scope.kind === 'own' && scope.employeeId === employeeId);
}

/** May the account make this kind of write at all (before knowing whose record it is)? */
export function mayWriteRecords(account: RecordAccount, write: RecordWrite): boolean {
  const scope = employeeScope(account);
  return scope.kind === 'all' || (scope.kind === 'own' && write === 'leaveRequest');
}

/** May the account make this kind of write to this employee's records? */
export function canWriteEmployeeRecord(account: RecordAccount, employeeId: number, write: RecordWrite): boolean {
  return mayWriteRecords(account, write) && canReadEmployeeRecord(account, employeeId);
}

/**
 * The employee filter a list, export or report must apply: `undefined` for none (every employee,
 * or the one `asked` for), the own employee's id whatever was asked, or `null` for "no records".
 */
export function scopedEmployeeFilter(account: RecordAccount, asked?: number): number | null | undefined {
  const scope = employeeScope(account);
  if (scope.kind === 'all') return asked;
  return scope.kind === 'own' ? scope.employeeId : null;
}

/**
 * How an endpoint of the API table touches employee-owned data (its `records` field):
 * - `employee`: reads are scoped by the service; writes change the record (`record`);
 * - `leaveRequest`: a write an Employee may make to its own leave requests;
 * - `everyone`: figures about every employee at once (the admin dashboard), not scoped per employee.
 * Undefined: not employee-owned data.
 */
export type RouteRecords = 'employee' | 'leaveRequest' | 'everyone';

/**
 * Why the policy refuses the request before any endpoint runs (the middleware answers 403 with
 * this i18n key), or undefined to let it through: a write of a kind the account may not make, or
 * figures about every employee for an account that does not see every employee. Whose record it
 * is the service decides (404 outside the scope).
 */
export function routeRecordRefusal(account: RecordAccount, method: string, records: RouteRecords | undefined): RecordRefusal | undefined {
  if (records === undefined) return undefined;
  if (records === 'everyone') return seesEveryEmployee(account) ? undefined : 'errors.everyEmployeeAdminOnly';
  // Reads are scoped, and leave requests checked, by the service: it knows whose record it is
  // (and tells an unlinked account that it has no leave rather than a bare 403).
  if (['GET', 'HEAD'].includes(method.toUpperCase()) || records === 'leaveRequest') return undefined;
  return mayWriteRecords(account, 'record') ? undefined : 'errors.recordsReadOnly';
}

export type RecordRefusal = 'errors.recordsReadOnly' | 'errors.everyEmployeeAdminOnly';

import { leaveBalances, type LeaveBalance } from '../../../domain/leave/leave-rules.ts';
import { scopedEmployeeFilter } from '../../../domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { allowedLeaveTypes, leaveEmployee, leaveSpansOf, leaveTypesById, workCalendarOf } from '../../db/repositories/leaves.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { LeaveActor } from './leave-checks.ts';

export interface LeaveBalanceDto extends LeaveBalance {
  /** In the employee's leave group privilege (may be requested). */
  allowed: boolean;
}

export interface LeaveBalances {
  /** Null for an Employee account linked to no employee (it has no leave). */
  employee: number | null;
  year: number;
  data: LeaveBalanceDto[];
}

/**
 * Taken, pending and remaining working days per leave type in a year, for the types the employee
 * may request plus any other type they have standing leave of that year.
 */
export async function employeeLeaveBalances(db: Db, employeeId: number, year: number): Promise<LeaveBalances> {
  const range = { from: `${year}-01-01`, to: `${year}-12-31` };
  const [allowed, leaves, calendar] = await Promise.all([allowedLeaveTypes(db, employeeId), leaveSpansOf(db, employeeId, range), workCalendarOf(db, employeeId)]);
  const allowedIds = new Set(allowed.map((t) => t.id));
  const others = [...new Set(leaves.filter((l) => l.status !== 'declined' && !allowedIds.has(l.leaveTypeId)).map((l) => l.leaveTypeId))];
  const types = [...allowed, ...(await leaveTypesById(db, others))];
  const data = leaveBalances(types, leaves, year, calendar).map((b) => ({ ...b, allowed: allowedIds.has(b.leaveType) }));
  return { employee: employeeId, year, data };
}

/**
 * `GET /api/leaves/balances?employee=&year=`: an Employee account always gets its own (nothing when
 * linked to no employee, like the list); an admin names the employee (422 without, 404 when
 * unknown). The year defaults to the company's current one; values outside 1900-2999 are ignored.
 */
export async function getLeaveBalances(db: Db, params: URLSearchParams, actor: LeaveActor, currentYear: number): Promise<LeaveBalances> {
  const asked = Number(params.get('year'));
  const year = Number.isInteger(asked) && asked >= 1900 && asked <= 2999 ? asked : currentYear;
  // The employees the actor may read (decision 024): its own whatever is named, or the named one.
  const own = scopedEmployeeFilter(actor);
  if (own === null) return { employee: null, year, data: [] };
  let employeeId = own;
  if (employeeId === undefined) {
    const named = Number(params.get('employee'));
    if (!params.get('employee')) throw new AppError('validation.required', 422, {}, { employee: 'validation.required' });
    if (!Number.isSafeInteger(named) || named < 1) throw notFound();
    employeeId = named;
  }
  if (!(await leaveEmployee(db, employeeId))) throw notFound();
  return employeeLeaveBalances(db, employeeId, year);
}

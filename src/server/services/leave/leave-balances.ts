import { leaveBalances, type LeaveBalance } from '#domain/leave/leave-rules.ts';
import { scopedEmployeeFilter } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { employmentOf } from '#domain/leave/accrual.ts';
import { allowedLeaveTypes, employmentDates, leaveEmployee, leaveSpansOf, leaveTypesById, workCalendarOf } from '../../db/repositories/leaves.ts';
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
export async function employeeLeaveBalances(db: Db, employeeId: number, year: number, today: string): Promise<LeaveBalances> {
  // Every year's leave up to this one: days carried over come from the years before (decision 053).
  const [allowed, leaves, calendar, dates] = await Promise.all([
    allowedLeaveTypes(db, employeeId),
    leaveSpansOf(db, employeeId, { from: '0000-01-01', to: `${year}-12-31` }),
    workCalendarOf(db, employeeId),
    employmentDates(db, employeeId),
  ]);
  const allowedIds = new Set(allowed.map((t) => t.id));
  const ofYear = leaves.filter((l) => l.to >= `${year}-01-01`);
  const others = [...new Set(ofYear.filter((l) => l.status !== 'declined' && !allowedIds.has(l.leaveTypeId)).map((l) => l.leaveTypeId))];
  const types = [...allowed, ...(await leaveTypesById(db, others))];
  const context = dates && { employment: employmentOf(dates, leaves), asOf: today };
  const data = leaveBalances(types, leaves, year, calendar, context).map((b) => ({ ...b, allowed: allowedIds.has(b.leaveType) }));
  return { employee: employeeId, year, data };
}

/**
 * `GET /api/leaves/balances?employee=&year=`: an Employee account always gets its own (nothing when
 * linked to no employee, like the list); an admin names the employee (422 without, 404 when
 * unknown). `today` is the company's date (accrual horizon, lapsed carry-over); the year defaults
 * to its year; values outside 1900-2999 are ignored.
 */
export async function getLeaveBalances(db: Db, params: URLSearchParams, actor: LeaveActor, today: string): Promise<LeaveBalances> {
  const currentYear = Number(today.slice(0, 4));
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
  return employeeLeaveBalances(db, employeeId, year, today);
}

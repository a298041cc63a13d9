import type { Db } from '../connection.ts';
import { byName } from '../text-order.ts';

/** The reads a department's roster grid needs besides shifts and published days (issue 39, decision 085). */

export interface RosterDepartmentRow {
  id: number;
  name: string;
  companyId: number;
}

export function findRosterDepartment(db: Db, id: number): Promise<RosterDepartmentRow | undefined> {
  return db.selectFrom('departments').select(['id', 'name', 'companyId']).where('id', '=', id).executeTakeFirst();
}

export function findRosterEmployee(db: Db, id: number): Promise<{ companyId: number; departmentId: number; status: 'active' | 'archived' } | undefined> {
  return db.selectFrom('employees').select(['companyId', 'departmentId', 'status']).where('id', '=', id).executeTakeFirst();
}

export interface RosterEmployeeRow {
  id: number;
  name: string;
  partTimePercent: number | null;
  workingDayType: 'full-time' | 'part-time';
  departmentId: number;
  status: 'active' | 'archived';
}

/** The department's active employees and the listed others (those with a draft shift there), by name. */
export async function rosterEmployees(db: Db, departmentId: number, others: readonly number[]): Promise<RosterEmployeeRow[]> {
  const rows = await db
    .selectFrom('employees')
    .select(['id', 'firstName', 'lastName', 'partTimePercent', 'workingDayType', 'departmentId', 'status'])
    .where((eb) => {
      const mine = eb.and([eb('departmentId', '=', departmentId), eb('status', '=', 'active')]);
      return others.length === 0 ? mine : eb.or([mine, eb('id', 'in', [...others])]);
    })
    .orderBy(byName('lastName'))
    .orderBy(byName('firstName'))
    .orderBy('id')
    .execute();
  return rows.map((r) => ({
    id: r.id,
    name: `${r.firstName} ${r.lastName}`,
    partTimePercent: r.partTimePercent === null ? null : Number(r.partTimePercent),
    workingDayType: r.workingDayType,
    departmentId: r.departmentId,
    status: r.status,
  }));
}

/** Approved leave of these employees overlapping the dates, with the leave type's name. */
export async function rosterLeaves(db: Db, employeeIds: readonly number[], from: string, to: string): Promise<{ employeeId: number; fromDate: string; toDate: string; leaveType: string }[]> {
  if (employeeIds.length === 0) return [];
  return db
    .selectFrom('leaves')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaves.leaveTypeId')
    .select(['leaves.employeeId', 'leaves.fromDate', 'leaves.toDate', 'leaveTypes.name as leaveType'])
    .where('leaves.employeeId', 'in', [...employeeIds])
    .where('leaves.status', '=', 'approved')
    .where('leaves.fromDate', '<=', to)
    .where('leaves.toDate', '>=', from)
    .execute();
}

/** The company's holidays within the dates. */
export function rosterHolidays(db: Db, companyId: number, from: string, to: string): Promise<{ date: string; name: string }[]> {
  return db.selectFrom('holidays').select(['date', 'name']).where('companyId', '=', companyId).where('date', '>=', from).where('date', '<=', to).orderBy('date').execute();
}

/** Approved (locked) periods of these employees overlapping the dates. */
export async function rosterLockedPeriods(db: Db, employeeIds: readonly number[], from: string, to: string): Promise<{ employeeId: number; dateFrom: string; dateTo: string }[]> {
  if (employeeIds.length === 0) return [];
  return db
    .selectFrom('periodApprovals')
    .select(['employeeId', 'dateFrom', 'dateTo'])
    .where('employeeId', 'in', [...employeeIds])
    .where('status', '=', 'approved')
    .where('dateTo', '>=', from)
    .where('dateFrom', '<=', to)
    .execute();
}

/** Pending claims per open shift. */
export async function pendingClaimCounts(db: Db, shiftIds: readonly number[]): Promise<Map<number, number>> {
  if (shiftIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('openShiftClaims')
    .select(['shiftId', (eb) => eb.fn.countAll<number>().as('n')])
    .where('shiftId', 'in', [...shiftIds])
    .where('status', '=', 'pending')
    .groupBy('shiftId')
    .execute();
  return new Map(rows.map((r) => [r.shiftId, Number(r.n)]));
}

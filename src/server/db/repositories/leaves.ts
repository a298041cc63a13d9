import { sql, type Insertable } from 'kysely';
import { countWorkingDays, type WorkCalendar } from '#domain/leave/leave-days.ts';
import type { LeaveSpan, LeaveStatus, LeaveTypeAllowance } from '#domain/leave/leave-rules.ts';
import { type ListQuery } from '#domain/lists/list-query.ts';
import { scopedEmployeeFilter, type RecordAccount } from '#domain/permissions/record-access.ts';
import { containsText } from '../like.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import type { Db } from '../connection.ts';
import { plannedDaysOf } from './planned-days.ts';
import { plannedDayRule } from '#domain/roster/planned-day.ts';
import type { LeaveTable } from '../schema.ts';
import { holidayDatesOfEmployee } from './org/holidays.ts';
import { schedulesOfEmployee } from './attendances.ts';
import { SCHEDULE_RULE_COLUMNS, toScheduleRule } from './schedules.ts';
import type { LeaveDto } from '#domain/api/records.ts';
import { sortDirection } from '../sort-direction.ts';
import { refuseLockedPeriod } from './record-lock.ts';
import { chainFigureDeletions, chainFigureRows } from './record-chain.ts';
import { figureRecords } from './record-chain-figures.ts';
import { byName } from '../text-order.ts';

export type { LeaveDto };

export const LEAVE_SORTS = {
  from: ['leaves.fromDate', 'leaves.toDate'],
  employee: [byName('employees.lastName'), byName('employees.firstName')],
  department: [byName('departments.name')],
  leaveType: [byName('leaveTypes.name')],
  status: ['leaves.status'],
  createdAt: ['leaves.createdAt'],
} as const;

export const LEAVE_LIST_OPTIONS = { sortable: Object.keys(LEAVE_SORTS), defaultSort: 'from', defaultDir: 'desc' } as const;

/** Who is asking: the record-access policy (decision 024) limits the list to the employees they may read. */
export type LeaveViewer = RecordAccount;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const STATUSES = new Set<string>(['pending', 'approved', 'declined']);

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

const base = (db: Db) =>
  db
    .selectFrom('leaves')
    .innerJoin('employees', 'employees.id', 'leaves.employeeId')
    .innerJoin('departments', 'departments.id', 'employees.departmentId')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaves.leaveTypeId')
    .leftJoin('users as deciders', 'deciders.id', 'leaves.decidedBy')
    .leftJoin('users as requesters', 'requesters.id', 'leaves.requestedBy');

const select = (q: ReturnType<typeof base>) =>
  q.select([
    'leaves.id',
    'leaves.employeeId',
    'leaves.leaveTypeId',
    'leaves.fromDate',
    'leaves.toDate',
    'leaves.reason',
    'leaves.returnDate',
    'leaves.status',
    'leaves.comment',
    'leaves.decidedBy',
    'leaves.decidedAt',
    'leaves.createdAt',
    'leaves.updatedAt',
    'employees.firstName',
    'employees.lastName',
    'employees.departmentId',
    'departments.name as departmentName',
    'leaveTypes.name as leaveTypeName',
    'deciders.name as decidedByName',
    'leaves.requestedBy',
    'requesters.name as requestedByName',
  ]);

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toDto = (r: Row, calendar: WorkCalendar): LeaveDto => ({
  _id: r.id,
  employee: r.employeeId,
  employeeName: `${r.firstName} ${r.lastName}`,
  department: r.departmentId,
  departmentName: r.departmentName,
  leaveType: r.leaveTypeId,
  leaveTypeName: r.leaveTypeName,
  from: r.fromDate,
  to: r.toDate,
  days: countWorkingDays(calendar, r.fromDate, r.toDate),
  reason: r.reason,
  returnDate: r.returnDate,
  status: r.status,
  comment: r.comment,
  decidedBy: r.decidedBy,
  decidedByName: r.decidedByName ?? null,
  decidedAt: r.decidedAt,
  requestedBy: r.requestedBy,
  requestedByName: r.requestedByName ?? null,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** The schedules of several employees at once (a page of the list), as work calendars. */
async function calendarsOf(db: Db, employeeIds: number[]): Promise<Map<number, WorkCalendar>> {
  const ids = [...new Set(employeeIds)];
  const out = new Map<number, WorkCalendar>(ids.map((id) => [id, { schedules: [] as ScheduleRule[] }]));
  if (ids.length === 0) return out;
  const rows = await db
    .selectFrom('schedules')
    .select([...SCHEDULE_RULE_COLUMNS, 'schedules.employeeId'])
    .where('employeeId', 'in', ids)
    .execute();
  for (const r of rows) (out.get(r.employeeId)!.schedules as ScheduleRule[]).push(toScheduleRule(r));
  // Published roster days (decision 085) decide which dates are working days too.
  for (const [employeeId, days] of await plannedDaysOf(db, ids)) for (const day of days) (out.get(employeeId)!.schedules as ScheduleRule[]).push(plannedDayRule(day));
  return out;
}

/** An employee's work calendar: their schedules and their company's holidays. */
export async function workCalendarOf(db: Db, employeeId: number): Promise<WorkCalendar> {
  return { schedules: await schedulesOfEmployee(db, employeeId), holidays: await holidayDatesOfEmployee(db, employeeId) };
}

/**
 * The filtered list query: `status`, `leaveType`, `employee`, `department`, `from`/`to` (leave that
 * shares a day with the range), `q` over the employee's name. Invalid values are ignored.
 */
function filtered(db: Db, query: ListQuery, viewer: LeaveViewer) {
  let q = base(db);
  const f = query.filters;
  // Only the employees the viewer may read (decision 024): its own replaces any employee filter.
  const employee = scopedEmployeeFilter(viewer, positiveId(f['employee']));
  if (employee !== undefined) q = q.where('leaves.employeeId', '=', employee ?? -1);
  if (f['status'] && STATUSES.has(f['status'])) q = q.where('leaves.status', '=', f['status'] as LeaveStatus);
  const department = positiveId(f['department']);
  if (department) q = q.where('employees.departmentId', '=', department);
  const leaveType = positiveId(f['leaveType']);
  if (leaveType) q = q.where('leaves.leaveTypeId', '=', leaveType);
  if (f['from'] && DATE.test(f['from'])) q = q.where('leaves.toDate', '>=', f['from']);
  if (f['to'] && DATE.test(f['to'])) q = q.where('leaves.fromDate', '<=', f['to']);
  if (query.q) q = q.where(containsText(sql<string>`employees.first_name || ' ' || employees.last_name`, query.q));
  return q;
}

export async function listLeaves(db: Db, query: ListQuery, viewer: LeaveViewer): Promise<{ data: LeaveDto[]; total: number }> {
  const q = filtered(db, query, viewer);
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  let ordered = select(q);
  for (const column of LEAVE_SORTS[query.sort as keyof typeof LEAVE_SORTS] ?? LEAVE_SORTS.from) ordered = ordered.orderBy(column, sortDirection(query.dir));
  if (query.sort !== 'from') ordered = ordered.orderBy('leaves.fromDate', 'desc');
  const rows = await ordered
    .orderBy('leaves.id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const calendars = await calendarsOf(
    db,
    rows.map((r) => r.employeeId),
  );
  return { total, data: rows.map((r) => toDto(r, calendars.get(r.employeeId)!)) };
}

export async function findLeave(db: Db, id: number): Promise<LeaveDto | undefined> {
  const r = await select(base(db)).where('leaves.id', '=', id).executeTakeFirst();
  if (!r) return undefined;
  return toDto(r, await workCalendarOf(db, r.employeeId));
}

/** An employee's leave as the rules take it (every status), optionally only what touches [from, to]. */
export async function leaveSpansOf(db: Db, employeeId: number, range?: { from: string; to: string }): Promise<LeaveSpan[]> {
  let q = db.selectFrom('leaves').select(['id', 'leaveTypeId', 'fromDate', 'toDate', 'status']).where('employeeId', '=', employeeId);
  if (range) q = q.where('toDate', '>=', range.from).where('fromDate', '<=', range.to);
  const rows = await q.orderBy('fromDate').execute();
  return rows.map((r) => ({ id: r.id, leaveTypeId: r.leaveTypeId, from: r.fromDate, to: r.toDate, status: r.status }));
}

/** A leave type's allowance rules (decision 053). */
const ALLOWANCE_COLUMNS = ['leaveTypes.id', 'leaveTypes.name', 'leaveTypes.daysPerYear', 'leaveTypes.accrualDaysPerMonth', 'leaveTypes.carryOverMaxDays', 'leaveTypes.carryOverExpiry'] as const;

/** What prorates an employee's allowance: start and end of employment, and when they were recorded. */
export function employmentDates(db: Db, employeeId: number): Promise<{ officialStartDate: string | null; endDate: string | null; createdAt: string } | undefined> {
  return db.selectFrom('employees').select(['officialStartDate', 'endDate', 'createdAt']).where('id', '=', employeeId).executeTakeFirst();
}

export interface LeaveEmployee {
  id: number;
  status: 'active' | 'archived';
  leaveGroupId: number;
  leaveGroupStatus: 'active' | 'disabled';
}

export function leaveEmployee(db: Db, id: number): Promise<LeaveEmployee | undefined> {
  return db
    .selectFrom('employees')
    .innerJoin('leaveGroups', 'leaveGroups.id', 'employees.leaveGroupId')
    .select(['employees.id', 'employees.status', 'employees.leaveGroupId', 'leaveGroups.status as leaveGroupStatus'])
    .where('employees.id', '=', id)
    .executeTakeFirst();
}

/**
 * The leave types the employee may request: their leave group's privilege, none while the group
 * is disabled. By name.
 */
export async function allowedLeaveTypes(db: Db, employeeId: number): Promise<LeaveTypeAllowance[]> {
  return db
    .selectFrom('employees')
    .innerJoin('leaveGroups', 'leaveGroups.id', 'employees.leaveGroupId')
    .innerJoin('leaveGroupLeaveTypes', 'leaveGroupLeaveTypes.leaveGroupId', 'leaveGroups.id')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaveGroupLeaveTypes.leaveTypeId')
    .select(ALLOWANCE_COLUMNS)
    .where('employees.id', '=', employeeId)
    .where('leaveGroups.status', '=', 'active')
    .orderBy(byName('leaveTypes.name'))
    .orderBy('leaveTypes.id')
    .execute();
}

export function leaveTypesById(db: Db, ids: number[]): Promise<LeaveTypeAllowance[]> {
  if (ids.length === 0) return Promise.resolve([]);
  return db.selectFrom('leaveTypes').select(ALLOWANCE_COLUMNS).where('leaveTypes.id', 'in', ids).orderBy(byName('name')).orderBy('id').execute();
}

/** Leave type choices of the admin list's filter: every type, by name. */
export async function leaveTypeChoices(db: Db): Promise<{ _id: number; name: string }[]> {
  const rows = await db.selectFrom('leaveTypes').select(['id', 'name']).orderBy(byName('name')).orderBy('id').execute();
  return rows.map((r) => ({ _id: r.id, name: r.name }));
}

/** An employee's latest leave (by start date, newest first) with its type's name, at most `limit`. */
export async function recentLeavesOf(db: Db, employeeId: number, limit: number) {
  return db
    .selectFrom('leaves')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaves.leaveTypeId')
    .select(['leaves.id', 'leaveTypes.name as leaveTypeName', 'leaves.fromDate', 'leaves.toDate', 'leaves.status', 'leaves.reason'])
    .where('leaves.employeeId', '=', employeeId)
    .orderBy('leaves.fromDate', 'desc')
    .limit(limit)
    .execute();
}

/** The employee and dates of a leave when it is approved (what the lock guards), else undefined. */
function approvedLeaveSpan(db: Db, id: number) {
  return db.selectFrom('leaves').select(['employeeId', 'fromDate as from', 'toDate as to']).where('id', '=', id).where('status', '=', 'approved').executeTakeFirst();
}

/*
 * Every write below chains the leave as stored (type, dates, decision; or its deletion), in the
 * caller's transaction (decision 033, update of issue 33).
 */

/** Inserts one leave; returns its id. */
export async function insertLeave(db: Db, leave: Insertable<LeaveTable>): Promise<number> {
  // Only approved leave changes what the days expect (decision 051); a pending request does not.
  if (leave.status === 'approved') await refuseLockedPeriod(db, leave.employeeId, { from: leave.fromDate, to: leave.toDate });
  const row = await db.insertInto('leaves').values(leave).returning('id').executeTakeFirstOrThrow();
  await chainFigureRows(db, 'leave', [row.id]);
  return row.id;
}

/** Inserts several leaves in one statement (returns nothing). */
export async function insertLeaves(db: Db, leaves: readonly Insertable<LeaveTable>[]): Promise<void> {
  for (const leave of leaves) if (leave.status === 'approved') await refuseLockedPeriod(db, leave.employeeId, { from: leave.fromDate, to: leave.toDate });
  if (leaves.length === 0) return;
  const rows = await db.insertInto('leaves').values(leaves).returning('id').execute();
  await chainFigureRows(
    db,
    'leave',
    rows.map((r) => r.id),
  );
}

/** Writes a request's leave type, dates, reason and return date (returns nothing). */
export async function setLeaveRequestDetails(db: Db, id: number, details: Pick<LeaveTable, 'leaveTypeId' | 'fromDate' | 'toDate' | 'reason' | 'returnDate' | 'updatedAt'>): Promise<void> {
  const before = await approvedLeaveSpan(db, id);
  if (before) {
    await refuseLockedPeriod(db, before.employeeId, before);
    await refuseLockedPeriod(db, before.employeeId, { from: details.fromDate, to: details.toDate });
  }
  await db.updateTable('leaves').set(details).where('id', '=', id).execute();
  await chainFigureRows(db, 'leave', [id]);
}

/** Writes a decision: status, comment, who decided and when (returns nothing). */
export async function setLeaveDecision(db: Db, id: number, decision: Pick<LeaveTable, 'status' | 'comment' | 'decidedBy' | 'decidedAt' | 'updatedAt'>): Promise<void> {
  // Into or out of `approved` changes what the leave's days expect.
  const row = await db.selectFrom('leaves').select(['employeeId', 'fromDate as from', 'toDate as to', 'status']).where('id', '=', id).executeTakeFirst();
  if (row && (row.status === 'approved') !== (decision.status === 'approved')) await refuseLockedPeriod(db, row.employeeId, row);
  await db.updateTable('leaves').set(decision).where('id', '=', id).execute();
  await chainFigureRows(db, 'leave', [id]);
}

/** Deletes a leave (returns nothing). */
export async function deleteLeaveRecord(db: Db, id: number): Promise<void> {
  const before = await approvedLeaveSpan(db, id);
  if (before) await refuseLockedPeriod(db, before.employeeId, before);
  const gone = await figureRecords(db, 'leave', [id]);
  await db.deleteFrom('leaves').where('id', '=', id).execute();
  await chainFigureDeletions(db, gone);
}

/** The latest leave requests, newest first, with the employee's name and the leave type's. */
export function recentLeaves(db: Db, limit: number) {
  return db
    .selectFrom('leaves')
    .innerJoin('employees', 'employees.id', 'leaves.employeeId')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaves.leaveTypeId')
    .select(['leaves.id', 'leaves.employeeId', 'employees.firstName', 'employees.lastName', 'leaveTypes.name as leaveType', 'leaves.fromDate', 'leaves.toDate', 'leaves.status', 'leaves.createdAt'])
    .orderBy('leaves.createdAt', 'desc')
    .orderBy('leaves.id', 'desc')
    .limit(limit)
    .execute();
}

/** How many requests of active employees await a decision. */
export async function countPendingLeavesOfActiveEmployees(db: Db): Promise<number> {
  const row = await db
    .selectFrom('leaves')
    .innerJoin('employees', 'employees.id', 'leaves.employeeId')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('leaves.status', '=', 'pending')
    .where('employees.status', '=', 'active')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

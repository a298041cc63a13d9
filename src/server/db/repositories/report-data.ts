import type { WorkFlag } from '#domain/attendance/work-flag.ts';
import { sql, type Expression, type SqlBool } from 'kysely';
import type { BreakInstants } from '#domain/attendance/shift-times.ts';
import type { SummaryDay } from '#domain/reports/attendance-summary.ts';
import type { Period } from '#domain/reports/periods.ts';
import { mergePlannedDays, plannedDaysWhere } from './planned-days.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import type { Db } from '../connection.ts';
import { openReadOnlyDb } from '../read-only-db.ts';
import { parseBreaks, parseEmployeeEmail } from '../stored-formats.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import { ATTENDANCE_FACTS, ATTENDANCE_RECORD_COLUMNS, REVISION_COLUMNS, revisionsWithAuthor } from './attendances.ts';
import { SCHEDULE_RULE_COLUMNS, toScheduleRule } from './schedules.ts';
import { byName } from '../text-order.ts';
import { compareNames } from '#domain/lists/sort-key.ts';

/**
 * Reads for the dashboards and reports: employees under a filter, and their schedules, leave and
 * attendance over a period, in a few set-based queries (never one query per employee), so a
 * report over 500 employees costs the same handful of statements as one over five.
 */

/** Which employees a report covers. Absent fields do not filter. */
export interface EmployeeFilter {
  employee?: number | undefined;
  company?: number | undefined;
  department?: number | undefined;
  jobTitle?: number | undefined;
  status?: 'active' | 'archived' | undefined;
  employmentType?: 'regular' | 'trainee' | undefined;
  /** Only these employees (a list page's rows, decision 049). */
  ids?: readonly number[] | undefined;
}

export interface ReportEmployee {
  id: number;
  firstName: string;
  lastName: string;
  nationalId: string;
  gender: string;
  /** Null when the employee has no address (issue 37). */
  email: string | null;
  phone: string | null;
  birthday: string | null;
  companyId: number;
  companyName: string;
  departmentId: number;
  departmentName: string;
  jobTitleId: number;
  jobTitleName: string;
  leaveGroupId: number;
  employmentType: 'regular' | 'trainee';
  employmentStatus: string | null;
  officialStartDate: string | null;
  endDate: string | null;
  status: 'active' | 'archived';
  createdAt: string;
  companyTaxId: string | null;
  socialSecurityNumber: string | null;
  // No contract terms: they are effective-dated (contract-terms.ts, `contractTermsByEmployee`).
}

/**
 * The filter as a condition on a query that has `employees` in it (raw SQL on snake_case
 * columns: one condition fits every query shape, whatever else is joined).
 */
export function employeeWhere(filter: EmployeeFilter): Expression<SqlBool> {
  const parts: Expression<SqlBool>[] = [];
  const add = (column: string, value: string | number | undefined) => {
    if (value !== undefined) parts.push(sql<SqlBool>`${sql.ref(`employees.${column}`)} = ${value}`);
  };
  add('id', filter.employee);
  add('company_id', filter.company);
  add('department_id', filter.department);
  add('job_title_id', filter.jobTitle);
  add('status', filter.status);
  add('employment_type', filter.employmentType);
  if (filter.ids !== undefined) parts.push(filter.ids.length === 0 ? sql<SqlBool>`1 = 0` : sql<SqlBool>`employees.id in (${sql.join(filter.ids.map((id) => sql`${id}`))})`);
  return parts.length === 0 ? sql<SqlBool>`1 = 1` : sql<SqlBool>`(${sql.join(parts, sql` and `)})`;
}

/** Employees under the filter, by last and first name. */
export async function reportEmployees(db: Db, filter: EmployeeFilter): Promise<ReportEmployee[]> {
  const rows = await db
    .selectFrom('employees')
    .innerJoin('companies', 'companies.id', 'employees.companyId')
    .innerJoin('departments', 'departments.id', 'employees.departmentId')
    .innerJoin('jobTitles', 'jobTitles.id', 'employees.jobTitleId')
    .select([
      'employees.id',
      'employees.firstName',
      'employees.lastName',
      'employees.nationalId',
      'employees.gender',
      'employees.email',
      'employees.phone',
      'employees.birthday',
      'employees.companyId',
      'companies.name as companyName',
      'employees.departmentId',
      'departments.name as departmentName',
      'employees.jobTitleId',
      'jobTitles.name as jobTitleName',
      'employees.leaveGroupId',
      'employees.employmentType',
      'employees.employmentStatus',
      'employees.officialStartDate',
      'employees.endDate',
      'employees.status',
      'employees.createdAt',
      'companies.taxId as companyTaxId',
      'employees.socialSecurityNumber',
    ])
    .where(employeeWhere(filter))
    .execute();
  return rows.map((r) => ({ ...r, email: parseEmployeeEmail(r.email) })).sort((a, b) => compareNames(a.lastName, b.lastName) || compareNames(a.firstName, b.firstName) || a.id - b.id);
}

/** Schedules of the filtered employees, grouped by employee. */
/**
 * The filtered employees' schedule rules, with their published roster days (decision 085) within
 * `period` when given (all of them without): what every figure, warning and plan reads.
 */
export async function schedulesByEmployee(db: Db, filter: EmployeeFilter, period?: Period): Promise<Map<number, ScheduleRule[]>> {
  const rows = await db
    .selectFrom('schedules')
    .innerJoin('employees', 'employees.id', 'schedules.employeeId')
    .select([...SCHEDULE_RULE_COLUMNS, 'schedules.employeeId', 'schedules.updatedAt'])
    .where(employeeWhere(filter))
    .execute();
  const out = new Map<number, ScheduleRule[]>();
  for (const r of rows) {
    const list = out.get(r.employeeId) ?? [];
    list.push({ ...toScheduleRule(r), changedAt: r.updatedAt });
    out.set(r.employeeId, list);
  }
  return mergePlannedDays(out, await plannedDaysWhere(db, filter, period));
}

export interface ReportLeave {
  id: number;
  employeeId: number;
  leaveTypeId: number;
  leaveTypeName: string;
  fromDate: string;
  toDate: string;
  status: 'pending' | 'approved' | 'declined';
  reason: string;
  createdAt: string;
}

/** Leave of the filtered employees overlapping the period, of the given statuses. */
export async function leavesOverlapping(db: Db, filter: EmployeeFilter, period: Period, statuses: readonly ReportLeave['status'][] = ['approved']): Promise<ReportLeave[]> {
  if (statuses.length === 0) return [];
  return db
    .selectFrom('leaves')
    .innerJoin('employees', 'employees.id', 'leaves.employeeId')
    .innerJoin('leaveTypes', 'leaveTypes.id', 'leaves.leaveTypeId')
    .select(['leaves.id', 'leaves.employeeId', 'leaves.leaveTypeId', 'leaveTypes.name as leaveTypeName', 'leaves.fromDate', 'leaves.toDate', 'leaves.status', 'leaves.reason', 'leaves.createdAt'])
    .where(employeeWhere(filter))
    .where('leaves.status', 'in', [...statuses])
    .where('leaves.fromDate', '<=', period.to)
    .where('leaves.toDate', '>=', period.from)
    .orderBy('leaves.fromDate')
    .execute();
}

export interface ReportAttendance {
  id: number;
  employeeId: number;
  date: string;
  timezone: string;
  timeIn: string;
  timeOut: string | null;
  workedSeconds: number | null;
  breakSeconds: number;
  statusIn: 'on_time' | 'late' | null;
  lateSeconds: number;
  earlyDepartureSeconds: number;
}

/** The attendances of the filtered employees on work dates within the period (no columns chosen yet). */
function attendancesWithin(db: Db, filter: EmployeeFilter, period: Period) {
  // Voided days (decision 033) count for nothing.
  let q = db.selectFrom('attendances').where('attendances.date', '>=', period.from).where('attendances.date', '<=', period.to).where('attendances.voidedAt', 'is', null);
  // Without an employee filter the join would only slow the date-range scan down.
  const filtered = Object.values(filter).some((v) => v !== undefined);
  if (filtered) q = q.where('attendances.employeeId', 'in', (eb) => eb.selectFrom('employees').select('employees.id').where(employeeWhere(filter)));
  return q;
}

/** Attendance of the filtered employees on work dates within the period. */
export async function attendancesIn(db: Db, filter: EmployeeFilter, period: Period): Promise<ReportAttendance[]> {
  return attendancesWithin(db, filter, period).select(ATTENDANCE_FACTS).execute();
}

/** The attendance facts the summaries read, as positional columns (see `attendanceFacts`). */
type FactRow = [
  employeeId: number,
  date: string,
  timeOut: string | null,
  workedSeconds: number | null,
  breakSeconds: number,
  statusIn: 'on_time' | 'late' | null,
  lateSeconds: number,
  earlyDepartureSeconds: number,
  workFlag: WorkFlag | null,
];

/**
 * The same attendance as `attendancesIn`, only what the summaries read, grouped by employee.
 * Read as raw rows on the read-only connection: a year of 500 employees is 125,000 rows, and
 * mapping each through the query builder's objects costs more than the whole report should.
 */
export async function attendanceFacts(db: Db, filter: EmployeeFilter, period: Period): Promise<Map<number, SummaryDay[]>> {
  const q = attendancesWithin(db, filter, period).select([
    'attendances.employeeId',
    'attendances.date',
    'attendances.timeOut',
    'attendances.workedSeconds',
    'attendances.breakSeconds',
    'attendances.statusIn',
    'attendances.lateSeconds',
    'attendances.earlyDepartureSeconds',
    'attendances.workFlag',
  ]);
  const source = await openReadOnlyDb();
  try {
    const out = new Map<number, SummaryDay[]>();
    for await (const [employeeId, date, timeOut, workedSeconds, breakSeconds, statusIn, lateSeconds, earlyDepartureSeconds, workFlag] of source.rawRows<FactRow>(q)) {
      const day: SummaryDay = { date, timeOut, workedSeconds, breakSeconds, statusIn, lateSeconds, earlyDepartureSeconds, workFlag };
      const list = out.get(employeeId);
      if (list) list.push(day);
      else out.set(employeeId, [day]);
    }
    return out;
  } finally {
    source.close();
  }
}

export interface RecordAttendanceRow extends ReportAttendance {
  revision: number;
  reason: string | null;
  source: 'clock' | 'manual';
  workFlag: WorkFlag | null;
  workMode: 'on-site' | 'remote';
  overtimeCompensation: 'paid' | 'rest' | null;
  overtimeMarkedBy: 'worker' | 'administrator' | null;
  /** Force majeure overtime's reason (decision 081); null = not. */
  overtimeForceMajeure: string | null;
  breaks: BreakInstants[];
  /** A punch of the day was kept offline by a terminal and received later (decision 046). */
  offline: boolean;
  /** On-site personal punches made outside every workplace (decision 068). */
  outsidePunches: number;
  /** Distinct names of the terminals of the day's punches, in punch order (decision 042). */
  terminals: string[]; /** Closed by the automatic clock-out (decision 056): 1. */
  closedAutomatically: 0 | 1;
}

/** Attendance with every break, revision number and reason (the legal monthly record). */
export async function recordAttendancesIn(db: Db, filter: EmployeeFilter, period: Period): Promise<RecordAttendanceRow[]> {
  const rows = await db
    .selectFrom('attendances')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select(ATTENDANCE_RECORD_COLUMNS)
    .where(employeeWhere(filter))
    .where('attendances.date', '>=', period.from)
    .where('attendances.date', '<=', period.to)
    .where('attendances.voidedAt', 'is', null)
    .orderBy('attendances.date')
    .execute();
  const breaks = await db
    .selectFrom('attendanceBreaks')
    .innerJoin('attendances', 'attendances.id', 'attendanceBreaks.attendanceId')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select(['attendanceBreaks.attendanceId', 'attendanceBreaks.startAt', 'attendanceBreaks.endAt'])
    .where(employeeWhere(filter))
    .where('attendances.date', '>=', period.from)
    .where('attendances.date', '<=', period.to)
    .where('attendances.voidedAt', 'is', null)
    .orderBy('attendanceBreaks.startAt')
    .execute();
  const byAttendance = new Map<number, BreakInstants[]>();
  for (const b of breaks) {
    const list = byAttendance.get(b.attendanceId) ?? [];
    list.push({ startAt: b.startAt, endAt: b.endAt });
    byAttendance.set(b.attendanceId, list);
  }
  const punches = await db
    .selectFrom('punches')
    .innerJoin('attendances', 'attendances.id', 'punches.attendanceId')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select(['punches.attendanceId', 'punches.terminal', 'punches.offlineSeq', 'punches.place'])
    .where(employeeWhere(filter))
    // A day's punches lie within a day or two of its date in any zone (an open shift closes within
    // MAX_OPEN_SHIFT_SECONDS): the bound lets SQLite use punches_employee_at.
    .where('punches.at', '>=', addDays(period.from, -2))
    .where('punches.at', '<', addDays(period.to, 3))
    .where('attendances.date', '>=', period.from)
    .where('attendances.date', '<=', period.to)
    .where('attendances.voidedAt', 'is', null)
    .orderBy('punches.at')
    .orderBy('punches.id')
    .execute();
  const terminals = new Map<number, string[]>();
  const offlineDays = new Set<number>();
  const outside = new Map<number, number>();
  for (const p of punches) {
    if (p.offlineSeq !== null) offlineDays.add(p.attendanceId!);
    if (p.place === 'outside') outside.set(p.attendanceId!, (outside.get(p.attendanceId!) ?? 0) + 1);
    if (p.terminal === null) continue;
    const list = terminals.get(p.attendanceId!) ?? [];
    if (!list.includes(p.terminal)) list.push(p.terminal);
    terminals.set(p.attendanceId!, list);
  }
  return rows.map((r) => ({ ...r, breaks: byAttendance.get(r.id) ?? [], offline: offlineDays.has(r.id), outsidePunches: outside.get(r.id) ?? 0, terminals: terminals.get(r.id) ?? [] }));
}

/** A voided day as the monthly record lists it in its notes (decision 033). */
export interface VoidedRecordDay {
  id: number;
  employeeId: number;
  date: string;
  timezone: string;
  timeIn: string;
  timeOut: string | null;
  workedSeconds: number | null;
  voidedAt: string;
  voidReason: string;
}

/** The voided days of the filtered employees within the period, by date. */
export async function voidedAttendancesIn(db: Db, filter: EmployeeFilter, period: Period): Promise<VoidedRecordDay[]> {
  const rows = await db
    .selectFrom('attendances')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select([
      'attendances.id',
      'attendances.employeeId',
      'attendances.date',
      'attendances.timezone',
      'attendances.timeIn',
      'attendances.timeOut',
      'attendances.workedSeconds',
      'attendances.voidedAt',
      'attendances.voidReason',
    ])
    .where(employeeWhere(filter))
    .where('attendances.date', '>=', period.from)
    .where('attendances.date', '<=', period.to)
    .where('attendances.voidedAt', 'is not', null)
    .orderBy('attendances.date')
    .orderBy('attendances.voidedAt')
    .execute();
  return rows.map((r) => ({ ...r, voidedAt: r.voidedAt!, voidReason: r.voidReason ?? '' }));
}

/** Groups rows by employee id. */
export function byEmployee<T extends { employeeId: number }>(rows: readonly T[]): Map<number, T[]> {
  const out = new Map<number, T[]>();
  for (const r of rows) {
    const list = out.get(r.employeeId);
    if (list) list.push(r);
    else out.set(r.employeeId, [r]);
  }
  return out;
}

export interface LeaveTypeRow {
  id: number;
  name: string;
  daysPerYear: number | null;
  accrualDaysPerMonth: number | null;
  carryOverMaxDays: number | null;
  carryOverExpiry: string | null;
  companyId: number;
}

/** Every leave type, by name. */
export async function allLeaveTypes(db: Db): Promise<LeaveTypeRow[]> {
  return db.selectFrom('leaveTypes').select(['id', 'name', 'daysPerYear', 'accrualDaysPerMonth', 'carryOverMaxDays', 'carryOverExpiry', 'companyId']).orderBy(byName('name')).orderBy('id').execute();
}

/** Leave group -> the leave type ids its members may take (the group's privilege). */
export async function leaveGroupPrivileges(db: Db): Promise<Map<number, Set<number>>> {
  const rows = await db.selectFrom('leaveGroupLeaveTypes').select(['leaveGroupId', 'leaveTypeId']).execute();
  const out = new Map<number, Set<number>>();
  for (const r of rows) {
    const set = out.get(r.leaveGroupId) ?? new Set<number>();
    set.add(r.leaveTypeId);
    out.set(r.leaveGroupId, set);
  }
  return out;
}

export interface RevisionRow {
  attendanceId: number;
  revision: number;
  timeIn: string;
  timeOut: string | null;
  breaks: BreakInstants[];
  workedSeconds: number | null;
  reason: string | null;
  authorName: string | null;
  createdAt: string;
}

/** The revision history of the given attendances, oldest first per attendance. */
export async function revisionsOf(db: Db, attendanceIds: readonly number[]): Promise<Map<number, RevisionRow[]>> {
  const out = new Map<number, RevisionRow[]>();
  if (attendanceIds.length === 0) return out;
  const rows = await revisionsWithAuthor(db)
    .select(['attendanceRevisions.attendanceId', ...REVISION_COLUMNS])
    .where('attendanceRevisions.attendanceId', 'in', [...attendanceIds])
    .orderBy('attendanceRevisions.attendanceId')
    .orderBy('attendanceRevisions.revision')
    .execute();
  for (const r of rows) {
    const list = out.get(r.attendanceId) ?? [];
    list.push({ ...r, breaks: parseBreaks(r.breaks), authorName: r.authorName ?? null });
    out.set(r.attendanceId, list);
  }
  return out;
}

export interface Choice {
  id: number;
  name: string;
}

/** Choices for the report filters, by name. */
export async function reportChoices(db: Db, what: 'companies' | 'departments' | 'jobTitles' | 'leaveTypes' | 'roles'): Promise<Choice[]> {
  return db.selectFrom(what).select(['id', 'name']).orderBy(byName('name')).orderBy('id').execute();
}

/** The name of one record of a report filter's table, if it exists. */
export async function reportChoiceName(db: Db, what: 'companies' | 'departments' | 'jobTitles' | 'leaveTypes' | 'roles', id: number): Promise<string | undefined> {
  return (await db.selectFrom(what).select('name').where('id', '=', id).executeTakeFirst())?.name;
}

/** Employees for a filter select: active first, then archived, by name. */
export async function employeeChoicesAll(db: Db): Promise<(Choice & { archived: boolean })[]> {
  const rows = await db.selectFrom('employees').select(['id', 'firstName', 'lastName', 'status']).orderBy('status').orderBy(byName('lastName')).orderBy(byName('firstName')).execute();
  return rows.map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, archived: r.status === 'archived' }));
}

/**
 * Departments and employees for the filters of one company's records (every company for null):
 * the inspection link's view (decision 036). Employees: active first, then archived, by name.
 */
export async function companyRecordChoices(db: Db, companyId: number | null): Promise<{ departments: Choice[]; employees: (Choice & { archived: boolean })[] }> {
  let departments = db.selectFrom('departments').select(['id', 'name']).orderBy(byName('name')).orderBy('id');
  let employees = db.selectFrom('employees').select(['id', 'firstName', 'lastName', 'status']).orderBy('status').orderBy(byName('lastName')).orderBy(byName('firstName'));
  if (companyId !== null) {
    departments = departments.where('companyId', '=', companyId);
    employees = employees.where('companyId', '=', companyId);
  }
  return {
    departments: await departments.execute(),
    employees: (await employees.execute()).map((r) => ({ id: r.id, name: `${r.firstName} ${r.lastName}`, archived: r.status === 'archived' })),
  };
}

/** Company holidays within a period: company id -> date -> name (one set object per company). */
export async function holidaysByCompany(db: Db, period: Period): Promise<Map<number, Map<string, string>>> {
  const rows = await db.selectFrom('holidays').select(['companyId', 'date', 'name']).where('date', '>=', period.from).where('date', '<=', period.to).execute();
  const out = new Map<number, Map<string, string>>();
  for (const r of rows) {
    const dates = out.get(r.companyId) ?? new Map<string, string>();
    dates.set(r.date, r.name);
    out.set(r.companyId, dates);
  }
  return out;
}

/** The holiday dates of each company as sets (the shape the calendars take), from `holidaysByCompany`. */
export function holidaySets(byCompany: ReadonlyMap<number, ReadonlyMap<string, string>>): Map<number, Set<string>> {
  return new Map([...byCompany].map(([company, dates]) => [company, new Set(dates.keys())]));
}

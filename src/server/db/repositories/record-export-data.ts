import type { ChainEntry } from '#domain/record-chain/record-chain.ts';
import type { Period } from '#domain/reports/periods.ts';
import type { Db } from '../connection.ts';
import { parseBreaks } from '../stored-formats.ts';
import { employeeWhere, type EmployeeFilter } from './report-data.ts';

/**
 * Reads of the open record export (decision 084) that the monthly record does not already give:
 * the month's attendances with their ids (live and voided), their punches, breaks and revisions as
 * stored (ids and authors, as chained), the companies and their whole record chains.
 */

/** The attendances of the filtered employees dated within the period, voided ones too. */
export function exportAttendances(db: Db, filter: EmployeeFilter, period: Period) {
  return db
    .selectFrom('attendances')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select([
      'attendances.id',
      'attendances.employeeId',
      'attendances.date',
      'attendances.timeIn',
      'attendances.timeOut',
      'attendances.workedSeconds',
      'attendances.voidedAt',
      'attendances.voidedBy',
      'attendances.voidReason',
      'attendances.voidReasonSalt',
    ])
    .where(employeeWhere(filter))
    .where('attendances.date', '>=', period.from)
    .where('attendances.date', '<=', period.to)
    .orderBy('attendances.date')
    .orderBy('attendances.id')
    .execute();
}

/** The punches of the attendances, in the order they happened (every chained column). */
export async function exportPunches(db: Db, attendanceIds: readonly number[]) {
  if (attendanceIds.length === 0) return [];
  return db
    .selectFrom('punches')
    .select(['id', 'employeeId', 'attendanceId', 'action', 'at', 'method', 'terminal', 'createdAt', 'workMode', 'device', 'place', 'workplaceId'])
    .where('attendanceId', 'in', [...attendanceIds])
    .orderBy('at')
    .orderBy('id')
    .execute();
}

/** The breaks of the attendances, by start. */
export async function exportBreaks(db: Db, attendanceIds: readonly number[]) {
  if (attendanceIds.length === 0) return [];
  return db
    .selectFrom('attendanceBreaks')
    .select(['id', 'attendanceId', 'startAt', 'endAt'])
    .where('attendanceId', 'in', [...attendanceIds])
    .orderBy('startAt')
    .orderBy('id')
    .execute();
}

/** Every revision of the attendances, with its author's id and name. */
export async function exportRevisions(db: Db, attendanceIds: readonly number[]) {
  if (attendanceIds.length === 0) return [];
  const rows = await db
    .selectFrom('attendanceRevisions as r')
    .innerJoin('attendances as a', 'a.id', 'r.attendanceId')
    .leftJoin('users', 'users.id', 'r.authorId')
    .select(['r.id', 'r.attendanceId', 'a.employeeId', 'r.revision', 'r.timeIn', 'r.timeOut', 'r.breaks', 'r.workedSeconds', 'r.reason', 'r.reasonSalt', 'r.authorId', 'users.name as authorName', 'r.createdAt'])
    .where('r.attendanceId', 'in', [...attendanceIds])
    .orderBy('r.attendanceId')
    .orderBy('r.revision')
    .execute();
  return rows.map((r) => ({ ...r, breaks: parseBreaks(r.breaks), authorName: r.authorName ?? null }));
}

/** The employees' companies, by employee id. */
export async function companiesOfEmployees(db: Db, employeeIds: readonly number[]): Promise<Map<number, number>> {
  if (employeeIds.length === 0) return new Map();
  const rows = await db
    .selectFrom('employees')
    .select(['id', 'companyId'])
    .where('id', 'in', [...employeeIds])
    .execute();
  return new Map(rows.map((r) => [r.id, r.companyId]));
}

/** The companies, by id. */
export async function exportCompanies(db: Db, companyIds: readonly number[]) {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('companies')
    .select(['id', 'name', 'taxId'])
    .where('id', 'in', [...companyIds])
    .orderBy('id')
    .execute();
}

/** Every entry of the companies' chains, in (company, seq) order. */
export async function chainEntriesOfCompanies(db: Db, companyIds: readonly number[]): Promise<ChainEntry[]> {
  if (companyIds.length === 0) return [];
  return db
    .selectFrom('recordChain')
    .select(['companyId', 'seq', 'kind', 'refId', 'payload', 'prevHash', 'hash', 'createdAt'])
    .where('companyId', 'in', [...companyIds])
    .orderBy('companyId')
    .orderBy('seq')
    .execute();
}

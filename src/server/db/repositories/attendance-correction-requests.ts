import type { Insertable, Updateable } from 'kysely';
import type { Db } from '../connection.ts';
import type { AttendanceCorrectionRequestTable } from '../schema.ts';
import { refuseLockedPeriod } from './record-lock.ts';

/** A correction request as services and views read it, with the employee's and decider's names. */
export interface CorrectionRequestRow {
  id: number;
  employeeId: number;
  employeeName: string;
  attendanceId: number | null;
  date: string;
  timezone: string;
  kind: AttendanceCorrectionRequestTable['kind'];
  timeIn: string;
  timeOut: string | null;
  breakIn: string | null;
  breakOut: string | null;
  reason: string;
  status: AttendanceCorrectionRequestTable['status'];
  decidedBy: number | null;
  deciderName: string | null;
  decidedAt: string | null;
  comment: string | null;
  appliedRevision: number | null;
  createdBy: number;
  requesterName: string | null;
  createdAt: string;
}

const selectRequests = (db: Db) =>
  db
    .selectFrom('attendanceCorrectionRequests as r')
    .innerJoin('employees', 'employees.id', 'r.employeeId')
    .leftJoin('users as decider', 'decider.id', 'r.decidedBy')
    .leftJoin('users as requester', 'requester.id', 'r.createdBy')
    .select([
      'r.id',
      'r.employeeId',
      'employees.firstName',
      'employees.lastName',
      'r.attendanceId',
      'r.date',
      'r.timezone',
      'r.kind',
      'r.timeIn',
      'r.timeOut',
      'r.breakIn',
      'r.breakOut',
      'r.reason',
      'r.status',
      'r.decidedBy',
      'decider.name as deciderName',
      'r.decidedAt',
      'r.comment',
      'r.appliedRevision',
      'r.createdBy',
      'requester.name as requesterName',
      'r.createdAt',
    ]);

type Selected = Awaited<ReturnType<ReturnType<typeof selectRequests>['execute']>>[number];
const toRow = ({ firstName, lastName, ...r }: Selected): CorrectionRequestRow => ({ ...r, employeeName: `${firstName} ${lastName}` });

/** A new request on a locked day is refused (decision 051): approving it could never be done. */
export async function insertCorrectionRequest(db: Db, row: Insertable<AttendanceCorrectionRequestTable>): Promise<number> {
  await refuseLockedPeriod(db, row.employeeId, row.date);
  const inserted = await db.insertInto('attendanceCorrectionRequests').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function findCorrectionRequest(db: Db, id: number): Promise<CorrectionRequestRow | undefined> {
  const row = await selectRequests(db).where('r.id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** Requests, newest first: of one employee (undefined: everyone's), optionally of one status, at most `limit`. */
export async function listCorrectionRequests(db: Db, filter: { employeeId?: number; status?: CorrectionRequestRow['status']; limit: number }): Promise<CorrectionRequestRow[]> {
  let q = selectRequests(db);
  if (filter.employeeId !== undefined) q = q.where('r.employeeId', '=', filter.employeeId);
  if (filter.status !== undefined) q = q.where('r.status', '=', filter.status);
  return (await q.orderBy('r.createdAt', 'desc').orderBy('r.id', 'desc').limit(filter.limit).execute()).map(toRow);
}

/** Every request about the given days (employee and work dates), oldest first. */
export async function correctionRequestsOn(db: Db, employeeIds: readonly number[], from: string, to: string): Promise<CorrectionRequestRow[]> {
  if (employeeIds.length === 0) return [];
  const rows = await selectRequests(db).where('r.employeeId', 'in', employeeIds).where('r.date', '>=', from).where('r.date', '<=', to).orderBy('r.createdAt').orderBy('r.id').execute();
  return rows.map(toRow);
}

/** The pending request of an employee on a date, if any. */
export async function pendingRequestOn(db: Db, employeeId: number, date: string): Promise<number | undefined> {
  const row = await db.selectFrom('attendanceCorrectionRequests').select('id').where('employeeId', '=', employeeId).where('date', '=', date).where('status', '=', 'pending').executeTakeFirst();
  return row?.id;
}

export async function countPendingRequests(db: Db): Promise<number> {
  const row = await db
    .selectFrom('attendanceCorrectionRequests')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** Records a decision (only while the request is still pending; returns whether it was). */
export async function decideCorrectionRequest(db: Db, id: number, decision: Updateable<AttendanceCorrectionRequestTable>): Promise<boolean> {
  const result = await db.updateTable('attendanceCorrectionRequests').set(decision).where('id', '=', id).where('status', '=', 'pending').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

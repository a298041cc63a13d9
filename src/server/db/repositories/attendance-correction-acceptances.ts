import type { Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { AttendanceCorrectionAcceptanceTable } from '../schema.ts';
import { saltedText } from '../chain-hash.ts';
import { byName } from '../text-order.ts';
import { chainFigureRows } from './record-chain.ts';

export interface AcceptanceRow {
  id: number;
  attendanceId: number;
  revision: number;
  employeeId: number;
  status: AttendanceCorrectionAcceptanceTable['status'];
  dueAt: string;
  comment: string | null;
  answeredBy: number | null;
  answeredAt: string | null;
  createdAt: string;
}

const COLUMNS = ['id', 'attendanceId', 'revision', 'employeeId', 'status', 'dueAt', 'comment', 'answeredBy', 'answeredAt', 'createdAt'] as const;

/**
 * A correction now waits for the worker; an earlier one of the same day still pending is superseded.
 * Every write of a row is chained (kind `answer`, decision 033) in the same transaction.
 */
export async function insertAcceptance(db: Db, row: Omit<Insertable<AttendanceCorrectionAcceptanceTable>, 'comment' | 'commentSalt' | 'commentDigest'>): Promise<void> {
  await supersedeAcceptances(db, row.attendanceId);
  const { id } = await db.insertInto('attendanceCorrectionAcceptances').values(row).returning('id').executeTakeFirstOrThrow();
  await chainFigureRows(db, 'answer', [id]);
}

/** A later correction that needs no answer (from the worker's own request) supersedes a pending one. */
export async function supersedeAcceptances(db: Db, attendanceId: number): Promise<void> {
  const rows = await db.updateTable('attendanceCorrectionAcceptances').set({ status: 'superseded' }).where('attendanceId', '=', attendanceId).where('status', '=', 'pending').returning('id').execute();
  await chainFigureRows(
    db,
    'answer',
    rows.map((r) => r.id),
  );
}

export async function findAcceptance(db: Db, attendanceId: number, revision: number): Promise<AcceptanceRow | undefined> {
  return db.selectFrom('attendanceCorrectionAcceptances').select(COLUMNS).where('attendanceId', '=', attendanceId).where('revision', '=', revision).executeTakeFirst();
}

/** Every acceptance row of the given attendances, oldest first. */
export async function acceptancesOf(db: Db, attendanceIds: readonly number[]): Promise<AcceptanceRow[]> {
  if (attendanceIds.length === 0) return [];
  return db.selectFrom('attendanceCorrectionAcceptances').select(COLUMNS).where('attendanceId', 'in', attendanceIds).orderBy('revision').execute();
}

/** An employee's corrections still marked pending (the caller decides which have expired), newest first. */
export async function pendingAcceptancesOf(db: Db, employeeId: number) {
  return db
    .selectFrom('attendanceCorrectionAcceptances as a')
    .innerJoin('attendances', 'attendances.id', 'a.attendanceId')
    .select(['a.id', 'a.attendanceId', 'a.revision', 'a.employeeId', 'a.status', 'a.dueAt', 'a.comment', 'a.answeredBy', 'a.answeredAt', 'a.createdAt', 'attendances.date', 'attendances.timezone'])
    .where('a.employeeId', '=', employeeId)
    .where('a.status', '=', 'pending')
    .orderBy('a.createdAt', 'desc')
    .execute();
}

/**
 * Records the worker's answer (only while pending; returns whether it was), chained: the comment
 * is stored with a salt and its digest, and the entry commits to the digest (decision 083).
 */
export async function answerAcceptance(db: Db, id: number, answer: { status: 'accepted' | 'rejected'; comment: string | null; answeredBy: number; answeredAt: string }): Promise<boolean> {
  const { salt, digest } = saltedText(answer.comment);
  const result = await db
    .updateTable('attendanceCorrectionAcceptances')
    .set({ ...answer, commentSalt: salt, commentDigest: digest })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  await chainFigureRows(db, 'answer', [id]);
  return true;
}

/** The salts of the given answers' comments (the open export carries them, decision 084), by id. */
export async function commentSaltsOf(db: Db, ids: readonly number[]): Promise<Map<number, string | null>> {
  if (ids.length === 0) return new Map();
  const rows = await db
    .selectFrom('attendanceCorrectionAcceptances')
    .select(['id', 'commentSalt'])
    .where('id', 'in', [...ids])
    .execute();
  return new Map(rows.map((r) => [r.id, r.commentSalt]));
}

/**
 * The answers that make and end disputes (decision 082): the rejected and accepted rows of every
 * day of a company (null: every company) with a rejection, with the employee's name and the work
 * date. No comment and no times are read: the representatives' list shows names and dates only.
 */
export async function disputeAnswerRows(db: Db, companyId: number | null) {
  let query = db
    .selectFrom('attendanceCorrectionAcceptances as a')
    .innerJoin('attendances', 'attendances.id', 'a.attendanceId')
    .innerJoin('employees', 'employees.id', 'a.employeeId')
    .select(['a.attendanceId', 'a.revision', 'a.status', 'a.answeredAt', 'a.employeeId', 'employees.firstName', 'employees.lastName', 'attendances.date'])
    .where('a.status', 'in', ['rejected', 'accepted'])
    .where('a.attendanceId', 'in', (eb) => eb.selectFrom('attendanceCorrectionAcceptances').select('attendanceId').where('status', '=', 'rejected'))
    .where('attendances.voidedAt', 'is', null);
  if (companyId !== null) query = query.where('employees.companyId', '=', companyId);
  return query.orderBy('attendances.date', 'desc').orderBy(byName('employees.lastName')).orderBy(byName('employees.firstName')).orderBy('a.attendanceId').orderBy('a.revision').execute();
}

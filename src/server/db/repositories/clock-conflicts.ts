import type { Insertable } from 'kysely';
import type { Db } from '../connection.ts';
import type { ClockConflictStatus, ClockConflictTable } from '../schema.ts';
import { parseConflictDetail, type ConflictDetail } from '../stored-formats.ts';

/** A late punch the server could not apply (decision 046), as the conflicts screen reads it. */
export interface ClockConflictRow {
  id: number;
  companyId: number | null;
  terminalId: number | null;
  terminalName: string;
  /** The worker's device of a personal late punch (decision 071); null for a terminal's. */
  personalDeviceId: number | null;
  seq: number;
  seqTo: number | null;
  employeeId: number | null;
  employeeName: string | null;
  action: ClockConflictTable['action'];
  method: ClockConflictTable['method'];
  at: string | null;
  deviceAt: string | null;
  reason: string;
  detail: ConflictDetail | null;
  status: ClockConflictStatus;
  resolutionNote: string | null;
  resolvedBy: number | null;
  resolverName: string | null;
  resolvedAt: string | null;
  attendanceId: number | null;
  createdAt: string;
}

const selectConflicts = (db: Db) =>
  db
    .selectFrom('clockConflicts as c')
    .leftJoin('employees as e', 'e.id', 'c.employeeId')
    .leftJoin('users as u', 'u.id', 'c.resolvedBy')
    .select([
      'c.id',
      'c.companyId',
      'c.terminalId',
      'c.terminalName',
      'c.personalDeviceId',
      'c.seq',
      'c.seqTo',
      'c.employeeId',
      'e.firstName',
      'e.lastName',
      'c.action',
      'c.method',
      'c.at',
      'c.deviceAt',
      'c.reason',
      'c.detail',
      'c.status',
      'c.resolutionNote',
      'c.resolvedBy',
      'u.name as resolverName',
      'c.resolvedAt',
      'c.attendanceId',
      'c.createdAt',
    ]);

type Selected = Awaited<ReturnType<ReturnType<typeof selectConflicts>['execute']>>[number];
const toRow = ({ firstName, lastName, detail, ...c }: Selected): ClockConflictRow => ({
  ...c,
  employeeName: firstName === null || lastName === null ? null : `${firstName} ${lastName}`,
  detail: parseConflictDetail(detail),
});

export async function insertClockConflict(db: Db, conflict: Insertable<ClockConflictTable>): Promise<number> {
  const row = await db.insertInto('clockConflicts').values(conflict).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

export async function findClockConflict(db: Db, id: number): Promise<ClockConflictRow | undefined> {
  const row = await selectConflicts(db).where('c.id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** One page of conflicts with the given status (open first-come first-served; closed newest first). */
export async function listClockConflicts(db: Db, query: { status: 'open' | 'closed'; page: number; pageSize: number }): Promise<{ data: ClockConflictRow[]; total: number }> {
  let base = db.selectFrom('clockConflicts as c');
  base = query.status === 'closed' ? base.where('c.status', '!=', 'open') : base.where('c.status', '=', query.status);
  const total = await base.select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  let rows = selectConflicts(db);
  rows = query.status === 'closed' ? rows.where('c.status', '!=', 'open') : rows.where('c.status', '=', query.status);
  const order = query.status === 'open' ? 'asc' : 'desc';
  const page = await rows
    .orderBy('c.createdAt', order)
    .orderBy('c.id', order)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { data: page.map(toRow), total: Number(total.n) };
}

/** Open conflicts, for the dashboard and the menu badge. */
export async function countOpenClockConflicts(db: Db): Promise<number> {
  const row = await db
    .selectFrom('clockConflicts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', '=', 'open')
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Closes an OPEN conflict; false when it was no longer open (someone closed it first). */
export async function closeClockConflict(db: Db, id: number, close: { status: 'resolved' | 'dismissed'; note: string; by: number; at: string; attendanceId: number | null }): Promise<boolean> {
  const result = await db
    .updateTable('clockConflicts')
    .set({ status: close.status, resolutionNote: close.note, resolvedBy: close.by, resolvedAt: close.at, attendanceId: close.attendanceId })
    .where('id', '=', id)
    .where('status', '=', 'open')
    .executeTakeFirst();
  return result.numUpdatedRows === 1n;
}

/** Unknown PINs and badges a terminal sent since `since` (the offline path's guessing limit). */
export async function countUnknownIdentifiers(db: Db, terminalId: number, since: string): Promise<number> {
  const row = await db
    .selectFrom('clockConflicts')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('terminalId', '=', terminalId)
    .where('reason', '=', 'unknownIdentifier')
    .where('createdAt', '>=', since)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

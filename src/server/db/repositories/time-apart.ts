import type { Period } from '#domain/reports/periods.ts';
import type { ContactChannel, InterruptionEntry, StandbyEntry, StandbyKind, TimeApartSource } from '#domain/worktime/time-apart.ts';
import type { Db } from '../connection.ts';
import { chainFigureDeletions, chainFigureRows } from './record-chain.ts';
import { figureRecords } from './record-chain-figures.ts';
import { refuseLockedPeriod } from './record-lock.ts';
import { employeeWhere, type EmployeeFilter } from './report-data.ts';

/**
 * Standby periods (waiting, on call) and interruptions of digital disconnection (issue 38 point 1,
 * decision 080, migration 0047). Every write takes the period lock of the row's local work date
 * (`record-lock.ts`) and chains the row as stored (kinds `standby` and `interruption`; the note is
 * not chained), in the caller's transaction, so no caller can forget either.
 */

export interface NewStandby {
  employeeId: number;
  kind: StandbyKind;
  startAt: string;
  endAt: string;
  date: string;
  timezone: string;
  calledInSeconds: number;
  source: TimeApartSource;
  authorId: number | null;
  note: string | null;
  createdAt: string;
}

export interface NewInterruption {
  employeeId: number;
  at: string;
  date: string;
  timezone: string;
  channel: ContactChannel;
  durationSeconds: number;
  workDone: boolean;
  source: TimeApartSource;
  authorId: number | null;
  note: string | null;
  createdAt: string;
}

export type StandbyRow = StandbyEntry & { note: string | null; authorId: number | null; createdAt: string };
export type InterruptionRow = InterruptionEntry & { authorId: number | null; createdAt: string };

const STANDBY_COLUMNS = ['id', 'employeeId', 'kind', 'startAt', 'endAt', 'date', 'timezone', 'calledInSeconds', 'source', 'authorId', 'note', 'createdAt'] as const;
const INTERRUPTION_COLUMNS = ['id', 'employeeId', 'at', 'date', 'timezone', 'channel', 'durationSeconds', 'workDone', 'source', 'authorId', 'note', 'createdAt'] as const;

export async function insertStandby(db: Db, row: NewStandby): Promise<number> {
  await refuseLockedPeriod(db, row.employeeId, row.date);
  const { id } = await db.insertInto('standbyPeriods').values(row).returning('id').executeTakeFirstOrThrow();
  await chainFigureRows(db, 'standby', [id]);
  return id;
}

export async function insertInterruption(db: Db, row: NewInterruption): Promise<number> {
  await refuseLockedPeriod(db, row.employeeId, row.date);
  const { id } = await db
    .insertInto('disconnectionInterruptions')
    .values({ ...row, workDone: row.workDone ? 1 : 0 })
    .returning('id')
    .executeTakeFirstOrThrow();
  await chainFigureRows(db, 'interruption', [id]);
  return id;
}

/** Deletes a standby period (locked date refused), chaining the deletion. False when there is none. */
export async function deleteStandby(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('standbyPeriods').select(['employeeId', 'date']).where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  await refuseLockedPeriod(db, row.employeeId, row.date);
  await chainFigureDeletions(db, await figureRecords(db, 'standby', [id]));
  await db.deleteFrom('standbyPeriods').where('id', '=', id).execute();
  return true;
}

export async function deleteInterruption(db: Db, id: number): Promise<boolean> {
  const row = await db.selectFrom('disconnectionInterruptions').select(['employeeId', 'date']).where('id', '=', id).executeTakeFirst();
  if (!row) return false;
  await refuseLockedPeriod(db, row.employeeId, row.date);
  await chainFigureDeletions(db, await figureRecords(db, 'interruption', [id]));
  await db.deleteFrom('disconnectionInterruptions').where('id', '=', id).execute();
  return true;
}

export function standbyById(db: Db, id: number): Promise<StandbyRow | undefined> {
  return db.selectFrom('standbyPeriods').select(STANDBY_COLUMNS).where('id', '=', id).executeTakeFirst();
}

export async function interruptionById(db: Db, id: number): Promise<InterruptionRow | undefined> {
  const row = await db.selectFrom('disconnectionInterruptions').select(INTERRUPTION_COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && { ...row, workDone: row.workDone === 1 };
}

/** The employee's standby periods whose span meets [from, to) (instants): the overlap check. */
export function standbyOverlapping(db: Db, employeeId: number, from: string, to: string): Promise<Pick<StandbyRow, 'id' | 'startAt' | 'endAt'>[]> {
  return db.selectFrom('standbyPeriods').select(['id', 'startAt', 'endAt']).where('employeeId', '=', employeeId).where('startAt', '<', to).where('endAt', '>', from).execute();
}

/** Standby periods of the employees under the filter on the dates of `period`, by start. */
export function standbyIn(db: Db, filter: EmployeeFilter, period: Period): Promise<StandbyRow[]> {
  return db
    .selectFrom('standbyPeriods')
    .innerJoin('employees', 'employees.id', 'standbyPeriods.employeeId')
    .select(STANDBY_COLUMNS.map((c) => `standbyPeriods.${c}` as const))
    .where(employeeWhere(filter))
    .where('standbyPeriods.date', '>=', period.from)
    .where('standbyPeriods.date', '<=', period.to)
    .orderBy('standbyPeriods.startAt')
    .orderBy('standbyPeriods.id')
    .execute();
}

/** Interruptions of the employees under the filter on the dates of `period`, by instant. */
export async function interruptionsIn(db: Db, filter: EmployeeFilter, period: Period): Promise<InterruptionRow[]> {
  const rows = await db
    .selectFrom('disconnectionInterruptions')
    .innerJoin('employees', 'employees.id', 'disconnectionInterruptions.employeeId')
    .select(INTERRUPTION_COLUMNS.map((c) => `disconnectionInterruptions.${c}` as const))
    .where(employeeWhere(filter))
    .where('disconnectionInterruptions.date', '>=', period.from)
    .where('disconnectionInterruptions.date', '<=', period.to)
    .orderBy('disconnectionInterruptions.at')
    .orderBy('disconnectionInterruptions.id')
    .execute();
  return rows.map((r) => ({ ...r, workDone: r.workDone === 1 }));
}

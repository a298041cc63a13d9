import { ROSTER_MESSAGES } from '#domain/roster/roster-schema.ts';
import type { Db } from '../connection.ts';
import { WriteRefused } from '../write-refused.ts';
import { refuseLockedDays } from './record-lock.ts';

/**
 * The draft roster (issue 39, decision 085): the shifts the grid edits before they are published.
 * Every write here refuses a day of an approved period (409 `periods.locked`: a locked day cannot
 * be re-rostered, not even in the draft) and a second shift of an employee on a date (409
 * `roster.dayTaken`), so no caller (the grid, copy, repeat, fill, claims, swaps) can forget either.
 */

export interface RosterShiftRow {
  id: number;
  companyId: number;
  departmentId: number;
  employeeId: number | null;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  templateId: number | null;
  published: boolean;
}

export interface RosterShiftValues {
  companyId: number;
  departmentId: number;
  employeeId: number | null;
  date: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  templateId: number | null;
}

const COLUMNS = [
  'rosterShifts.id',
  'rosterShifts.companyId',
  'rosterShifts.departmentId',
  'rosterShifts.employeeId',
  'rosterShifts.date',
  'rosterShifts.startTime',
  'rosterShifts.endTime',
  'rosterShifts.breakMinutes',
  'rosterShifts.templateId',
  'rosterShifts.published',
] as const;

type Raw = Omit<RosterShiftRow, 'published' | 'breakMinutes'> & { published: number; breakMinutes: number };
const toRow = (r: Raw): RosterShiftRow => ({ ...r, breakMinutes: Number(r.breakMinutes), published: Number(r.published) === 1 });

export async function findRosterShift(db: Db, id: number): Promise<RosterShiftRow | undefined> {
  const row = await db.selectFrom('rosterShifts').select(COLUMNS).where('id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

/** A department's draft shifts within the dates, plus those of the listed employees elsewhere in them. */
export async function rosterShiftsIn(db: Db, departmentId: number, from: string, to: string, employeeIds: readonly number[] = []): Promise<RosterShiftRow[]> {
  const rows = await db
    .selectFrom('rosterShifts')
    .select(COLUMNS)
    .where('date', '>=', from)
    .where('date', '<=', to)
    .where((eb) => (employeeIds.length === 0 ? eb('departmentId', '=', departmentId) : eb.or([eb('departmentId', '=', departmentId), eb('employeeId', 'in', [...employeeIds])])))
    .orderBy('date')
    .orderBy('startTime')
    .orderBy('id')
    .execute();
  return rows.map(toRow);
}

/** The (employee, date) keys that already hold a draft shift, among these employees and dates. */
export async function takenDays(db: Db, employeeIds: readonly number[], from: string, to: string): Promise<Set<string>> {
  if (employeeIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('rosterShifts')
    .select(['employeeId', 'date'])
    .where('employeeId', 'in', [...new Set(employeeIds)])
    .where('date', '>=', from)
    .where('date', '<=', to)
    .execute();
  return new Set(rows.map((r) => `${r.employeeId}|${r.date}`));
}

async function refuseTaken(db: Db, employeeId: number | null, date: string, exceptId: number | null): Promise<void> {
  if (employeeId === null) return;
  let q = db.selectFrom('rosterShifts').select('id').where('employeeId', '=', employeeId).where('date', '=', date);
  if (exceptId !== null) q = q.where('id', '!=', exceptId);
  if (await q.limit(1).executeTakeFirst()) throw new WriteRefused(ROSTER_MESSAGES.dayTaken, 409);
}

const lockedDays = (rows: readonly { employeeId: number | null; date: string }[]) => rows.filter((r): r is { employeeId: number; date: string } => r.employeeId !== null);

/** Inserts one draft shift (locked day: 409; the employee's date already taken: 409). */
export async function insertRosterShift(db: Db, values: RosterShiftValues, at: string, by: number | null): Promise<number> {
  await refuseLockedDays(db, lockedDays([values]));
  await refuseTaken(db, values.employeeId, values.date, null);
  const row = await db
    .insertInto('rosterShifts')
    .values({ ...values, published: 0, createdAt: at, updatedAt: at, updatedBy: by })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Inserts many draft shifts at once (copy, repeat, fill): the callers left out taken and locked days; checked again here. */
export async function insertRosterShifts(db: Db, rows: readonly RosterShiftValues[], at: string, by: number | null): Promise<void> {
  if (rows.length === 0) return;
  await refuseLockedDays(db, lockedDays(rows));
  const assigned = lockedDays(rows);
  if (assigned.length > 0) {
    const dates = assigned.map((r) => r.date).sort();
    const taken = await takenDays(
      db,
      assigned.map((r) => r.employeeId),
      dates[0]!,
      dates[dates.length - 1]!,
    );
    const seen = new Set<string>();
    for (const r of assigned) {
      const key = `${r.employeeId}|${r.date}`;
      if (taken.has(key) || seen.has(key)) throw new WriteRefused(ROSTER_MESSAGES.dayTaken, 409);
      seen.add(key);
    }
  }
  for (let i = 0; i < rows.length; i += 200) {
    await db
      .insertInto('rosterShifts')
      .values(rows.slice(i, i + 200).map((r) => ({ ...r, published: 0, createdAt: at, updatedAt: at, updatedBy: by })))
      .execute();
  }
}

/** Rewrites a draft shift (moving it too): both its old and its new day must be unlocked; it reads as unpublished after. */
export async function updateRosterShift(db: Db, before: RosterShiftRow, values: RosterShiftValues, at: string, by: number | null): Promise<void> {
  await refuseLockedDays(db, lockedDays([before, values]));
  await refuseTaken(db, values.employeeId, values.date, before.id);
  await db
    .updateTable('rosterShifts')
    .set({ ...values, published: 0, updatedAt: at, updatedBy: by })
    .where('id', '=', before.id)
    .execute();
}

/** Deletes a draft shift whose day is not locked. */
export async function deleteRosterShift(db: Db, before: RosterShiftRow): Promise<void> {
  await refuseLockedDays(db, lockedDays([before]));
  await db.deleteFrom('rosterShifts').where('id', '=', before.id).execute();
}

/** Marks draft shifts as reading what was just published (publishing writes `planned_days` itself). */
export async function markRosterShiftsPublished(db: Db, ids: readonly number[]): Promise<void> {
  for (let i = 0; i < ids.length; i += 500) {
    await db
      .updateTable('rosterShifts')
      .set({ published: 1 })
      .where('id', 'in', ids.slice(i, i + 500))
      .execute();
  }
}

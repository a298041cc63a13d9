import type { ActiveHold, LegalHoldView } from '#domain/retention/retention-rules.ts';
import type { Db } from '../connection.ts';

/** Legal holds (migration 0050, decision 083): on one employee or (employeeId null) on a whole company. */
export type LegalHoldRow = LegalHoldView;

export async function insertLegalHold(db: Db, hold: { companyId: number; employeeId: number | null; reason: string; setBy: number; setAt: string }): Promise<number> {
  const row = await db.insertInto('legalHolds').values(hold).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Releases an unreleased hold; false when there is none with that id or it was released already. */
export async function releaseLegalHoldRow(db: Db, id: number, release: { releasedBy: number; releasedAt: string }): Promise<boolean> {
  const result = await db.updateTable('legalHolds').set(release).where('id', '=', id).where('releasedAt', 'is', null).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** Holds, newest first: every one, or those on `employeeId` and on its company (the employee page). */
export async function legalHoldRows(db: Db, filter: { id?: number; employeeId?: number; companyId?: number } = {}): Promise<LegalHoldRow[]> {
  let q = db
    .selectFrom('legalHolds as h')
    .innerJoin('companies as c', 'c.id', 'h.companyId')
    .leftJoin('employees as e', 'e.id', 'h.employeeId')
    .leftJoin('users as s', 's.id', 'h.setBy')
    .leftJoin('users as r', 'r.id', 'h.releasedBy')
    .select([
      'h.id',
      'h.companyId',
      'c.name as companyName',
      'h.employeeId',
      'e.firstName',
      'e.lastName',
      'h.reason',
      'h.setBy',
      's.name as setByName',
      'h.setAt',
      'h.releasedBy',
      'r.name as releasedByName',
      'h.releasedAt',
    ]);
  if (filter.id !== undefined) q = q.where('h.id', '=', filter.id);
  if (filter.employeeId !== undefined) {
    const employeeId = filter.employeeId;
    q = q.where((eb) => eb.or([eb('h.employeeId', '=', employeeId), eb.and([eb('h.employeeId', 'is', null), eb('h.companyId', '=', filter.companyId ?? -1)])]));
  }
  const rows = await q.orderBy('h.setAt', 'desc').orderBy('h.id', 'desc').execute();
  return rows.map(({ firstName, lastName, ...r }) => ({ ...r, employeeName: firstName === null ? null : `${firstName} ${lastName}` }));
}

/** Every unreleased hold (the purge's one read). */
export function activeLegalHolds(db: Db): Promise<ActiveHold[]> {
  return db.selectFrom('legalHolds').select(['companyId', 'employeeId']).where('releasedAt', 'is', null).execute();
}

/** The company of an employee, or undefined when there is no such employee. */
export async function companyOfEmployee(db: Db, employeeId: number): Promise<number | undefined> {
  const row = await db.selectFrom('employees').select('companyId').where('id', '=', employeeId).executeTakeFirst();
  return row?.companyId;
}

/** Every company by id (the company hold's choice). */
export function companiesForHolds(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('companies').select(['id', 'name']).orderBy('id').execute();
}

export async function companyExists(db: Db, companyId: number): Promise<boolean> {
  return (await db.selectFrom('companies').select('id').where('id', '=', companyId).executeTakeFirst()) !== undefined;
}

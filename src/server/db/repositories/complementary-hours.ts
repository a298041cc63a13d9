import type { ComplementaryInput, ComplementaryPact, OfferStatus, VoluntaryOffer } from '#domain/worktime/complementary-hours.ts';
import type { Period } from '#domain/reports/periods.ts';
import type { Db } from '../connection.ts';
import { chainFigureDeletions, chainFigureRows } from './record-chain.ts';
import { figureRecords } from './record-chain-figures.ts';
import { refuseLockedEmployeeFrom, refuseLockedPeriod } from './record-lock.ts';
import { employeeWhere, type EmployeeFilter } from './report-data.ts';

/**
 * Pacts of complementary hours and voluntary offers (art. 12.5 ET; migration 0048, decision 081).
 * Every write here checks the period lock and chains the row in the same transaction (kinds
 * 'pact' and 'offer'), so no caller can forget either.
 */

const PACT_COLUMNS = ['id', 'employeeId', 'signedOn', 'validFrom', 'validTo', 'sharePercent', 'collectiveAgreement', 'createdAt', 'authorId'] as const;
const OFFER_COLUMNS = ['id', 'employeeId', 'date', 'seconds', 'status', 'offeredBy', 'offeredAt', 'answeredAt'] as const;

/** Whether the employee exists (any status). */
export async function employeeExists(db: Db, employeeId: number): Promise<boolean> {
  return (await db.selectFrom('employees').select('id').where('id', '=', employeeId).executeTakeFirst()) !== undefined;
}

/** One employee's pacts, by valid-from date. */
export function pactsOf(db: Db, employeeId: number): Promise<ComplementaryPact[]> {
  return db.selectFrom('complementaryPacts').select(PACT_COLUMNS).where('employeeId', '=', employeeId).orderBy('validFrom').orderBy('id').execute();
}

/** One employee's offers within a period, by date. */
export function offersOf(db: Db, employeeId: number, period?: Period): Promise<VoluntaryOffer[]> {
  let q = db.selectFrom('complementaryOffers').select(OFFER_COLUMNS).where('employeeId', '=', employeeId);
  if (period) q = q.where('date', '>=', period.from).where('date', '<=', period.to);
  return q.orderBy('date').orderBy('id').execute();
}

/** Every filtered employee's pacts and offers of the period (two reads): what the record's classification needs. */
export async function complementaryByEmployee(db: Db, filter: EmployeeFilter, period: Period): Promise<Map<number, ComplementaryInput>> {
  const pacts = await db
    .selectFrom('complementaryPacts as t')
    .innerJoin('employees', 'employees.id', 't.employeeId')
    .select(PACT_COLUMNS.map((c) => `t.${c}` as const))
    .where(employeeWhere(filter))
    .where('t.validFrom', '<=', period.to)
    .execute();
  const offers = await db
    .selectFrom('complementaryOffers as t')
    .innerJoin('employees', 'employees.id', 't.employeeId')
    .select(OFFER_COLUMNS.map((c) => `t.${c}` as const))
    .where(employeeWhere(filter))
    .where('t.date', '>=', period.from)
    .where('t.date', '<=', period.to)
    .execute();
  const out = new Map<number, { pacts: ComplementaryPact[]; offers: VoluntaryOffer[] }>();
  const own = (id: number) => out.get(id) ?? out.set(id, { pacts: [], offers: [] }).get(id)!;
  for (const p of pacts) own(p.employeeId).pacts.push(p);
  for (const o of offers) own(o.employeeId).offers.push(o);
  return out;
}

/** Adds a pact: refused (409 `periods.locked`) when it would apply from a date of an approved period; chained. */
export async function insertPact(db: Db, row: Omit<ComplementaryPact, 'id'>): Promise<number> {
  await refuseLockedEmployeeFrom(db, row.employeeId, row.validFrom);
  const { id } = await db.insertInto('complementaryPacts').values(row).returning('id').executeTakeFirstOrThrow();
  await chainFigureRows(db, 'pact', [id]);
  return id;
}

/** Records an offer of voluntary hours: refused on a locked date; chained. */
export async function insertOffer(db: Db, row: Omit<VoluntaryOffer, 'id' | 'status' | 'answeredAt'>): Promise<number> {
  await refuseLockedPeriod(db, row.employeeId, row.date);
  const { id } = await db.insertInto('complementaryOffers').values(row).returning('id').executeTakeFirstOrThrow();
  await chainFigureRows(db, 'offer', [id]);
  return id;
}

export function findOffer(db: Db, id: number): Promise<VoluntaryOffer | undefined> {
  return db.selectFrom('complementaryOffers').select(OFFER_COLUMNS).where('id', '=', id).executeTakeFirst();
}

/** The worker's answer to an offer: refused on a locked date; chained again. */
export async function answerOffer(db: Db, offer: Pick<VoluntaryOffer, 'id' | 'employeeId' | 'date'>, status: Exclude<OfferStatus, 'offered'>, at: string): Promise<void> {
  await refuseLockedPeriod(db, offer.employeeId, offer.date);
  await db.updateTable('complementaryOffers').set({ status, answeredAt: at }).where('id', '=', offer.id).execute();
  await chainFigureRows(db, 'offer', [offer.id]);
}

/** Deletes an employee's pacts and offers (the employee is being deleted), chaining each deletion. */
export async function deleteComplementaryOf(db: Db, employeeId: number): Promise<void> {
  for (const [kind, table] of [
    ['pact', 'complementaryPacts'],
    ['offer', 'complementaryOffers'],
  ] as const) {
    const rows = await db.selectFrom(table).select('id').where('employeeId', '=', employeeId).execute();
    const gone = await figureRecords(
      db,
      kind,
      rows.map((r) => r.id),
    );
    await db.deleteFrom(table).where('employeeId', '=', employeeId).execute();
    await chainFigureDeletions(db, gone);
  }
}

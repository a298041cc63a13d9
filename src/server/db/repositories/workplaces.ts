import type { WorkplaceView } from '#domain/clock/proof-of-place.ts';
import type { Db } from '../connection.ts';
import { byName } from '../text-order.ts';

/** Workplaces (decision 068): a company's places of work, for proof of place. */

function base(db: Db) {
  return db
    .selectFrom('workplaces')
    .innerJoin('companies', 'companies.id', 'workplaces.companyId')
    .select(['workplaces.id', 'workplaces.companyId', 'companies.name as companyName', 'workplaces.name', 'workplaces.lat', 'workplaces.lng', 'workplaces.radiusM']);
}

const toView = (r: WorkplaceView): WorkplaceView => ({ ...r, lat: Number(r.lat), lng: Number(r.lng), radiusM: Number(r.radiusM) });

/** The workplaces of one company (`companyId`) or of all (null), by company and name. */
export async function listWorkplaces(db: Db, companyId: number | null): Promise<WorkplaceView[]> {
  let q = base(db);
  if (companyId !== null) q = q.where('workplaces.companyId', '=', companyId);
  return (await q.orderBy(byName('companies.name')).orderBy(byName('workplaces.name')).orderBy('workplaces.id').execute()).map(toView);
}

export async function findWorkplace(db: Db, id: number): Promise<WorkplaceView | undefined> {
  const row = await base(db).where('workplaces.id', '=', id).executeTakeFirst();
  return row && toView(row);
}

export async function insertWorkplace(db: Db, input: { companyId: number; name: string; lat: number; lng: number; radiusM: number }, at: string): Promise<number> {
  const row = await db
    .insertInto('workplaces')
    .values({ ...input, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateWorkplace(db: Db, id: number, input: { name: string; lat: number; lng: number; radiusM: number }, at: string): Promise<void> {
  await db
    .updateTable('workplaces')
    .set({ ...input, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

/** Whether a punch names the workplace (its place is part of the record: the workplace cannot go). */
export async function workplaceUsed(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('punches').select('id').where('workplaceId', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

export async function deleteWorkplace(db: Db, id: number): Promise<void> {
  await db.deleteFrom('workplaces').where('id', '=', id).execute();
}

/** The areas a company's punches are compared with. */
export async function workplaceAreas(db: Db, companyId: number) {
  const rows = await db.selectFrom('workplaces').select(['id', 'lat', 'lng', 'radiusM']).where('companyId', '=', companyId).execute();
  return rows.map((r) => ({ id: r.id, lat: Number(r.lat), lng: Number(r.lng), radiusM: Number(r.radiusM) }));
}

/**
 * Deletes the raw positions past each company's retention (`position_retention_days`, counted
 * from when the position was received). The punch keeps its place. Returns how many went.
 */
export async function deletePositionsPastRetention(db: Db, nowMs: number): Promise<number> {
  const companies = await db.selectFrom('companies').select(['id', 'positionRetentionDays']).execute();
  let removed = 0;
  for (const company of companies) {
    const cutoff = new Date(nowMs - company.positionRetentionDays * 86_400_000).toISOString();
    const result = await db
      .deleteFrom('punchPositions')
      .where('createdAt', '<', cutoff)
      .where('punchId', 'in', (eb) => eb.selectFrom('punches').innerJoin('employees', 'employees.id', 'punches.employeeId').select('punches.id').where('employees.companyId', '=', company.id))
      .executeTakeFirst();
    removed += Number(result.numDeletedRows);
  }
  return removed;
}

/** Id and name of one company (`companyId`) or of all (null), by name: the companies workplaces may be added to. */
export function companyChoices(db: Db, companyId: number | null) {
  let q = db.selectFrom('companies').select(['id', 'name']).orderBy(byName('name'));
  if (companyId !== null) q = q.where('id', '=', companyId);
  return q.execute();
}

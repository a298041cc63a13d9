import type { RosterPublicationDto } from '#domain/roster/roster-contract.ts';
import type { Db } from '../connection.ts';

/** Who published which department's dates when (issue 39, decision 085). */

export type { RosterPublicationDto };

export async function insertRosterPublication(
  db: Db,
  p: { companyId: number; departmentId: number; dateFrom: string; dateTo: string; changedDays: number; publishedAt: string; publishedBy: number | null },
): Promise<number> {
  const row = await db.insertInto('rosterPublications').values(p).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** The department's publications overlapping the dates, latest first. */
export async function rosterPublicationsIn(db: Db, departmentId: number, from: string, to: string, limit = 20): Promise<RosterPublicationDto[]> {
  const rows = await db
    .selectFrom('rosterPublications')
    .leftJoin('users', 'users.id', 'rosterPublications.publishedBy')
    .select(['rosterPublications.dateFrom', 'rosterPublications.dateTo', 'rosterPublications.publishedAt', 'users.name as publishedByName', 'rosterPublications.changedDays'])
    .where('rosterPublications.departmentId', '=', departmentId)
    .where('rosterPublications.dateFrom', '<=', to)
    .where('rosterPublications.dateTo', '>=', from)
    .orderBy('rosterPublications.publishedAt', 'desc')
    .orderBy('rosterPublications.id', 'desc')
    .limit(limit)
    .execute();
  return rows.map((r) => ({ from: r.dateFrom, to: r.dateTo, publishedAt: r.publishedAt, publishedByName: r.publishedByName ?? null, changedDays: Number(r.changedDays) }));
}

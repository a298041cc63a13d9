import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type Executor = Kysely<Database>;

/** Columns an administrator sees of a link (never the token hash). */
const LINK_COLUMNS = [
  'inspectionLinks.id',
  'inspectionLinks.label',
  'inspectionLinks.companyId',
  'inspectionLinks.createdAt',
  'inspectionLinks.expiresAt',
  'inspectionLinks.revokedAt',
  'inspectionLinks.lastUsedAt',
  'inspectionLinks.uses',
  'inspectionLinks.createdBy',
] as const;

export async function insertInspectionLink(db: Executor, link: { tokenHash: string; companyId: number | null; label: string | null; createdBy: number; createdAt: string; expiresAt: string }): Promise<number> {
  const row = await db.insertInto('inspectionLinks').values(link).returning('id').executeTakeFirstOrThrow();
  return row.id;
}

/** Every link, newest first, with the name of the user who made it. */
export function listInspectionLinks(db: Executor) {
  return db
    .selectFrom('inspectionLinks')
    .leftJoin('users', 'users.id', 'inspectionLinks.createdBy')
    .select([...LINK_COLUMNS, 'users.name as createdByName'])
    .orderBy('inspectionLinks.createdAt', 'desc')
    .orderBy('inspectionLinks.id', 'desc')
    .execute();
}

export function findInspectionLink(db: Executor, id: number) {
  return db
    .selectFrom('inspectionLinks')
    .select([...LINK_COLUMNS])
    .where('id', '=', id)
    .executeTakeFirst();
}

/** The link a token's hash names (whatever its state; the caller decides). */
export function findInspectionLinkByHash(db: Executor, tokenHash: string) {
  return db
    .selectFrom('inspectionLinks')
    .select([...LINK_COLUMNS])
    .where('tokenHash', '=', tokenHash)
    .executeTakeFirst();
}

export async function revokeInspectionLink(db: Executor, id: number, by: number, at: string): Promise<void> {
  await db.updateTable('inspectionLinks').set({ revokedAt: at, revokedBy: by }).where('id', '=', id).where('revokedAt', 'is', null).execute();
}

/** Logs one use of a link and counts it. */
export async function recordInspectionLinkUse(db: Executor, use: { linkId: number; at: string; address: string | null; viewed: string }): Promise<void> {
  await db.insertInto('inspectionLinkUses').values(use).execute();
  await db
    .updateTable('inspectionLinks')
    .set((eb) => ({ uses: eb('uses', '+', 1), lastUsedAt: use.at }))
    .where('id', '=', use.linkId)
    .execute();
}

/** The uses of a link, newest first (at most `limit`). */
export function inspectionLinkUses(db: Executor, linkId: number, limit = 100) {
  return db.selectFrom('inspectionLinkUses').select(['id', 'at', 'address', 'viewed']).where('linkId', '=', linkId).orderBy('at', 'desc').orderBy('id', 'desc').limit(limit).execute();
}

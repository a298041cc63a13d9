import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

/** The `shared_state` rows (migration 0027); only db/shared-state.ts calls these. */

export async function readSharedRow(db: Kysely<Database>, scope: string, key: string): Promise<string | undefined> {
  const row = await db.selectFrom('sharedState').select('value').where('scope', '=', scope).where('key', '=', key).executeTakeFirst();
  return row?.value;
}

/** Several keys of one scope in one query, by key (missing keys absent). */
export async function readSharedRows(db: Kysely<Database>, scope: string, keys: readonly string[]): Promise<Map<string, string>> {
  if (keys.length === 0) return new Map();
  const rows = await db
    .selectFrom('sharedState')
    .select(['key', 'value'])
    .where('scope', '=', scope)
    .where('key', 'in', [...keys])
    .execute();
  return new Map(rows.map((r) => [r.key, r.value]));
}

export async function readSharedScope(db: Kysely<Database>, scope: string): Promise<{ key: string; value: string }[]> {
  return db.selectFrom('sharedState').select(['key', 'value']).where('scope', '=', scope).orderBy('key').execute();
}

/** Insert or replace (one statement: an upsert on the primary key). */
export async function writeSharedRow(db: Kysely<Database>, scope: string, key: string, value: string, expiresAt: number): Promise<void> {
  await db
    .insertInto('sharedState')
    .values({ scope, key, value, expiresAt })
    .onConflict((oc) => oc.columns(['scope', 'key']).doUpdateSet({ value, expiresAt }))
    .execute();
}

export async function deleteSharedRow(db: Kysely<Database>, scope: string, key: string): Promise<void> {
  await db.deleteFrom('sharedState').where('scope', '=', scope).where('key', '=', key).execute();
}

/** Deletes rows past their `expires_at`; how many went. */
export async function deleteExpiredSharedRows(db: Kysely<Database>, now: number): Promise<number> {
  const result = await db.deleteFrom('sharedState').where('expiresAt', '<', now).executeTakeFirst();
  return Number(result.numDeletedRows);
}

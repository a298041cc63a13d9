import type { Db } from '../connection.ts';

/** Key of the secrets fingerprint row (decision 039). */
export const SECRETS_FINGERPRINT = 'secrets_fingerprint';

export async function readInstanceMeta(db: Db, key: string): Promise<string | null> {
  const row = await db.selectFrom('instanceMeta').select('value').where('key', '=', key).executeTakeFirst();
  return row?.value ?? null;
}

/** Writes the row only when it is absent; answers whether it was written. */
export async function insertInstanceMetaIfAbsent(db: Db, key: string, value: string, at: string): Promise<boolean> {
  const result = await db
    .insertInto('instanceMeta')
    .values({ key, value, updatedAt: at })
    .onConflict((c) => c.column('key').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0n) > 0;
}

/** Writes the row, replacing its value. */
export async function writeInstanceMeta(db: Db, key: string, value: string, at: string): Promise<void> {
  await db
    .insertInto('instanceMeta')
    .values({ key, value, updatedAt: at })
    .onConflict((c) => c.column('key').doUpdateSet({ value, updatedAt: at }))
    .execute();
}

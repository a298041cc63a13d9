import type { Insertable, Kysely, Selectable } from 'kysely';
import type { Database, PasskeyTable } from '../schema.ts';

type Executor = Kysely<Database>;
export type PasskeyRow = Selectable<PasskeyTable>;

/** The account's passkeys, oldest first. */
export async function listPasskeys(db: Executor, userId: number): Promise<PasskeyRow[]> {
  return db.selectFrom('passkeys').selectAll().where('userId', '=', userId).orderBy('id').execute();
}

/** One passkey of the account; another account's is not found (the caller answers 404). */
export async function findOwnPasskey(db: Executor, userId: number, id: number): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
}

export async function findPasskeyByCredentialId(db: Executor, credentialId: string): Promise<PasskeyRow | undefined> {
  return db.selectFrom('passkeys').selectAll().where('credentialId', '=', credentialId).executeTakeFirst();
}

export async function insertPasskey(db: Executor, row: Insertable<PasskeyTable>): Promise<number> {
  const inserted = await db.insertInto('passkeys').values(row).returning('id').executeTakeFirstOrThrow();
  return Number(inserted.id);
}

export async function renamePasskey(db: Executor, userId: number, id: number, name: string): Promise<boolean> {
  const result = await db.updateTable('passkeys').set({ name }).where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function deletePasskey(db: Executor, userId: number, id: number): Promise<boolean> {
  const result = await db.deleteFrom('passkeys').where('userId', '=', userId).where('id', '=', id).executeTakeFirst();
  return Number(result.numDeletedRows) === 1;
}

/**
 * Records a use: the new signature counter, the sync state and the time. Conditional on the counter
 * read before verifying, so two assertions verified at once against the same counter cannot both
 * move it (false: the other one won).
 */
export async function recordPasskeyUse(db: Executor, id: number, use: { previousCounter: number; counter: number; backedUp: boolean; deviceType: string; at: string }): Promise<boolean> {
  const result = await db
    .updateTable('passkeys')
    .set({ counter: use.counter, backedUp: use.backedUp ? 1 : 0, deviceType: use.deviceType, lastUsedAt: use.at })
    .where('id', '=', id)
    .where('counter', '=', use.previousCounter)
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

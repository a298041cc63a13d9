import type { Insertable, Kysely } from 'kysely';
import type { Database, UserDeviceTable } from '../schema.ts';

type Executor = Kysely<Database>;

export async function findUserDevice(db: Executor, userId: number, tokenHash: string) {
  return db.selectFrom('userDevices').selectAll().where('userId', '=', userId).where('tokenHash', '=', tokenHash).executeTakeFirst();
}

export async function insertUserDevice(db: Executor, row: Insertable<UserDeviceTable>): Promise<number> {
  const inserted = await db.insertInto('userDevices').values(row).returning('id').executeTakeFirstOrThrow();
  return inserted.id;
}

export async function touchUserDevice(db: Executor, id: number, values: { lastSeenAt: string; userAgent: string | null; address: string | null; trustedUntil?: string | null }): Promise<void> {
  await db.updateTable('userDevices').set(values).where('id', '=', id).execute();
}

/** Forgets every remembered browser of the user (the second factor is asked again everywhere). */
export async function untrustUserDevices(db: Executor, userId: number): Promise<void> {
  await db.updateTable('userDevices').set({ trustedUntil: null }).where('userId', '=', userId).execute();
}

/** How many browsers the user signed in from, leaving out `except` (the one just recorded). */
export async function countOtherUserDevices(db: Executor, userId: number, except: number): Promise<number> {
  const row = await db
    .selectFrom('userDevices')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('userId', '=', userId)
    .where('id', '!=', except)
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

import type { Db } from '../connection.ts';

/**
 * The health check's write probe: rewrites the one `health_probe` row in a transaction of its own
 * (a commit with its fsync, like any use case). Throws what SQLite throws — SQLITE_READONLY,
 * SQLITE_FULL, SQLITE_IOERR, SQLITE_CORRUPT — when the database cannot take a write.
 */
export async function writeHealthProbe(db: Db, at: string): Promise<void> {
  await db
    .insertInto('healthProbe')
    .values({ id: 1, checkedAt: at })
    .onConflict((oc) => oc.column('id').doUpdateSet({ checkedAt: at }))
    .execute();
}

import type { Db } from '../db/connection.ts';

/**
 * Runs `work` in a transaction: a new one, or the caller's when `db` already is one (Kysely does
 * not nest transactions). Lets a use case such as approving a correction request run another
 * use case (the correction) inside its own unit of work.
 */
export function inTransaction<T>(db: Db, work: (trx: Db) => Promise<T>): Promise<T> {
  return db.isTransaction ? work(db) : db.transaction().execute(work);
}

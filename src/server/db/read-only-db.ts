import path from 'node:path';
import SQLite from 'better-sqlite3';
import { dataDir } from '../config/data-dir.ts';
import { createKysely, getDb, type Db } from './connection.ts';

/**
 * A second, read-only connection to the database for long reads (exports). A read that streams
 * for seconds would otherwise hold the one shared connection and stall every other request; on
 * its own connection it reads one consistent snapshot (WAL) while the app goes on writing.
 * Close it with `db.destroy()`.
 */
export async function openReadOnlyDb(): Promise<Db> {
  await getDb(); // the file exists and is migrated
  const sqlite = new SQLite(path.join(dataDir(), 'jornada.db'), { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return createKysely(sqlite);
}

import SQLite from 'better-sqlite3';
import type { Compilable } from 'kysely';
import { createKysely, databaseFile, getDb, type Db } from './connection.ts';

export interface ReadOnlyDb {
  db: Db;
  /**
   * Iterates the rows of a query as arrays, in select order, straight from SQLite: no object per
   * row and no name mapping, for reads of many thousands of rows. While iterating, this
   * connection runs nothing else.
   */
  rawRows<R extends unknown[]>(query: Compilable<unknown>): IterableIterator<R>;
  close(): void;
}

/**
 * A second, read-only connection to the database for long reads (exports). A read that streams
 * for seconds would otherwise hold the one shared connection and stall every other request; on
 * its own connection it reads one consistent snapshot (WAL) while the app goes on writing.
 */
export async function openReadOnlyDb(): Promise<ReadOnlyDb> {
  await getDb(); // the file exists and is migrated
  const sqlite = new SQLite(databaseFile(), { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: createKysely(sqlite),
    rawRows<R extends unknown[]>(query: Compilable<unknown>) {
      const { sql, parameters } = query.compile();
      return sqlite.prepare(sql).raw(true).iterate(...(parameters as unknown[])) as IterableIterator<R>;
    },
    close: () => sqlite.close(),
  };
}

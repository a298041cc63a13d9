import SQLite from 'better-sqlite3';
import type { Compilable } from 'kysely';
import Cursor from 'pg-cursor';
import { createKysely, databaseFile, getDb, getPostgresPool, type Db } from './connection.ts';
import { postgresUrl } from './engine.ts';

export interface ReadOnlyDb {
  db: Db;
  /**
   * Iterates the rows of a query as arrays, in select order, straight from the engine: no object
   * per row and no name mapping, for reads of many thousands of rows. While iterating, this
   * connection runs nothing else. Iterate with `for await` (SQLite's rows come synchronously).
   */
  rawRows<R extends unknown[]>(query: Compilable<unknown>): Iterable<R> | AsyncIterable<R>;
  close(): void;
}

/** Rows fetched per round trip from PostgreSQL. */
const PG_BATCH = 2_000;

/**
 * A second, read-only connection to the database for long reads (exports). A read that streams
 * for seconds would otherwise hold the one shared connection and stall every other request; on
 * its own connection it reads one consistent snapshot (SQLite's WAL; on PostgreSQL a
 * repeatable-read, read-only transaction on a cursor) while the app goes on writing.
 */
export async function openReadOnlyDb(): Promise<ReadOnlyDb> {
  const db = await getDb(); // the file exists and is migrated
  if (postgresUrl()) return openPostgresReadOnly(db);
  const sqlite = new SQLite(databaseFile(), { readonly: true, fileMustExist: true });
  sqlite.pragma('busy_timeout = 5000');
  return {
    db: createKysely(sqlite),
    rawRows<R extends unknown[]>(query: Compilable<unknown>) {
      const { sql, parameters } = query.compile();
      return sqlite
        .prepare(sql)
        .raw(true)
        .iterate(...(parameters as unknown[])) as IterableIterator<R>;
    },
    close: () => sqlite.close(),
  };
}

async function openPostgresReadOnly(db: Db): Promise<ReadOnlyDb> {
  const client = await getPostgresPool().connect();
  let open = true;
  const release = () => {
    if (!open) return;
    open = false;
    client.query('rollback').finally(() => client.release());
  };
  try {
    await client.query('begin isolation level repeatable read read only');
  } catch (error) {
    open = false;
    client.release();
    throw error;
  }
  return {
    db,
    rawRows<R extends unknown[]>(query: Compilable<unknown>): AsyncIterable<R> {
      const { sql, parameters } = query.compile();
      return (async function* () {
        const cursor = client.query(new Cursor(sql, parameters as unknown[], { rowMode: 'array' }));
        try {
          for (;;) {
            const rows = (await cursor.read(PG_BATCH)) as R[];
            if (rows.length === 0) return;
            yield* rows;
          }
        } finally {
          await cursor.close();
        }
      })();
    },
    close: release,
  };
}

import { chmodSync, closeSync, openSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { CamelCasePlugin, Kysely, SqliteDialect } from 'kysely';
import { dataDir } from '../config/data-dir.ts';
import { migrateToLatest } from './migrate.ts';
import type { Database } from './schema.ts';
import { withStatementCache } from './statement-cache.ts';
import { postgresPoolSize, postgresUrl } from './engine.ts';
import { createPostgresKysely } from './postgres/postgres-kysely.ts';
import { log } from '../log.ts';
import { foldText } from '../../domain/lists/fold-text.ts';
import { sortKey } from '../../domain/lists/sort-key.ts';

export type Db = Kysely<Database>;

interface Connection {
  db: Db;
  /** Present on PostgreSQL. */
  pool?: pg.Pool;
  /** Absent on PostgreSQL. */
  sqlite?: SQLite.Database;
  file?: string;
}

let current: Connection | undefined;
let ready: Promise<Db> | undefined;

/** The server's database file, `DATA_DIR/jornada.db`. */
export function databaseFile(): string {
  return path.join(dataDir(), 'jornada.db');
}

/**
 * Makes `file` mode 0600 before SQLite opens it: created empty with that mode when missing (an
 * empty file is a valid new database), chmod-ed when it exists (an older install made it 0644).
 * SQLite gives the -wal and -shm files the mode of the database file, so they are 0600 too
 * (decision 040). Only the owner can chmod: another user's file is left as it is.
 */
export function makeDatabaseFilePrivate(file: string): void {
  try {
    closeSync(openSync(file, 'a', 0o600));
    chmodSync(file, 0o600);
  } catch {
    // Not ours or not writable: SQLite's own open reports what matters.
  }
  // Left by an older install or a crash: SQLite reuses them as they are.
  for (const sibling of [`${file}-wal`, `${file}-shm`]) {
    try {
      chmodSync(sibling, 0o600);
    } catch {
      // Missing (the usual case) or not ours.
    }
  }
}

/** Opens the SQLite file with the pragmas docs/architecture.md requires. SQLite specifics stay in this folder. */
export function openSqlite(file: string): SQLite.Database {
  const sqlite = new SQLite(file);
  sqlite.pragma('journal_mode = WAL');
  sqlite.pragma('synchronous = FULL');
  sqlite.pragma('foreign_keys = ON');
  sqlite.pragma('busy_timeout = 5000');
  // 16 MB of page cache instead of SQLite's 2 MB: the clock's lookups (PIN key, the day's
  // attendance, recent punches) stay in memory with thousands of employees (decision 017).
  sqlite.pragma('cache_size = -16384');
  return sqlite;
}

export function createKysely(sqlite: SQLite.Database): Db {
  // The list search's text folding (like.ts); PostgreSQL does the same with translate().
  sqlite.function('jornada_fold', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? foldText(value) : value));
  // The order of names (text-order.ts, decision 075); PostgreSQL computes the same key inline.
  sqlite.function('jornada_sort_key', { deterministic: true }, (value: unknown) => (typeof value === 'string' ? sortKey(value) : value));
  return new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(sqlite) }),
    plugins: [new CamelCasePlugin()],
  });
}

/** Runs before pending migrations are applied to the SQLite file, with the list of them. */
export type BeforeMigrating = (sqlite: SQLite.Database, pending: string[]) => Promise<void>;
let beforeMigrating: BeforeMigrating | undefined;

/**
 * Sets what runs before `getDb()` migrates the SQLite file: the server's boot passes the
 * pre-migration backup (decision 039). Passed in, so that db/ imports no service (it is the
 * bottom layer; tests/unit/data-access.test.ts).
 */
export function setBeforeMigrating(hook: BeforeMigrating | undefined): void {
  beforeMigrating = hook;
}

/**
 * The process-wide database, opened and migrated on first use: `DATA_DIR/jornada.db`, or the
 * PostgreSQL database `DATABASE_URL` names (decision 059). Both the launcher (before listening)
 * and the pages use this one connection.
 */
export function getDb(): Promise<Db> {
  const url = postgresUrl();
  if (url) return getPostgresDb(url);
  ready ??= (async () => {
    const file = databaseFile();
    makeDatabaseFilePrivate(file);
    const sqlite = openSqlite(file);
    const db = createKysely(sqlite);
    try {
      const hook = beforeMigrating;
      await migrateToLatest(db, undefined, hook ? { beforeApplying: (pending) => hook(sqlite, pending) } : undefined);
    } catch (error) {
      sqlite.close();
      ready = undefined;
      throw error;
    }
    current = { db, sqlite, file };
    return db;
  })();
  return ready;
}

function getPostgresDb(url: string): Promise<Db> {
  ready ??= (async () => {
    const { db, pool } = createPostgresKysely(url, { max: postgresPoolSize() });
    try {
      // PostgreSQL has its own backups (pg_dump, replication): no file copy before migrating.
      await migrateToLatest(db);
    } catch (error) {
      await db.destroy();
      ready = undefined;
      throw error;
    }
    log.info({ engine: 'postgres' }, 'Database connected');
    current = { db, pool };
    return db;
  })();
  return ready;
}

/** The PostgreSQL pool under `getDb()` once it is open (long reads take a client of their own). */
export function getPostgresPool(): pg.Pool {
  if (!current?.pool) throw new Error('No PostgreSQL connection is open.');
  return current.pool;
}

/** The better-sqlite3 handle under `getDb()` (online backups need it). Throws on PostgreSQL. */
export async function getSqlite(): Promise<SQLite.Database> {
  await getDb();
  if (!current!.sqlite) throw new Error('The database is PostgreSQL: there is no SQLite file.');
  return current!.sqlite;
}

/**
 * Closes the connection (graceful shutdown, tests), first moving the WAL into the database file
 * and truncating it, so a stopped instance is one self-contained `jornada.db` to copy.
 */
export async function closeDb(): Promise<void> {
  const c = current;
  current = undefined;
  ready = undefined;
  if (!c) return;
  try {
    c.sqlite?.pragma('wal_checkpoint(TRUNCATE)');
  } catch {
    // Busy (another process reading): SQLite checkpoints on close anyway.
  }
  await c.db.destroy();
}

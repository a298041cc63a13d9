import SQLite from 'better-sqlite3';
import type pg from 'pg';
import { copyPlan, copyPostgresToSqlite } from './copy-tables.ts';
import { createKysely, makeDatabaseFilePrivate } from './connection.ts';
import { migrateToLatest } from './migrate.ts';

/**
 * Writes the PostgreSQL database into `file`, a NEW SQLite file migrated with the same list and
 * filled table by table from one snapshot (decision 061, "Backups"): the backup of a PostgreSQL
 * installation is the same portable SQLite file as SQLite's, so restore, the backup's contents
 * and `jornada verify` read it as they always have.
 */
export async function writePostgresCopy(pool: pg.Pool, file: string): Promise<void> {
  makeDatabaseFilePrivate(file); // 0600 from the first byte: it will hold every record
  const sqlite = new SQLite(file);
  try {
    // One self-contained file, synced once by the backup at the end (as SQLite's online copy is).
    sqlite.pragma('journal_mode = DELETE');
    sqlite.pragma('synchronous = OFF');
    sqlite.pragma('foreign_keys = ON');
    await migrateToLatest(createKysely(sqlite), undefined, { quiet: true });
    await copyPostgresToSqlite(pool, sqlite, copyPlan(sqlite));
  } finally {
    sqlite.close();
  }
}

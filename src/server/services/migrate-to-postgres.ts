import { existsSync } from 'node:fs';
import { describeBroken } from '../../domain/record-chain/record-chain.ts';
import { databaseFile } from '../db/connection.ts';
import { acquireDataDirLock, releaseDataDirLock } from '../db/data-dir-lock.ts';
import { appliedMigrationNames, openDatabaseFile, tableNames, type DatabaseFile } from '../db/database-file.ts';
import { analyzeDatabase, copyPlan, copySqliteToPostgres, firstTableWithRows, postgresRowCounts, resetIdentitySequences, sqliteRowCounts } from '../db/copy-tables.ts';
import { migrateToLatest } from '../db/migrate.ts';
import { migrations } from '../db/migrations/index.ts';
import { createPostgresKysely } from '../db/postgres/postgres-kysely.ts';
import { verifyRecordChainIn } from './record-chain/verify-record-chain.ts';

/** Refused before anything was written, or failed and rolled back: `message` is for the operator. */
export class MigrationToPostgresFailed extends Error {
  override name = 'MigrationToPostgresFailed';
}

export interface MigrationToPostgresResult {
  tables: number;
  rows: number;
  /** Rows per table (tables with none left out). */
  perTable: Array<{ table: string; rows: number }>;
  chainEntries: number;
}

/** The URL without its password, for messages. */
export function shownUrl(url: string): string {
  try {
    const u = new URL(url);
    if (u.password) u.password = '***';
    return u.toString();
  } catch {
    return 'the given DATABASE_URL';
  }
}

/**
 * `jornada migrate-to-postgres DATABASE_URL` (decision 061): copies DATA_DIR/jornada.db into an
 * empty PostgreSQL database. Holds the data-dir lock throughout (refused while a server runs on
 * DATA_DIR, and none can start meanwhile); refuses a source not migrated to this version and a
 * target with any Jornada row; migrates the target with the one migration list, then copies every
 * table in foreign-key order inside ONE transaction, moves the identity sequences past the copied
 * ids, and checks per-table row counts and the record chain before committing. On any failure
 * the transaction rolls back (the migrated, empty schema stays: a later run reuses it).
 */
export async function migrateToPostgres(url: string, log: (line: string) => void = () => {}): Promise<MigrationToPostgresResult> {
  const file = databaseFile();
  if (!existsSync(file)) throw new MigrationToPostgresFailed(`There is no database at ${file} (set DATA_DIR to the folder of jornada.db).`);
  try {
    acquireDataDirLock();
  } catch (error) {
    throw new MigrationToPostgresFailed(`${(error as Error).message} A running server may still write: stop it, then migrate.`);
  }
  let sqlite: DatabaseFile | undefined;
  const { db } = createPostgresKysely(url, { max: 2 });
  try {
    sqlite = openDatabaseFile(file, { readonly: true });
    if (!tableNames(sqlite).has('schema_migrations')) throw new MigrationToPostgresFailed(`${file} is not a Jornada database.`);
    const applied = appliedMigrationNames(sqlite);
    const expected = migrations.map(([name]) => name);
    if (applied.join(',') !== [...expected].sort().join(',')) {
      throw new MigrationToPostgresFailed(
        `${file} is not at this version's schema (${applied.length} of ${expected.length} migrations applied): start the server once with this version (it upgrades the database and backs it up first), stop it, then migrate.`,
      );
    }
    const plan = copyPlan(sqlite);
    try {
      const before = await firstTableWithRows(db, plan);
      if (before) throw new MigrationToPostgresFailed(`The target database is not empty (table ${before} has rows): migrate into a new, empty database.`);
      log(`Migrating the schema of ${shownUrl(url)} …`);
      await migrateToLatest(db, undefined, { quiet: true });
    } catch (error) {
      if (error instanceof MigrationToPostgresFailed) throw error;
      throw new MigrationToPostgresFailed(`Cannot prepare ${shownUrl(url)}: ${(error as Error).message}`);
    }
    const source = sqliteRowCounts(sqlite, plan);
    const chain = await db.transaction().execute(async (trx) => {
      // Again inside the transaction (which holds the write lock): a server started on the target meanwhile would have written.
      const other = await firstTableWithRows(trx, plan);
      if (other) throw new MigrationToPostgresFailed(`The target database is not empty (table ${other} has rows): migrate into a new, empty database.`);
      await copySqliteToPostgres(sqlite!, trx, plan, (table, rows) => rows > 0 && log(`  ${table}: ${rows}`));
      await resetIdentitySequences(trx);
      const target = await postgresRowCounts(trx, plan);
      const differ = plan.filter((t) => target.get(t.name) !== source.get(t.name));
      if (differ.length > 0) {
        throw new MigrationToPostgresFailed(`Row counts differ after copying: ${differ.map((t) => `${t.name} ${source.get(t.name)} -> ${target.get(t.name)}`).join(', ')}.`);
      }
      const check = await verifyRecordChainIn(trx);
      if (!check.ok) throw new MigrationToPostgresFailed(`The record chain does not verify on the copy (${check.brokenCount} broken), first at ${describeBroken(check.broken[0]!)}`);
      return check;
    });
    await analyzeDatabase(db);
    const perTable = plan.map((t) => ({ table: t.name, rows: source.get(t.name)! })).filter((t) => t.rows > 0);
    return { tables: plan.length, rows: perTable.reduce((sum, t) => sum + t.rows, 0), perTable, chainEntries: chain.entries };
  } catch (error) {
    if (error instanceof MigrationToPostgresFailed) throw error;
    throw new MigrationToPostgresFailed(`The copy failed and was rolled back: ${(error as Error).message.split('\n')[0]}`);
  } finally {
    sqlite?.close();
    await db.destroy();
    releaseDataDirLock();
  }
}

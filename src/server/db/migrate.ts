import { sql, type Kysely } from 'kysely';
import { migrations, type Migration } from './migrations/index.ts';
import { nowIso } from '../clock/now.ts';
import { ConfigurationError } from '../config/configuration-error.ts';
import { log } from '../log.ts';
import { engineOf } from './engine.ts';

export interface MigrationResult {
  applied: string[];
}

export interface MigrateOptions {
  /**
   * Runs before the first pending migration of a database that already has migrations (never for
   * a brand-new one); when it throws, nothing is migrated. The server takes its pre-migration
   * backup here (decision 039).
   */
  beforeApplying?: (pending: string[]) => Promise<void>;
  /** No log line per migration (a backup of PostgreSQL migrates a new SQLite copy each time). */
  quiet?: boolean;
}

/**
 * Applies the pending migrations in order. Each runs in its own transaction together with its
 * bookkeeping row, so a migration that fails leaves the database exactly as it was before it
 * (SQLite's DDL is transactional). Refuses a database whose schema is newer than this build.
 * Each applied migration is logged (name, ms).
 */
export async function migrateToLatest(db: Kysely<any>, list: ReadonlyArray<readonly [string, Migration]> = migrations, options: MigrateOptions = {}): Promise<MigrationResult> {
  // In a transaction: on PostgreSQL that takes the write lock, so app servers starting together
  // migrate one after another (each migration below checks again that it is still pending).
  await db.transaction().execute((trx) =>
    trx.schema
      .createTable('schema_migrations')
      .ifNotExists()
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('applied_at', 'text', (c) => c.notNull())
      .execute(),
  );
  const done = new Set((await db.selectFrom('schema_migrations').select('name').execute()).map((r: { name: string }) => r.name));
  const known = new Set(list.map(([name]) => name));
  const unknown = [...done].filter((name) => !known.has(name));
  if (unknown.length > 0) {
    throw new ConfigurationError(`The database was migrated by a newer version of Jornada (${unknown.join(', ')}); upgrade the app.`);
  }
  const pending = list.filter(([name]) => !done.has(name)).map(([name]) => name);
  if (pending.length > 0 && done.size > 0) await options.beforeApplying?.(pending);
  const applied: string[] = [];
  for (const [name, migration] of list) {
    if (done.has(name)) continue;
    const started = performance.now();
    const ran = await db.transaction().execute(async (trx) => {
      // Another app server on the same PostgreSQL database may have applied it meanwhile.
      if (await trx.selectFrom('schema_migrations').select('name').where('name', '=', name).executeTakeFirst()) return false;
      await migration.up(trx);
      await trx.insertInto('schema_migrations').values({ name, applied_at: nowIso() }).execute();
      return true;
    });
    if (!ran) continue;
    applied.push(name);
    if (!options.quiet) log.info({ migration: name, ms: Math.round(performance.now() - started) }, 'Migration applied');
  }
  if (applied.length > 0) await (engineOf(db) === 'postgres' ? sql`analyze` : sql`PRAGMA optimize`).execute(db);
  return { applied };
}

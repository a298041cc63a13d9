import { sql, type Kysely } from 'kysely';
import Cursor from 'pg-cursor';
import type pg from 'pg';
import type { DatabaseFile } from './database-file.ts';

/**
 * Copying a whole Jornada database between the two engines (decision 061): SQLite -> PostgreSQL
 * (`jornada migrate-to-postgres`) and PostgreSQL -> SQLite (backups of a PostgreSQL installation
 * are portable SQLite files). Both sides are migrated with the one migration list first, so the
 * plan (tables, columns, foreign-key order) is read from the SQLite side and holds for both.
 * `schema_migrations` is never copied: migrating the target already wrote it.
 */
export interface TablePlan {
  name: string;
  columns: string[];
  /** A total order for reading (the primary key, else rowid on SQLite / every column on pg). */
  orderBy: string[];
}

/** Most parameters in one INSERT (PostgreSQL allows 65535, SQLite 32766). */
const MAX_PARAMETERS = 30_000;
const MAX_ROWS_PER_BATCH = 500;

/** Tables whose rows the copy carries over, parents before children (foreign-key order). */
export function copyPlan(sqlite: DatabaseFile): TablePlan[] {
  const names = (
    sqlite.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_%' and name <> 'schema_migrations' order by name").all() as {
      name: string;
    }[]
  ).map((r) => r.name);
  const parents = new Map<string, Set<string>>();
  for (const name of names) {
    const fks = sqlite.pragma(`foreign_key_list(${quoteId(name)})`) as { table: string }[];
    parents.set(name, new Set(fks.map((f) => f.table).filter((t) => t !== name && names.includes(t))));
  }
  const ordered: string[] = [];
  const placed = new Set<string>();
  while (ordered.length < names.length) {
    const ready = names.filter((n) => !placed.has(n) && [...parents.get(n)!].every((p) => placed.has(p)));
    if (ready.length === 0) throw new Error(`The tables' foreign keys form a cycle: ${names.filter((n) => !placed.has(n)).join(', ')}.`);
    for (const n of ready) {
      ordered.push(n);
      placed.add(n);
    }
  }
  return ordered.map((name) => {
    const info = sqlite.pragma(`table_info(${quoteId(name)})`) as { name: string; pk: number }[];
    const pk = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    return { name, columns: info.map((c) => c.name), orderBy: pk.length > 0 ? pk : info.map((c) => c.name) };
  });
}

function quoteId(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

function batchSize(table: TablePlan): number {
  return Math.max(1, Math.min(MAX_ROWS_PER_BATCH, Math.floor(MAX_PARAMETERS / table.columns.length)));
}

/** Row counts of the plan's tables in an SQLite file. */
export function sqliteRowCounts(sqlite: DatabaseFile, plan: TablePlan[]): Map<string, number> {
  return new Map(plan.map((t) => [t.name, (sqlite.prepare(`select count(*) as n from ${quoteId(t.name)}`).get() as { n: number }).n]));
}

/** Row counts of the plan's tables on PostgreSQL (inside the caller's transaction). */
export async function postgresRowCounts(db: Kysely<any>, plan: TablePlan[]): Promise<Map<string, number>> {
  const counts = new Map<string, number>();
  for (const t of plan) {
    const { rows } = await sql<{ n: number }>`select count(*) as n from ${sql.table(t.name)}`.execute(db);
    counts.set(t.name, Number(rows[0]!.n));
  }
  return counts;
}

/**
 * The first of the plan's tables that exists on the PostgreSQL database and holds a row, or
 * undefined when there is none (a new database, or one only migrated). A copy goes only into
 * such an empty database: merging two installations is not something a copy can do.
 */
export async function firstTableWithRows(db: Kysely<any>, plan: TablePlan[]): Promise<string | undefined> {
  const { rows } = await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = current_schema()`.execute(db);
  const existing = new Set(rows.map((r) => r.name));
  for (const t of plan) {
    if (!existing.has(t.name)) continue;
    const found = await sql`select 1 as one from ${sql.table(t.name)} limit 1`.execute(db);
    if (found.rows.length > 0) return t.name;
  }
  return undefined;
}

/**
 * Copies every row of the SQLite file into PostgreSQL, inside the caller's transaction `trx`
 * (one transaction for the whole copy: a failure leaves the target as it was). The append-only
 * triggers refuse UPDATE and DELETE only, so INSERT into the record's tables is fine. Returns the
 * rows copied per table.
 */
export async function copySqliteToPostgres(sqlite: DatabaseFile, trx: Kysely<any>, plan: TablePlan[], progress?: (table: string, rows: number) => void): Promise<Map<string, number>> {
  const copied = new Map<string, number>();
  for (const t of plan) {
    const size = batchSize(t);
    const columns = sql.join(t.columns.map((c) => sql.id(c)));
    const select = sqlite.prepare(`select ${t.columns.map(quoteId).join(', ')} from ${quoteId(t.name)} order by ${t.orderBy.map(quoteId).join(', ')}`).raw(true);
    let batch: unknown[][] = [];
    let n = 0;
    const flush = async () => {
      if (batch.length === 0) return;
      await sql`insert into ${sql.table(t.name)} (${columns}) values ${sql.join(batch.map((row) => sql`(${sql.join(row)})`))}`.execute(trx);
      n += batch.length;
      batch = [];
    };
    // The rows are read in batches (never the whole table in memory); the SQLite file is not written meanwhile (the data-dir lock is held).
    for (const row of select.iterate() as IterableIterator<unknown[]>) {
      batch.push(row);
      if (batch.length >= size) await flush();
    }
    await flush();
    copied.set(t.name, n);
    progress?.(t.name, n);
  }
  return copied;
}

/**
 * Moves every identity sequence past the largest id copied, so the next insert on PostgreSQL
 * does not collide with a copied row (explicit ids do not advance an identity column).
 */
export async function resetIdentitySequences(trx: Kysely<any>): Promise<void> {
  const { rows } = await sql<{ table: string; column: string }>`
    select table_name as "table", column_name as "column" from information_schema.columns
    where table_schema = current_schema() and is_identity = 'YES' order by table_name`.execute(trx);
  for (const { table, column } of rows) {
    await sql`select setval(pg_get_serial_sequence(${table}, ${column}), coalesce((select max(${sql.id(column)}) from ${sql.table(table)}), 0) + 1, false)`.execute(trx);
  }
}

/** Fresh planner statistics after a bulk copy (autovacuum would get there, but later). */
export async function analyzeDatabase(db: Kysely<any>): Promise<void> {
  await sql`analyze`.execute(db);
}

/**
 * Copies every row of PostgreSQL into a new SQLite file already migrated with the same list
 * (`target`, which nothing else uses). PostgreSQL is read in one repeatable-read, read-only
 * snapshot on a client of its own, without the write lock, so the app keeps serving while the
 * copy runs; the SQLite side is written in one transaction. Returns the rows copied per table.
 */
export async function copyPostgresToSqlite(pool: pg.Pool, target: DatabaseFile, plan: TablePlan[]): Promise<Map<string, number>> {
  const client = await pool.connect();
  const copied = new Map<string, number>();
  try {
    await client.query('begin isolation level repeatable read read only');
    target.exec('begin');
    try {
      for (const t of plan) {
        const insert = target.prepare(`insert into ${quoteId(t.name)} (${t.columns.map(quoteId).join(', ')}) values (${t.columns.map(() => '?').join(', ')})`);
        const text = `select ${t.columns.map(quoteId).join(', ')} from ${quoteId(t.name)} order by ${t.orderBy.map(quoteId).join(', ')}`;
        const cursor = client.query(new Cursor(text, [], { rowMode: 'array' }));
        let n = 0;
        try {
          for (;;) {
            const rows = (await cursor.read(batchSize(t))) as unknown[][];
            if (rows.length === 0) break;
            for (const row of rows) insert.run(...row);
            n += rows.length;
          }
        } finally {
          await cursor.close();
        }
        // The same snapshot counts the table: a difference means the copy lost or doubled rows.
        const { rows } = await client.query<{ n: string | number }>(`select count(*) as n from ${quoteId(t.name)}`);
        if (Number(rows[0]!.n) !== n) throw new Error(`Copying ${t.name}: ${n} rows written, ${rows[0]!.n} in the database.`);
        copied.set(t.name, n);
      }
      target.exec('commit');
    } catch (error) {
      if (target.inTransaction) target.exec('rollback');
      throw error;
    }
  } finally {
    await client.query('rollback').catch(() => {});
    client.release();
  }
  return copied;
}

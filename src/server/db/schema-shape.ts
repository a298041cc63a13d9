import { sql, type Kysely } from 'kysely';
import type { DatabaseFile } from './database-file.ts';

/**
 * A database's schema in terms both engines share (issue 23, point 2): the schema-parity test
 * migrates a new SQLite file and a new PostgreSQL database with the one migration list and
 * expects equal shapes. Names are the tables' and columns' own; a type is its family (SQLite's
 * vocabulary, which the migrations use: integer, real, text, blob); a unique constraint is its
 * columns (SQLite names its automatic indexes itself); a check is counted per table (the two
 * engines print an expression differently).
 */
export interface TableShape {
  columns: Array<{ name: string; type: string; notNull: boolean }>;
  primaryKey: string[];
  /** Unique constraints and unique indexes other than the primary key: columns joined by ",", "(partial)" when the index has a WHERE. */
  unique: string[];
  /** Named, non-unique indexes: "name(columns)". */
  indexes: string[];
  /** "columns -> table(columns) on delete ACTION". */
  foreignKeys: string[];
  checks: number;
  triggers: string[];
}

export type SchemaShape = Record<string, TableShape>;

const FAMILY: Record<string, string> = {
  integer: 'integer',
  bigint: 'integer',
  real: 'real',
  'double precision': 'real',
  text: 'text',
  blob: 'blob',
  bytea: 'blob',
};

function family(type: string): string {
  return FAMILY[type.toLowerCase()] ?? type.toLowerCase();
}

function action(a: string): string {
  return a.toUpperCase().replace('_', ' ');
}

function sorted<T>(list: T[]): T[] {
  return [...list].sort();
}

function quoteId(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/** The shape of an SQLite database (file). */
export function sqliteShape(db: DatabaseFile): SchemaShape {
  const tables = db.prepare("select name, sql from sqlite_master where type = 'table' and name not like 'sqlite_%' order by name").all() as { name: string; sql: string }[];
  const shape: SchemaShape = {};
  for (const { name, sql: text } of tables) {
    const info = db.pragma(`table_info(${quoteId(name)})`) as { name: string; type: string; notnull: number; pk: number }[];
    const primaryKey = info
      .filter((c) => c.pk > 0)
      .sort((a, b) => a.pk - b.pk)
      .map((c) => c.name);
    const indexList = db.pragma(`index_list(${quoteId(name)})`) as { name: string; unique: number; origin: string; partial: number }[];
    const unique: string[] = [];
    const indexes: string[] = [];
    for (const index of indexList) {
      if (index.origin === 'pk') continue;
      const cols = (db.pragma(`index_info(${quoteId(index.name)})`) as { seqno: number; name: string }[]).sort((a, b) => a.seqno - b.seqno).map((c) => c.name);
      if (index.unique) unique.push(cols.join(',') + (index.partial ? ' (partial)' : ''));
      else indexes.push(`${index.name}(${cols.join(',')})`);
    }
    const fkRows = db.pragma(`foreign_key_list(${quoteId(name)})`) as { id: number; seq: number; table: string; from: string; to: string | null; on_delete: string }[];
    const byId = new Map<number, typeof fkRows>();
    for (const row of fkRows) byId.set(row.id, [...(byId.get(row.id) ?? []), row]);
    const foreignKeys = [...byId.values()].map((rows) => {
      rows.sort((a, b) => a.seq - b.seq);
      // `references t` without columns means t's primary key.
      const to = rows.map((r) => r.to ?? (db.pragma(`table_info(${quoteId(r.table)})`) as { name: string; pk: number }[]).find((c) => c.pk === 1)!.name);
      return `${rows.map((r) => r.from).join(',')} -> ${rows[0]!.table}(${to.join(',')}) on delete ${action(rows[0]!.on_delete)}`;
    });
    const triggers = (db.prepare("select name from sqlite_master where type = 'trigger' and tbl_name = ?").all(name) as { name: string }[]).map((r) => r.name);
    shape[name] = {
      columns: info.map((c) => ({ name: c.name, type: family(c.type), notNull: c.notnull === 1 || c.pk > 0 })),
      primaryKey,
      unique: sorted(unique),
      indexes: sorted(indexes),
      foreignKeys: sorted(foreignKeys),
      checks: (text.match(/\bcheck\s*\(/gi) ?? []).length,
      triggers: sorted(triggers),
    };
  }
  return shape;
}

/** The shape of the PostgreSQL database `db` is connected to (its current schema). */
export async function postgresShape(db: Kysely<any>): Promise<SchemaShape> {
  const rows = async <R>(query: ReturnType<typeof sql<R>>) => (await query.execute(db)).rows;
  const tables = await rows<{ name: string }>(sql`select table_name as name from information_schema.tables where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`);
  const columns = await rows<{ table: string; name: string; type: string; nullable: string }>(sql`
    select table_name as "table", column_name as name, data_type as type, is_nullable as nullable
    from information_schema.columns where table_schema = current_schema() order by table_name, ordinal_position`);
  // Every index (constraints' included) with its columns in order, its uniqueness and whether it is partial.
  const indexes = await rows<{ table: string; name: string; unique: boolean; primary: boolean; partial: boolean; columns: string[] }>(sql`
    select t.relname as "table", i.relname as name, x.indisunique as "unique", x.indisprimary as "primary", x.indpred is not null as partial,
      array(select a.attname from unnest(x.indkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n)::text[] as columns
    from pg_index x join pg_class i on i.oid = x.indexrelid join pg_class t on t.oid = x.indrelid
    where t.relnamespace = current_schema()::regnamespace`);
  const constraints = await rows<{ table: string; type: string; columns: string[]; target: string | null; targetColumns: string[] | null; onDelete: string }>(sql`
    select t.relname as "table", c.contype as type,
      array(select a.attname from unnest(c.conkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = t.oid and a.attnum = k.attnum order by k.n)::text[] as columns,
      f.relname as target,
      case when c.contype = 'f' then array(select a.attname from unnest(c.confkey) with ordinality k(attnum, n) join pg_attribute a on a.attrelid = c.confrelid and a.attnum = k.attnum order by k.n)::text[] end as "targetColumns",
      c.confdeltype as "onDelete"
    from pg_constraint c join pg_class t on t.oid = c.conrelid left join pg_class f on f.oid = c.confrelid
    where t.relnamespace = current_schema()::regnamespace and c.contype in ('f', 'c')`);
  const triggers = await rows<{ table: string; name: string }>(sql`
    select c.relname as "table", g.tgname as name from pg_trigger g join pg_class c on c.oid = g.tgrelid
    where not g.tgisinternal and c.relnamespace = current_schema()::regnamespace`);
  const DELETE_ACTIONS: Record<string, string> = { a: 'NO ACTION', r: 'RESTRICT', c: 'CASCADE', n: 'SET NULL', d: 'SET DEFAULT' };
  const shape: SchemaShape = {};
  for (const { name } of tables) {
    const own = indexes.filter((i) => i.table === name);
    const pk = own.find((i) => i.primary)?.columns ?? [];
    shape[name] = {
      columns: columns.filter((c) => c.table === name).map((c) => ({ name: c.name, type: family(c.type), notNull: c.nullable === 'NO' })),
      primaryKey: pk,
      unique: sorted(own.filter((i) => i.unique && !i.primary).map((i) => i.columns.join(',') + (i.partial ? ' (partial)' : ''))),
      indexes: sorted(own.filter((i) => !i.unique).map((i) => `${i.name}(${i.columns.join(',')})`)),
      foreignKeys: sorted(
        constraints.filter((c) => c.table === name && c.type === 'f').map((c) => `${c.columns.join(',')} -> ${c.target}(${c.targetColumns!.join(',')}) on delete ${DELETE_ACTIONS[c.onDelete] ?? c.onDelete}`),
      ),
      checks: constraints.filter((c) => c.table === name && c.type === 'c').length,
      triggers: sorted(triggers.filter((t) => t.table === name).map((t) => t.name)),
    };
  }
  return shape;
}

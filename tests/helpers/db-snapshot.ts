import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { postgresSql, testDatabaseOf } from './test-database.ts';

/**
 * Test helper: a fingerprint of every table of a running server's database (row count and a hash
 * of every row), read through a read-only connection, so a test can prove that a refused request
 * wrote nothing at all — no row added, removed or changed anywhere. SQLite's own statistics
 * tables are left out (ANALYZE may refresh them at any time).
 */
export function dbSnapshot(dataDir: string): Record<string, string> {
  const url = testDatabaseOf(dataDir);
  if (url) return postgresSnapshot(url);
  const db = new Database(path.join(dataDir, 'jornada.db'), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const tables = db
      .prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_stat%' order by name")
      .all() as { name: string }[];
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const rows = db.prepare(`select * from "${name}"`).raw().all();
      const hash = createHash('sha1');
      for (const row of rows) hash.update(JSON.stringify(row, (_k, v) => (Buffer.isBuffer(v) ? v.toString('hex') : typeof v === 'bigint' ? String(v) : v)));
      out[name] = `${rows.length}:${hash.digest('hex').slice(0, 12)}`;
    }
    return out;
  } finally {
    db.close();
  }
}

/** The tables whose fingerprint differs between two snapshots (empty when nothing was written). */
export function changedTables(before: Record<string, string>, after: Record<string, string>): string[] {
  const names = new Set([...Object.keys(before), ...Object.keys(after)]);
  return [...names].filter((n) => before[n] !== after[n]).sort();
}

const postgresTables = new Map<string, string[]>();

/**
 * The same fingerprint on PostgreSQL: per table, the row count and a hash of its rows in a stable
 * order, all in one statement (one psql per snapshot: the security matrix takes hundreds). The
 * table list is read once per database (the schema does not change while a server runs).
 */
function postgresSnapshot(url: string): Record<string, string> {
  let tables = postgresTables.get(url);
  if (!tables) {
    tables = postgresSql<{ name: string }>(url, "select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1", []).map((t) => t.name);
    postgresTables.set(url, tables);
  }
  if (tables.length === 0) return {};
  const query = tables
    .map((name) => `select '${name}' as name, count(*) as n, md5(string_agg(t::text, '|' order by t::text)) as h from "${name}" t`)
    .join(' union all ');
  const out: Record<string, string> = {};
  for (const row of postgresSql<{ name: string; n: number; h: string | null }>(url, query, [])) out[row.name] = `${row.n}:${(row.h ?? '').slice(0, 12)}`;
  return out;
}

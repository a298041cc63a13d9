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

/**
 * The same fingerprint on PostgreSQL: per table, the row count and a hash of its rows in a stable
 * order, in ONE statement (query_to_xml runs each table's query): a psql call per table took
 * seconds on a busy machine, long enough for tests to time out.
 */
function postgresSnapshot(url: string): Record<string, string> {
  const rows = postgresSql<{ name: string; n: number; h: string | null }>(
    url,
    `select table_name as name, (xpath('/row/n/text()', x))[1]::text::bigint as n, (xpath('/row/h/text()', x))[1]::text as h
       from information_schema.tables,
       lateral (select query_to_xml(format('select count(*) as n, md5(string_agg(t::text, ''|'' order by t::text)) as h from %I t', table_name), false, true, '') as x) q
      where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`,
    [],
  );
  const out: Record<string, string> = {};
  for (const row of rows) out[row.name] = `${row.n}:${(row.h ?? '').slice(0, 12)}`;
  return out;
}

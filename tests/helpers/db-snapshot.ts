import Database from 'better-sqlite3';
import { createHash } from 'node:crypto';
import path from 'node:path';
import { postgresSql, testDatabaseOf } from './test-database.ts';

/**
 * Test helper: a fingerprint of every table of a running server's database (row count and a hash
 * of every row), read through a read-only connection, so a test can prove that a refused request
 * wrote nothing at all — no row added, removed or changed anywhere. SQLite's own statistics
 * tables are left out (ANALYZE may refresh them at any time), and so is `shared_state`: on
 * PostgreSQL the attempt limiters count a refused attempt there, which is the point of them
 * (decision 060; on SQLite they count in memory). A session's `last_seen_at` is left out too: the
 * request path writes it at most once a minute for any request, refused or not (decision 093).
 */
/** Columns that are bookkeeping of every request, not a write of the endpoint called. */
const REQUEST_BOOKKEEPING: Readonly<Record<string, string>> = { sessions: 'last_seen_at' };

export function dbSnapshot(dataDir: string): Record<string, string> {
  const url = testDatabaseOf(dataDir);
  if (url) return postgresSnapshot(url);
  const db = new Database(path.join(dataDir, 'jornada.db'), { readonly: true, fileMustExist: true });
  db.pragma('busy_timeout = 5000');
  try {
    const tables = db.prepare("select name from sqlite_master where type = 'table' and name not like 'sqlite_stat%' and name <> 'shared_state' order by name").all() as { name: string }[];
    const out: Record<string, string> = {};
    for (const { name } of tables) {
      const skip = REQUEST_BOOKKEEPING[name];
      const columns = (db.prepare(`pragma table_info("${name}")`).all() as { name: string }[]).map((c) => `"${c.name}"`).filter((c) => c !== `"${skip}"`);
      const rows = db
        .prepare(`select ${columns.join(', ')} from "${name}"`)
        .raw()
        .all();
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
 * order. ONE psql call (query_to_xml runs the per-table query inside the one statement): a call per
 * table made tests that snapshot before and after every request outrun their time limit.
 */
const BOOKKEEPING_CASES = Object.entries(REQUEST_BOOKKEEPING)
  .map(([table, column]) => `when '${table}' then '${column}'`)
  .join(' ');

function postgresSnapshot(url: string): Record<string, string> {
  const rows = postgresSql<{ name: string; n: string; h: string | null }>(
    url,
    `select c.relname as name, (xpath('/row/n/text()', x))[1]::text as n, (xpath('/row/h/text()', x))[1]::text as h
       from pg_class c join pg_namespace s on s.oid = c.relnamespace,
       lateral (select case c.relname ${BOOKKEEPING_CASES} else '' end as skip) k,
       lateral query_to_xml(format('select count(*) as n, md5(string_agg((to_jsonb(t) - %L)::text, ''|'' order by (to_jsonb(t) - %L)::text)) as h from %I t', k.skip, k.skip, c.relname), false, true, '') x
      where s.nspname = 'public' and c.relkind = 'r' and c.relname <> 'shared_state' order by 1`,
    [],
  );
  const out: Record<string, string> = {};
  for (const row of rows) out[row.name] = `${row.n}:${(row.h ?? '').slice(0, 12)}`;
  return out;
}

import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import pg from 'pg';

/**
 * The suite on PostgreSQL (issue 23): with JORNADA_TEST_POSTGRES set to a cluster's base URL
 * (scripts/pg-test-cluster.sh prints it), every test server gets a database of its own, created
 * here and dropped when the server stops. Without it, servers use SQLite as always.
 */
export function testPostgresBase(): string | undefined {
  return process.env.JORNADA_TEST_POSTGRES?.trim() || undefined;
}

const byDataDir = new Map<string, string>();

/** Remembers which database belongs to a test server's DATA_DIR (test helpers look it up by dataDir). */
export function registerTestDatabase(dataDir: string, url: string): void {
  byDataDir.set(dataDir, url);
}

/** The PostgreSQL URL of the server on `dataDir`, or undefined when it runs on SQLite. */
export function testDatabaseOf(dataDir: string): string | undefined {
  return byDataDir.get(dataDir);
}

function withDatabase(base: string, name: string): string {
  const url = new URL(base);
  url.pathname = `/${name}`;
  return url.toString();
}

/** A new empty database on the test cluster (undefined when the suite runs on SQLite). */
export async function createTestDatabase(): Promise<string | undefined> {
  const base = testPostgresBase();
  if (!base) return undefined;
  const name = `jt_${randomBytes(6).toString('hex')}`;
  const client = new pg.Client({ connectionString: withDatabase(base, 'postgres') });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  return withDatabase(base, name);
}

export async function dropTestDatabase(url: string): Promise<void> {
  const name = new URL(url).pathname.slice(1);
  const client = new pg.Client({ connectionString: withDatabase(url, 'postgres') });
  await client.connect().catch(() => undefined);
  try {
    await client.query(`drop database if exists ${name} with (force)`);
  } catch {
    // Best effort: the cluster is thrown away after the run.
  } finally {
    await client.end().catch(() => undefined);
  }
}

function literal(value: unknown): string {
  if (value === null || value === undefined) return 'null';
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? '1' : '0';
  // A Buffer or any Uint8Array (descriptorToBytes gives one) is a blob, as better-sqlite3 binds it.
  if (value instanceof Uint8Array) return `'\\x${Buffer.from(value.buffer, value.byteOffset, value.byteLength).toString('hex')}'::bytea`;
  return `'${String(value).replaceAll("'", "''")}'`;
}

/** `?` placeholders (outside quotes) replaced by SQL literals: test statements only. */
export function inlineParameters(text: string, params: unknown[]): string {
  let i = 0;
  let out = '';
  let quoted = false;
  for (const c of text) {
    if (c === "'") quoted = !quoted;
    if (c === '?' && !quoted) {
      if (i >= params.length) throw new Error(`too few parameters for: ${text}`);
      out += literal(params[i++]);
    } else out += c;
  }
  if (i !== params.length) throw new Error(`too many parameters for: ${text}`);
  return out;
}

/**
 * Runs one statement on a PostgreSQL test database synchronously (psql), like better-sqlite3 does
 * for SQLite: rows as objects for a query or a statement with RETURNING, `[]` for a write.
 */
export function postgresSql<T>(url: string, text: string, params: unknown[]): T[] {
  const statement = inlineParameters(text.trim().replace(/;\s*$/, ''), params);
  const reads = /^(select|with|values)\b/i.test(statement) || /\breturning\b/i.test(statement);
  const command = reads
    ? /^(select|with|values)\b/i.test(statement)
      ? `select coalesce(json_agg(t), '[]'::json) from (${statement}) t`
      : `with t as (${statement}) select coalesce(json_agg(t), '[]'::json) from t`
    : statement;
  const result = spawnSync('psql', ['-X', '-q', '-A', '-t', '-v', 'ON_ERROR_STOP=1', '-d', url, '-c', command], { encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`psql: ${result.stderr.trim()}\n${command}`);
  return reads ? (JSON.parse(result.stdout.trim() || '[]') as T[]) : [];
}

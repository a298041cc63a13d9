import { spawn, spawnSync, type ChildProcess } from 'node:child_process';
import { readdirSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { createTestDatabase, dropTestDatabase, postgresSql, testPostgresBase } from '../helpers/test-database.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Moving an installation to PostgreSQL (issue 23, point 5; decision 061): the demo data on
 * SQLite, `migrate-to-postgres` into a new database, and a server on it answers the same figures.
 * Then the PostgreSQL backup: "Back up now" writes a portable SQLite file with the same rows.
 */
const base = testPostgresBase();
const DEMO = { email: 'admin@demo.jornada', password: 'Demo#2026' };

function cli(dataDir: string, ...args: string[]) {
  const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: dataDir };
  delete env.DATABASE_URL;
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', ...args], { cwd: ROOT, env, encoding: 'utf8' });
  return { status: r.status, out: r.stdout, err: r.stderr };
}

async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer();
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

/** Figures a person reads: the employees, a week of attendance and last month's working-time record. */
async function figures(url: string) {
  const admin = new Client(url);
  expect((await admin.signIn(DEMO.email, DEMO.password)).status).toBe(200);
  const get = async (p: string) => {
    const res = await admin.get(p);
    expect(res.status, p).toBe(200);
    return ((await res.json()) as { data: unknown }).data;
  };
  const today = new Date().toISOString().slice(0, 10);
  const weekAgo = new Date(Date.now() - 7 * 86_400_000).toISOString().slice(0, 10);
  const lastMonth = new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth() - 1, 1)).toISOString().slice(0, 7);
  const employees = (await get('/api/employees?pageSize=100')) as unknown;
  const attendances = await get(`/api/attendances?from=${weekAgo}&to=${today}&pageSize=500`);
  // `now` is when the record was read, not a figure.
  const { now: _now, ...record } = (await get(`/api/reports/monthly-record?month=${lastMonth}`)) as Record<string, unknown>;
  return { employees, attendances, record };
}

describe.skipIf(!base)('migrate-to-postgres (needs JORNADA_TEST_POSTGRES)', () => {
  let sqliteServer: TestServer;
  let target: string;
  let pgServer: ChildProcess | undefined;
  let pgUrl = '';
  let output = '';

  afterAll(async () => {
    if (pgServer && pgServer.exitCode === null) {
      const exited = new Promise((r) => pgServer!.once('exit', r));
      pgServer.kill('SIGTERM');
      await exited;
    }
    await sqliteServer?.stop();
    if (target) await dropTestDatabase(target);
  });

  it('copies the demo installation; refused while a server runs; a server on PostgreSQL shows the same figures', async () => {
    sqliteServer = await startServer({ args: ['--demo'], env: { DATABASE_URL: '' } });
    const before = await figures(sqliteServer.url);
    target = (await createTestDatabase())!;

    // Refused while the server runs on that DATA_DIR (it may still write).
    const running = cli(sqliteServer.dataDir, 'migrate-to-postgres', target);
    expect(running.status).toBe(1);
    expect(running.err).toMatch(/Another Jornada server .* stop it/);
    expect(postgresSql<{ n: number }>(target, "select count(*) as n from information_schema.tables where table_schema = 'public'", [])[0]!.n).toBe(0);

    await sqliteServer.kill('SIGTERM');
    const moved = cli(sqliteServer.dataDir, 'migrate-to-postgres', target);
    expect(moved.err + moved.out, moved.err).toMatch(/Copied \d+ rows in \d+ tables .* record chain verifies/);
    expect(moved.status).toBe(0);

    const sqlite = new Database(path.join(sqliteServer.dataDir, 'jornada.db'), { readonly: true });
    const count = (table: string) => (sqlite.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n;
    const pgCount = (table: string) => Number(postgresSql<{ n: string }>(target, `select count(*) as n from ${table}`, [])[0]!.n);
    for (const table of ['employees', 'attendances', 'punches', 'record_chain', 'leaves', 'users', 'audit_log']) expect(pgCount(table), table).toBe(count(table));
    sqlite.close();

    // The same installation (its config.json: the same secrets) on PostgreSQL.
    const port = await freePort();
    pgUrl = `http://127.0.0.1:${port}`;
    pgServer = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build'], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: sqliteServer.dataDir, DATABASE_URL: target },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    pgServer.stdout!.on('data', (d) => (output += d));
    pgServer.stderr!.on('data', (d) => (output += d));
    await waitFor('the server on PostgreSQL', async () => (await fetch(`${pgUrl}/api/health`).catch(() => undefined))?.ok === true || pgServer!.exitCode !== null, 30_000);
    expect(pgServer.exitCode, output).toBeNull();
    expect(await figures(pgUrl)).toEqual(before);

    // New rows get new ids (the identity sequences moved past the copied ones).
    const admin = new Client(pgUrl);
    await admin.signIn(DEMO.email, DEMO.password);
    const company = postgresSql<{ id: number }>(target, 'select id from companies order by id limit 1', [])[0]!.id;
    const dept = await admin.post('/api/departments', { name: 'Obrador nuevo', company });
    expect(dept.status, await dept.clone().text()).toBe(201);
  }, 180_000);

  it('on PostgreSQL, "Back up now" writes an SQLite file with the same rows; a second migration is refused', async () => {
    expect(pgServer, 'the first test starts the server').toBeDefined();
    const admin = new Client(pgUrl);
    await admin.signIn(DEMO.email, DEMO.password);
    const res = await admin.post('/api/backups');
    expect(res.status, await res.clone().text()).toBe(201);
    const dir = path.join(sqliteServer.dataDir, 'backups');
    const file = readdirSync(dir).find((f) => /^jornada-\d{8}-\d{6}.*\.db$/.test(f) && !f.includes('pre-migration'));
    expect(file).toBeDefined();
    const copy = new Database(path.join(dir, file!), { readonly: true });
    try {
      expect(copy.pragma('integrity_check', { simple: true })).toBe('ok');
      for (const table of ['employees', 'attendances', 'punches', 'record_chain', 'leaves', 'users', 'departments']) {
        const n = Number(postgresSql<{ n: string }>(target, `select count(*) as n from ${table}`, [])[0]!.n);
        expect((copy.prepare(`select count(*) as n from ${table}`).get() as { n: number }).n, table).toBe(n);
      }
      expect((copy.prepare('select count(*) as n from jornada_backup_files where path = ?').get('config.json') as { n: number }).n).toBe(1);
    } finally {
      copy.close();
    }
    // `jornada verify` reads PostgreSQL when DATABASE_URL is set.
    const env: NodeJS.ProcessEnv = { ...process.env, DATA_DIR: sqliteServer.dataDir, DATABASE_URL: target };
    const verify = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', 'verify'], { cwd: ROOT, env, encoding: 'utf8' });
    expect(verify.stdout).toMatch(/Record chain intact/);
    // Restore into a PostgreSQL installation is refused, naming the way to do it.
    const restore = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', 'restore', path.join(dir, file!)], { cwd: ROOT, env, encoding: 'utf8' });
    expect(restore.status).toBe(1);
    expect(restore.stderr).toMatch(/migrate-to-postgres/);

    // With the server stopped, a second run into the now non-empty database is refused and changes nothing.
    const exited = new Promise((r) => pgServer!.once('exit', r));
    pgServer!.kill('SIGTERM');
    await exited;
    const count = (table: string) => Number(postgresSql<{ n: string }>(target, `select count(*) as n from ${table}`, [])[0]!.n);
    const rows = count('audit_log');
    const again = cli(sqliteServer.dataDir, 'migrate-to-postgres', target);
    expect(again.status).toBe(1);
    expect(again.err).toMatch(/not empty \(table \w+ has rows\)/);
    expect(count('audit_log')).toBe(rows);
  }, 180_000);
});

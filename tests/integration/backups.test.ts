import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { copyFileSync, existsSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

const BACKUP_RE = /^jornada-\d{8}-\d{6}(-\d+)?\.db$/;
const backupsIn = (dataDir: string) =>
  existsSync(path.join(dataDir, 'backups'))
    ? readdirSync(path.join(dataDir, 'backups'))
        .filter((n) => BACKUP_RE.test(n))
        .sort()
    : [];

/** Opens a backup file read-only and runs `PRAGMA integrity_check`. */
function inspect(file: string): { ok: boolean; companies: string[] } {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    const ok = (db.pragma('integrity_check', { simple: true }) as string) === 'ok';
    const companies = (db.prepare('select name from companies order by id').all() as { name: string }[]).map((r) => r.name);
    return { ok, companies };
  } finally {
    db.close();
  }
}

describe('backups in the running server', () => {
  let server: TestServer;
  let owner: Client;
  let reader: Client;
  let employee: Client;
  const clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-clock-'));
  const clockFile = path.join(clockDir, 'now');
  const setNow = (iso: string) => writeFileSync(clockFile, iso);
  /** Until the schedule has checked the business clock at `iso` (a debug log line per check). */
  const checkedAt = (iso: string) => waitFor(`a schedule check at ${iso}`, () => server.logs().includes(`"at":"${new Date(iso).toISOString()}","msg":"Backup schedule checked"`));

  beforeAll(async () => {
    // Lisbon is on UTC until 29 March 2026: the 03:00 slot is 03:00Z.
    setNow('2026-03-10T02:58:00Z');
    server = await startServer({ env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, JORNADA_BACKUP_CHECK_MS: '150', LOG_LEVEL: 'debug' } });
    owner = new Client(server.url);
    await owner.post('/api/sign-up', { company: 'Copias SL', full_name: 'Ana Ruiz', email: 'ana@copias.es', password: 'Ana#2026x' });
    await addAccount(server.dataDir, { email: 'reader@copias.es', password: 'Read#2026', accountType: 'Admin', permissions: { setting: ['read'] } });
    await addAccount(server.dataDir, { email: 'staff@copias.es', password: 'Staff#2026', accountType: 'Employee' });
    reader = new Client(server.url);
    await reader.signIn('reader@copias.es', 'Read#2026');
    employee = new Client(server.url);
    await employee.signIn('staff@copias.es', 'Staff#2026');
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(clockDir, { recursive: true, force: true });
  });

  it('backs up while clients are writing: a complete, valid copy with every row written before it began', async () => {
    let stop = false;
    const acknowledged: string[] = [];
    const writer = async (w: number) => {
      for (let i = 0; !stop; i++) {
        const name = `Empresa ${w}-${i}`;
        const res = await owner.post('/api/companies', { name });
        expect(res.status).toBe(201);
        acknowledged.push(name);
      }
    };
    const writers = [0, 1, 2, 3].map(writer);
    await waitFor('some writes', () => acknowledged.length >= 20);
    const before = [...acknowledged];
    const res = await owner.post('/api/backups');
    const during = acknowledged.length;
    stop = true;
    await Promise.all(writers);
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe('Backup made.');
    const file = body.data.lastSuccess.file as string;
    expect(file).toMatch(/^jornada-20260310-025800(-\d+)?\.db$/);
    expect(body.data.lastSuccess.trigger).toBe('manual');
    const copy = inspect(path.join(server.dataDir, 'backups', file));
    expect(copy.ok).toBe(true);
    for (const name of before) expect(copy.companies).toContain(name);
    expect(copy.companies.length).toBeLessThanOrEqual(1 + during + 4);
    // The server carried on: writes went on during the backup and it still answers.
    expect(acknowledged.length).toBeGreaterThan(before.length);
    expect((await owner.get('/api/companies?pageSize=1')).status).toBe(200);
    // Only finished backups carry a backup name: no temporary file is left behind.
    expect(readdirSync(path.join(server.dataDir, 'backups')).filter((n) => !BACKUP_RE.test(n))).toEqual([]);
    // An audit entry names who made it.
    const db = new Database(path.join(server.dataDir, 'jornada.db'), { readonly: true });
    const audit = db.prepare("select user_id, entity_id, action from audit_log where entity = 'backup'").all();
    db.close();
    expect(audit).toEqual([{ user_id: 1, entity_id: file, action: 'create' }]);
  });

  it('takes the scheduled backup once at the configured time in the company time zone', async () => {
    const before = backupsIn(server.dataDir);
    setNow('2026-03-10T02:59:50Z');
    await checkedAt('2026-03-10T02:59:50Z');
    expect(backupsIn(server.dataDir)).toEqual(before);
    setNow('2026-03-10T03:00:20Z');
    await waitFor('the 03:00 backup', () => backupsIn(server.dataDir).includes('jornada-20260310-030020.db'));
    setNow('2026-03-10T03:05:00Z');
    await checkedAt('2026-03-10T03:05:00Z');
    expect(backupsIn(server.dataDir)).toEqual([...before, 'jornada-20260310-030020.db'].sort());
    const status = (await (await reader.get('/api/backups')).json()).data;
    expect(status.lastSuccess).toMatchObject({ file: 'jornada-20260310-030020.db', trigger: 'scheduled', at: '2026-03-10T03:00:20.000Z' });
    expect(status.nextAt).toBe('2026-03-11T03:00:00.000Z');
    expect(inspect(path.join(server.dataDir, 'backups', 'jornada-20260310-030020.db')).ok).toBe(true);

    // A new time applies at once: 05:30 Madrid (UTC+1) is 04:30Z.
    const settings = (await (await owner.get('/api/settings')).json()).data;
    const put = await owner.request('PUT', '/api/settings', { ...settings, timezone: 'Europe/Madrid', backupTime: '05:30' });
    expect(put.status).toBe(200);
    expect((await (await owner.get('/api/backups')).json()).data.nextAt).toBe('2026-03-10T04:30:00.000Z');
    setNow('2026-03-10T04:30:05Z');
    await waitFor('the 05:30 Madrid backup', () => backupsIn(server.dataDir).includes('jornada-20260310-043005.db'));
  });

  it('keeps the newest N backup files and never deletes other files', async () => {
    const dir = path.join(server.dataDir, 'backups');
    writeFileSync(path.join(dir, 'notes.txt'), 'mine');
    writeFileSync(path.join(dir, 'jornada-old-copy.db'), 'mine too');
    copyFileSync(path.join(dir, 'jornada-20260310-030020.db'), path.join(dir, 'jornada-20200101-000000.db'));
    const settings = (await (await owner.get('/api/settings')).json()).data;
    expect((await owner.request('PUT', '/api/settings', { ...settings, backupKeep: 3 })).status).toBe(200);
    setNow('2026-03-10T10:00:00Z');
    for (let i = 0; i < 3; i++) expect((await owner.post('/api/backups')).status).toBe(201);
    expect(backupsIn(server.dataDir)).toEqual(['jornada-20260310-100000-1.db', 'jornada-20260310-100000-2.db', 'jornada-20260310-100000.db']);
    expect(existsSync(path.join(dir, 'notes.txt'))).toBe(true);
    expect(existsSync(path.join(dir, 'jornada-old-copy.db'))).toBe(true);
    const status = (await (await owner.get('/api/backups')).json()).data;
    expect(status.count).toBe(3);
    expect(status.lastSuccess.file).toBe('jornada-20260310-100000-2.db');
  });

  it('refuses bad backup settings with translated messages and keeps the old ones', async () => {
    const settings = (await (await owner.get('/api/settings')).json()).data;
    const es = new Client(server.url, 'es');
    es.cookie = owner.cookie;
    const res = await es.request('PUT', '/api/settings', { ...settings, backupTime: '24:00', backupKeep: 0 });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({
      backupTime: 'Introduce una hora con el formato HH:mm (de 00:00 a 23:59)',
      backupKeep: 'Introduce un número entre 1 y 365',
    });
    const en = await owner.request('PUT', '/api/settings', { ...settings, backupKeep: 1000 });
    expect((await en.json()).errors).toEqual({ backupKeep: 'Enter between 1 and 365' });
    expect((await (await owner.get('/api/settings')).json()).data).toMatchObject({ backupTime: '05:30', backupKeep: 3 });
  });

  it('shows the last backup, the next one and the settings on the settings page', async () => {
    const html = await (await owner.get('/setting')).text();
    expect(html).toContain('jornada-20260310-100000-2.db');
    expect(html).toContain('2026-03-11T04:30:00.000Z');
    expect(html).toContain(path.join(server.dataDir, 'backups'));
  });

  it('records a failed backup for the operator and answers with the reason', async () => {
    const dir = path.join(server.dataDir, 'backups');
    renameSync(dir, `${dir}-moved`);
    writeFileSync(dir, 'a file where the folder should be');
    try {
      const res = await owner.post('/api/backups');
      expect(res.status).toBe(500);
      expect((await res.json()).message).toMatch(/^The backup failed: .*EEXIST/);
      // The status and the settings page still show, with the reason.
      const broken = await owner.get('/api/backups');
      expect(broken.status).toBe(200);
      expect((await broken.json()).data).toMatchObject({ count: 0, lastFailure: { trigger: 'manual' } });
      expect(await (await owner.get('/setting')).text()).toContain('EEXIST');
    } finally {
      rmSync(dir);
      renameSync(`${dir}-moved`, dir);
    }
    const data = (await (await owner.get('/api/backups')).json()).data;
    expect(data.lastFailure).toMatchObject({ trigger: 'manual' });
    expect(data.lastFailure.message).toMatch(/EEXIST/);
    expect(data.lastFailure.message).not.toMatch(/\n| {4}at /);
    // The next good backup clears the warning.
    expect((await owner.post('/api/backups')).status).toBe(201);
    expect((await (await owner.get('/api/backups')).json()).data.lastFailure).toBeNull();
  });

  it('lets only the settings authorities see (setting.read) and start (setting.update) backups', async () => {
    expect((await employee.post('/api/backups')).status).toBe(403);
    expect((await employee.get('/api/backups')).status).toBe(403);
    expect((await reader.post('/api/backups')).status).toBe(403);
    expect((await reader.get('/api/backups')).status).toBe(200);
    expect((await new Client(server.url).post('/api/backups')).status).toBe(401);
    const count = backupsIn(server.dataDir).length;
    expect(count).toBe(3);
  });
});

/** Runs `node scripts/start.mjs --no-build ARGS` with DATA_DIR, as an operator would run `npm run backup`. */
function cli(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '1' },
    encoding: 'utf8',
    timeout: 30_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const sha = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex');

describe('command line: backup and restore', () => {
  let server: TestServer;
  let owner: Client;
  const scratch = mkdtempSync(path.join(os.tmpdir(), 'jornada-restore-'));

  beforeAll(async () => {
    server = await startServer();
    owner = new Client(server.url);
    await owner.post('/api/sign-up', { company: 'Antes SA', full_name: 'Luis Gil', email: 'luis@antes.es', password: 'Luis#2026x' });
  });
  afterAll(async () => {
    await server?.stop();
    rmSync(scratch, { recursive: true, force: true });
  });

  it('--help lists the commands and every environment variable the app reads; unknown commands exit 2', () => {
    const help = cli(scratch, '--help');
    expect(help.code).toBe(0);
    expect(help.out).toMatch(/backup/);
    expect(help.out).toMatch(/restore FILE/);
    const read = new Set<string>();
    const scan = (dir: string) => {
      for (const entry of readdirSync(dir, { withFileTypes: true })) {
        const p = path.join(dir, entry.name);
        if (entry.isDirectory()) scan(p);
        else if (/\.(ts|tsx|astro|mjs)$/.test(entry.name)) {
          // import.meta.env is Vite's build-time constants (SSR, DEV), not the environment.
          const text = readFileSync(p, 'utf8');
          for (const m of text.matchAll(/(?<!import\.meta\.)\benv(?:\.([A-Z][A-Z0-9_]*)(?![A-Z0-9_])|\[['"]([A-Z][A-Z0-9_]*)['"]\])(?!\s*=[^=])/g)) read.add(m[1] ?? m[2]!);
        }
      }
    };
    scan(path.join(ROOT, 'src'));
    for (const script of ['start.mjs', 'build.mjs']) {
      for (const m of readFileSync(path.join(ROOT, 'scripts', script), 'utf8').matchAll(/\benv\.([A-Z][A-Z0-9_]*)(?![A-Z0-9_])(?!\s*=[^=])/g)) read.add(m[1]!);
    }
    expect(read.size).toBeGreaterThan(8);
    for (const name of read) expect(help.out, name).toContain(name);
    const unknown = cli(scratch, 'frobnicate');
    expect(unknown.code).toBe(2);
    expect(unknown.err).toMatch(/Unknown command: frobnicate[\s\S]*Usage:/);
  });

  it('backs up while the server runs, refuses to restore under it, and restores the old data once stopped', async () => {
    const made = cli(server.dataDir, 'backup');
    expect(made.code, made.err).toBe(0);
    const file = made.out.trim();
    expect(path.dirname(file)).toBe(path.join(server.dataDir, 'backups'));
    expect(path.basename(file)).toMatch(BACKUP_RE);
    expect(inspect(file)).toEqual({ ok: true, companies: ['Antes SA'] });
    // The settings page learns of it too (the status is shared through DATA_DIR).
    expect((await (await owner.get('/api/backups')).json()).data.lastSuccess).toMatchObject({ file: path.basename(file), trigger: 'command' });

    expect((await owner.post('/api/companies', { name: 'Después SL' })).status).toBe(201);
    const live = path.join(server.dataDir, 'jornada.db');
    const busy = cli(server.dataDir, 'restore', file);
    expect(busy.code).toBe(1);
    // The server's DATA_DIR lock (decision 040) names it before anything is read.
    expect(busy.err).toMatch(/A Jornada server \(pid \d+\) is running on DATA_DIR .*: stop the service first\. Nothing was changed\./);
    expect((await owner.get('/api/companies')).status).toBe(200);

    expect(await server.kill('SIGTERM')).toBe(0);
    const kept = path.join(scratch, 'copy.db');
    copyFileSync(file, kept);
    const restored = cli(server.dataDir, 'restore', kept);
    expect(restored.code, restored.err).toBe(0);
    expect(restored.out).toMatch(/Safety backup of the current database: .*jornada-\d{8}-\d{6}(-\d+)?\.db/);
    expect(restored.out).toContain(`Restored ${kept} to ${live}.`);
    for (const suffix of ['-wal', '-shm', '-journal']) expect(existsSync(live + suffix)).toBe(false);
    expect(readdirSync(server.dataDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const safety = /Safety backup of the current database: (\S+)/.exec(restored.out)![1]!;
    expect(inspect(safety).companies).toEqual(['Antes SA', 'Después SL']);

    await server.restart();
    // A restore ends every session (decision 023): the old token is refused, signing in again works.
    expect((await owner.get('/api/companies')).status).toBe(401);
    expect((await owner.signIn('luis@antes.es', 'Luis#2026x')).status).toBe(200);
    const names = (await (await owner.get('/api/companies')).json()).data.map((c: { name: string }) => c.name);
    expect(names).toEqual(['Antes SA']);
    expect(server.logs()).not.toMatch(/"level":(50|60)/);
  });

  it('refuses, changing nothing, a text file, a non-Jornada database, a newer schema and a damaged file', async () => {
    expect(await server.kill('SIGTERM')).toBe(0);
    const live = path.join(server.dataDir, 'jornada.db');
    const before = sha(live);
    const backups = backupsIn(server.dataDir);
    const good = path.join(server.dataDir, 'backups', backups[0]!);

    const text = path.join(scratch, 'notes.txt');
    writeFileSync(text, 'not a database\n'.repeat(20));
    const other = path.join(scratch, 'other.db');
    const o = new Database(other);
    o.exec('create table recipes (id integer primary key, name text)');
    o.close();
    const future = path.join(scratch, 'future.db');
    copyFileSync(good, future);
    const f = new Database(future);
    f.prepare('insert into schema_migrations (name, applied_at) values (?, ?)').run('9999-from-the-future', '2030-01-01T00:00:00Z');
    f.close();
    const damaged = path.join(scratch, 'damaged.db');
    const bytes = readFileSync(good);
    const page = bytes.readUInt16BE(16) || 65536;
    for (let p = 2; p * page < bytes.length; p += 2) bytes.fill(0x5a, p * page + 8, p * page + 200);
    writeFileSync(damaged, bytes);

    const cases: [string, RegExp][] = [
      [text, /is not an SQLite database/],
      [other, /is an SQLite database but not a Jornada database/],
      [future, /newer version of Jornada \(migrations this version does not know: 9999-from-the-future\)/],
      [damaged, /fails the integrity check/],
      [path.join(scratch, 'missing.db'), /does not exist/],
    ];
    for (const [file, message] of cases) {
      const r = cli(server.dataDir, 'restore', file);
      expect(r.code, `${file}: ${r.out}${r.err}`).toBe(1);
      expect(r.err).toMatch(message);
    }
    expect(sha(live)).toBe(before);
    expect(backupsIn(server.dataDir)).toEqual(backups);
    expect(readdirSync(server.dataDir).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    const missing = cli(server.dataDir, 'restore');
    expect(missing.code).toBe(2);
  });
});

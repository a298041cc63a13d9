import { spawnSync } from 'node:child_process';
import { createHash, randomBytes } from 'node:crypto';
import { copyFileSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Decision 039, issue 19.3 and 19.5: a backup is one file with the database, the uploads and
 * config.json; backup → wipe → restore on a fresh DATA_DIR gives a server where an old PIN punches
 * and an old photo shows; mismatched secrets are refused (or PINs reset on request); start-up says
 * loudly when config.json is another instance's; a start that migrates backs up first and logs it.
 * Demo data set: employee 3 (Lucía) has PIN 100003 and a schedule that starts at 07:00 Lisbon.
 */

const clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-clock-'));
const clockFile = path.join(clockDir, 'now');
writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '06:55', 'Europe/Lisbon'));
const TEST_ENV = { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile };
const scratch = mkdtempSync(path.join(os.tmpdir(), 'jornada-complete-'));
const LUCIA = { id: 3, pin: '100003' };

/** `node scripts/start.mjs --no-build ARGS` with DATA_DIR, as an operator runs `npm run backup`/`restore`. */
function cli(dataDir: string, ...args: string[]) {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: dataDir, PORT: '1' },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const mode = (file: string) => statSync(file).mode & 0o777;
const freshDir = (name: string) => {
  const dir = path.join(scratch, name);
  mkdirSync(dir);
  return dir;
};
/** Another instance's config.json: same shape, other secrets. */
const foreignConfig = () => JSON.stringify({ sessionPassword: randomBytes(32).toString('base64url'), pinPepper: randomBytes(32).toString('base64url'), createdAt: '2026-01-01T00:00:00.000Z' });
function query<T>(file: string, sql: string): T[] {
  const db = new Database(file, { readonly: true, fileMustExist: true });
  try {
    return db.prepare(sql).all() as T[];
  } finally {
    db.close();
  }
}
const punch = (server: TestServer, pin: string) => new Client(server.url).post('/api/clock', { action: 'check-in', pin });
/** Pino lines of the server's output, parsed. */
const logLines = (server: TestServer) =>
  server
    .logs()
    .split('\n')
    .filter((l) => l.startsWith('{'))
    .map((l) => JSON.parse(l) as Record<string, unknown> & { level: number; msg: string });

const servers: TestServer[] = [];
async function serve(dataDir: string, args: string[] = []): Promise<TestServer> {
  const server = await startServer({ args, env: { ...TEST_ENV, DATA_DIR: dataDir } });
  servers.push(server);
  return server;
}

afterAll(async () => {
  for (const s of servers) await s.stop();
  rmSync(scratch, { recursive: true, force: true });
  rmSync(clockDir, { recursive: true, force: true });
});

describe('backup → wipe → restore on a fresh DATA_DIR', () => {
  const original = freshDir('original');
  let photo: { url: string; sha: string };
  let backup: string;
  let config: string;

  beforeAll(async () => {
    const server = await serve(original, ['--demo']);
    const admin = new Client(server.url);
    await admin.signIn('admin@demo.jornada', 'Demo#2026');
    const png = await sharp(randomBytes(64 * 64 * 3), { raw: { width: 64, height: 64, channels: 3 } })
      .png()
      .toBuffer();
    const up = await admin.post(`/api/employees/${LUCIA.id}/photos`, { image: `data:image/png;base64,${png.toString('base64')}` });
    expect(up.status).toBe(201);
    const url = (await (await admin.get(`/api/employees/${LUCIA.id}/photos`)).json()).data[0].url as string;
    const bytes = Buffer.from(await (await admin.get(url)).arrayBuffer());
    photo = { url, sha: createHash('sha256').update(bytes).digest('hex') };
    // A brand-new DATA_DIR pays no pre-migration backup.
    expect(existsSync(path.join(original, 'backups')) ? readdirSync(path.join(original, 'backups')) : []).toEqual([]);

    const made = cli(original, 'backup');
    expect(made.code, made.err).toBe(0);
    expect(made.out.trim().split('\n')).toHaveLength(1);
    backup = path.join(scratch, 'kept.db');
    copyFileSync(made.out.trim(), backup);
    expect(mode(made.out.trim())).toBe(0o600);
    expect(made.err).toMatch(/config\.json and 1 uploaded file\(s\)\. It holds the instance secrets/);
    config = readFileSync(path.join(original, 'config.json'), 'utf8');
    expect(await server.kill('SIGTERM')).toBe(0);
    rmSync(original, { recursive: true, force: true });
  });

  it('restores database, photos and config.json (0600) into an empty folder: an old PIN punches, the old photo shows', async () => {
    const fresh = freshDir('fresh');
    const r = cli(fresh, 'restore', backup);
    expect(r.code, r.err).toBe(0);
    expect(r.out).toMatch(/integrity ok, 1 uploaded file\(s\) and config\.json intact/);
    expect(r.out).toContain('There was no database yet');
    expect(readFileSync(path.join(fresh, 'config.json'), 'utf8')).toBe(config);
    expect(mode(path.join(fresh, 'config.json'))).toBe(0o600);
    expect(readdirSync(path.join(fresh, 'uploads', 'employees', String(LUCIA.id)))).toHaveLength(1);
    expect(readdirSync(fresh).filter((n) => n.endsWith('.tmp'))).toEqual([]);
    // The contents tables never reach the live database.
    expect(query(path.join(fresh, 'jornada.db'), "select name from sqlite_master where name like 'jornada_backup%'")).toEqual([]);

    const server = await serve(fresh);
    const res = await punch(server, LUCIA.pin);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).employee._id).toBe(LUCIA.id);
    const admin = new Client(server.url);
    expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    const shown = await admin.get(photo.url);
    expect(shown.status).toBe(200);
    expect(
      createHash('sha256')
        .update(Buffer.from(await shown.arrayBuffer()))
        .digest('hex'),
    ).toBe(photo.sha);
    expect(server.logs()).not.toMatch(/SECRETS MISMATCH/);
    await server.kill('SIGTERM');
  });

  it("says loudly at start when config.json is another instance's", async () => {
    const dir = freshDir('swapped');
    expect(cli(dir, 'restore', backup).code).toBe(0);
    writeFileSync(path.join(dir, 'config.json'), foreignConfig(), { mode: 0o600 });
    const server = await serve(dir);
    // Logged at start, but the process's output may reach us after it answers: wait for the line.
    const line = await waitFor('the secrets-mismatch log line', () => logLines(server).find((l) => l.msg.includes('SECRETS MISMATCH')));
    expect(line).toMatchObject({ level: 50, event: 'secrets-mismatch', file: path.join(dir, 'config.json') });
    expect(line!.msg).toMatch(/NO EMPLOYEE PIN WILL MATCH.*put back the config\.json from the backup.*--reset-pins/);
    // And that is true: the old PIN finds nobody.
    expect((await punch(server, LUCIA.pin)).status).not.toBe(200);
    // Settings › Backups says so too, for an owner who never reads the log.
    const admin = new Client(server.url);
    expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await (await admin.get('/api/backups')).json()).data.secretsMismatch).toBe(true);
    const page = await (await admin.get('/setting')).text();
    expect(page.includes('data-testid="secrets-mismatch"'), 'the alert above every settings section').toBe(true);

    // A backup made now carries the wrong config.json: its restore is refused, changing nothing...
    const made = cli(dir, 'backup');
    expect(made.code, made.err).toBe(0);
    const wrong = made.out.trim();
    await server.kill('SIGTERM');
    const target = freshDir('target');
    const refused = cli(target, 'restore', wrong);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/its config\.json is not the one its PINs were made with, so no employee PIN would match\. Nothing was changed\..*--reset-pins/);
    expect(readdirSync(target)).toEqual([]);

    // ...unless the PINs are reset: restored, every PIN cleared (audited), no warning at start.
    const reset = cli(target, 'restore', wrong, '--reset-pins');
    expect(reset.code, reset.err).toBe(0);
    expect(reset.out).toMatch(/PINs reset: \d+ employee\(s\) have no PIN now/);
    const db = path.join(target, 'jornada.db');
    expect(query(db, "select count(*) n from employees where pin_key not like 'reset:%'")).toEqual([{ n: 0 }]);
    expect(query(db, "select entity, action from audit_log where action = 'reset-pins'")).toEqual([{ entity: 'employee', action: 'reset-pins' }]);
    const again = await serve(target);
    expect(again.logs()).not.toMatch(/SECRETS MISMATCH/);
    const owner = new Client(again.url);
    expect((await owner.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await (await owner.get('/api/backups')).json()).data.secretsMismatch).toBe(false);
    expect((await (await owner.get('/setting')).text()).includes('data-testid="secrets-mismatch"')).toBe(false);
    expect((await punch(again, LUCIA.pin)).status).not.toBe(200);
    await again.kill('SIGTERM');
  });

  it('restores a database-only file (older format) only when the current config.json is the right one', async () => {
    const source = freshDir('source');
    expect(cli(source, 'restore', backup).code).toBe(0);
    const plain = path.join(scratch, 'database-only.db');
    copyFileSync(path.join(source, 'jornada.db'), plain);

    const other = freshDir('other-instance');
    writeFileSync(path.join(other, 'config.json'), foreignConfig(), { mode: 0o600 });
    const refused = cli(other, 'restore', plain);
    expect(refused.code).toBe(1);
    expect(refused.err).toMatch(/it holds the database only, and the current .*config\.json is not the one its PINs were made with/);
    expect(readdirSync(other)).toEqual(['config.json']);

    const right = freshDir('right-config');
    writeFileSync(path.join(right, 'config.json'), config, { mode: 0o600 });
    const ok = cli(right, 'restore', plain);
    expect(ok.code, ok.err).toBe(0);
    expect(ok.out).toContain('Photos (uploads) and config.json were left as they are');

    // Made before this version: no fingerprint to compare, so the PINs cannot be vouched for.
    const old = path.join(scratch, 'pre-0014.db');
    copyFileSync(plain, old);
    const o = new Database(old);
    o.exec("drop table instance_meta; delete from schema_migrations where name = '0014-instance-meta'");
    o.close();
    const unknown = freshDir('unknown');
    writeFileSync(path.join(unknown, 'config.json'), config, { mode: 0o600 });
    const r = cli(unknown, 'restore', old);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/made before backups included the instance secrets/);
    // Over the database of the same instance, with that instance's config.json, it is accepted
    // (and what an interrupted restore left behind is cleared once the database is secured).
    mkdirSync(path.join(right, '.uploads.restore-deadbeef.tmp'));
    writeFileSync(path.join(right, '.jornada.db.restore-deadbeef.tmp'), 'half a copy');
    const same = cli(right, 'restore', old);
    expect(same.code, same.err).toBe(0);
    expect(readdirSync(right).filter((n) => n.startsWith('.'))).toEqual([]);
  });

  it('refuses a truncated or tampered backup, changing nothing', async () => {
    const dir = freshDir('untouched');
    const bytes = readFileSync(backup);
    const truncated = path.join(scratch, 'truncated.db');
    writeFileSync(truncated, bytes.subarray(0, Math.floor(bytes.length / 2)));
    const t = cli(dir, 'restore', truncated);
    expect(t.code).toBe(1);
    expect(t.err).toMatch(/Restore refused: .*(integrity|malformed|damaged)/);

    // One byte of the photo changed inside the file: SQLite sees a sound file, the checksum does not.
    const stored = readdirSync(path.join(scratch, 'fresh', 'uploads', 'employees', String(LUCIA.id)))[0]!;
    const photoBytes = readFileSync(path.join(scratch, 'fresh', 'uploads', 'employees', String(LUCIA.id), stored));
    const at = bytes.indexOf(photoBytes.subarray(100, 116));
    expect(at).toBeGreaterThan(0);
    const tampered = Buffer.from(bytes);
    tampered[at + 5] = tampered[at + 5]! ^ 0xff;
    const tamperedFile = path.join(scratch, 'tampered.db');
    writeFileSync(tamperedFile, tampered);
    const r = cli(dir, 'restore', tamperedFile);
    expect(r.code).toBe(1);
    expect(r.err).toMatch(/is damaged: the copy of uploads\/employees\/3\/.* is damaged \(size or checksum differs\)/);
    expect(readdirSync(dir)).toEqual([]);
  });
});

describe('a start that applies migrations backs up first', () => {
  /** The database as the previous version left it: migration 0014 undone exactly. */
  function previousVersion(dir: string): void {
    const db = new Database(path.join(dir, 'jornada.db'));
    db.exec("drop table instance_meta; delete from schema_migrations where name = '0014-instance-meta'");
    db.close();
  }

  it('writes jornada-…-pre-migration.db (complete, 0600) before migrating, and logs the backup and each migration', async () => {
    const dir = freshDir('upgrade');
    const first = await serve(dir, ['--demo']);
    await first.kill('SIGTERM');
    previousVersion(dir);
    const server = await serve(dir);
    const files = readdirSync(path.join(dir, 'backups')).filter((n) => n.endsWith('-pre-migration.db'));
    expect(files).toHaveLength(1);
    const file = path.join(dir, 'backups', files[0]!);
    expect(mode(file)).toBe(0o600);
    expect(query(file, "select count(*) n from schema_migrations where name = '0014-instance-meta'")).toEqual([{ n: 0 }]);
    expect(query(file, "select path from jornada_backup_files where path = 'config.json'")).toEqual([{ path: 'config.json' }]);
    // The pipe may hand over the start's lines after /api/health answered (a loaded machine): wait for them.
    const lines = await waitFor('the migration logged', () => {
      const now = logLines(server);
      return now.some((l) => l.msg === 'Migration applied' && l['migration'] === '0014-instance-meta') && now;
    });
    const backupAt = lines.findIndex((l) => l.msg === 'Backup before migrating written' && l['file'] === file);
    const migratedAt = lines.findIndex((l) => l.msg === 'Migration applied' && l['migration'] === '0014-instance-meta' && typeof l['ms'] === 'number');
    expect(backupAt).toBeGreaterThanOrEqual(0);
    expect(migratedAt).toBeGreaterThan(backupAt);
    // The fingerprint is adopted again: no warning, PINs work.
    expect(server.logs()).not.toMatch(/SECRETS MISMATCH/);
    // The answer's body says which refusal it was (a 403 was seen once in CI, not reproduced).
    const punched = await punch(server, LUCIA.pin);
    expect(punched.status, await punched.clone().text()).toBe(200);
    expect(
      (
        await (
          await (async () => {
            const c = new Client(server.url);
            await c.signIn('admin@demo.jornada', 'Demo#2026');
            return c.get('/api/backups');
          })()
        ).json()
      ).data.lastSuccess,
    ).toMatchObject({ file: files[0], trigger: 'pre-migration' });
    await server.kill('SIGTERM');

    // Going back: the pre-migration backup restores the database as the previous version left it.
    const back = cli(dir, 'restore', file);
    expect(back.code, back.err).toBe(0);
    expect(back.out).toContain('1 migration(s) will be applied when the server starts');
    expect(query(path.join(dir, 'jornada.db'), "select count(*) n from sqlite_master where name = 'instance_meta'")).toEqual([{ n: 0 }]);

    // When the backup before migrating cannot be written, nothing is migrated and the server does not start.
    rmSync(path.join(dir, 'backups'), { recursive: true });
    writeFileSync(path.join(dir, 'backups'), 'a file where the folder should be');
    await expect(serve(dir)).rejects.toThrow(/The backup before applying 1 migration\(s\) failed \(.*EEXIST.*\); nothing was migrated/);
    expect(query(path.join(dir, 'jornada.db'), "select count(*) n from schema_migrations where name = '0014-instance-meta'")).toEqual([{ n: 0 }]);
  });
});

import { spawn, spawnSync, type SpawnSyncOptions } from 'node:child_process';
import { chmodSync, chownSync, copyFileSync, existsSync, lstatSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DESCRIPTOR } from '../helpers/api-bodies.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { Client } from '../helpers/http-client.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import pkg from '../../package.json' with { type: 'json' };

/**
 * Issue 37.17 (decision 079): the operator's restore and upgrade. The "Restore on a new machine"
 * recipe of docs/backups.md run as written in a fresh folder tree; a restore run as root leaves
 * files the service's user owns (and the service starts); a backup says who wrote it and an older
 * Jornada refuses a newer one; a start on a taken port stops before any migration; an upgraded
 * shop's unpaired kiosk that still sends faces is counted on the dashboard and Settings, and the
 * kiosk says to pair it.
 */
const START = path.join(ROOT, 'scripts', 'start.mjs');
const scratch = mkdtempSync(path.join(os.tmpdir(), 'jornada-ops-'));
chmodSync(scratch, 0o755); // the service user of the recipe walks through it
const isRoot = process.getuid?.() === 0;
/** The recipe's `jornada` user: nobody when the tests run as root (they do here), else the tests' own user. */
const SERVICE = isRoot ? { user: 'nobody', group: 'nogroup', uid: 65534, gid: 65534 } : { user: os.userInfo().username, group: String(process.getgid?.()), uid: process.getuid!(), gid: process.getgid!() };

/**
 * Whether the service user can run this checkout's Node and read its scripts. A checkout inside a
 * private folder (mode 700, as `mktemp -d` makes) cannot be reached by another user: the two tests
 * that run as that user are then skipped, saying why, rather than failing on the folder's mode.
 */
const serviceReachesCheckout = !isRoot || spawnSync(process.execPath, ['-e', `require('node:fs').accessSync(${JSON.stringify(START)}, 4)`], { uid: SERVICE.uid, gid: SERVICE.gid, timeout: 60_000 }).status === 0;
if (!serviceReachesCheckout) console.warn(`upgrade-and-restore: skipping the service-user tests: user ${SERVICE.user} cannot reach ${ROOT} (a parent folder is private)`);

/** `node scripts/start.mjs --no-build ARGS` with DATA_DIR, as an operator runs the binary's commands. */
function cli(dataDir: string, args: string[], options: SpawnSyncOptions = {}) {
  const r = spawnSync(process.execPath, [START, '--no-build', ...args], { cwd: ROOT, env: { ...process.env, DATA_DIR: dataDir }, encoding: 'utf8', timeout: 60_000, ...options });
  return { code: r.status, out: String(r.stdout), err: String(r.stderr) };
}

/** The owners of everything under `dir` that is not `uid`'s, as relative paths. */
function notOwnedBy(dir: string, uid: number): string[] {
  const found: string[] = [];
  const walk = (folder: string) => {
    for (const entry of readdirSync(folder, { withFileTypes: true })) {
      const file = path.join(folder, entry.name);
      if (lstatSync(file).uid !== uid) found.push(path.relative(dir, file));
      if (entry.isDirectory()) walk(file);
    }
  };
  walk(dir);
  return found;
}

let source: TestServer;
let owner: Client;
/** A complete backup of an installation with one account and one uploaded file. */
let backup: string;

beforeAll(async () => {
  source = await startServer();
  owner = new Client(source.url);
  expect((await owner.post('/api/sign-up', { company: 'Horno Viejo SL', full_name: 'Rosa Peris', email: 'rosa@horno.es', password: 'Rosa#2026x' })).status).toBe(201);
  mkdirSync(path.join(source.dataDir, 'uploads', 'employees'), { recursive: true });
  writeFileSync(path.join(source.dataDir, 'uploads', 'employees', 'photo.jpg'), Buffer.from('not really a photo'));
  const made = cli(source.dataDir, ['backup']);
  expect(made.code, made.err).toBe(0);
  backup = made.out.trim();
}, 120_000);

afterAll(async () => {
  await source?.stop();
  rmSync(scratch, { recursive: true, force: true });
});

describe('docs/backups.md, "Restore on a new machine"', () => {
  it.skipIf(!serviceReachesCheckout)('runs as written in a fresh folder tree: the service user restores, verifies, and owns what it restored', () => {
    const text = readFileSync(path.join(ROOT, 'docs', 'backups.md'), 'utf8');
    const section = text.slice(text.indexOf('### Restore on a new machine'));
    const block = /```sh\n([\s\S]*?)```/.exec(section)![1]!;
    const commands = block.split('\n').filter((line) => line.trim() !== '' && !line.trimStart().startsWith('#'));
    // The folders exist, owned by the service user, before the restore writes into them.
    const restoreAt = commands.findIndex((c) => / jornada restore /.test(c));
    const folders = commands.findIndex((c) => /install -d -o jornada .*\/var\/lib\/jornada .*\/var\/cache\/jornada/.test(c));
    expect(folders, 'an install -d step creates both folders').toBeGreaterThanOrEqual(0);
    expect(folders).toBeLessThan(restoreAt);

    // A fresh machine: root's folders, the binary and the backup file in the working folder.
    const tree = mkdtempSync(path.join(scratch, 'machine-'));
    chmodSync(tree, 0o755);
    for (const dir of ['var/lib', 'var/cache', 'usr/local/bin', 'work']) mkdirSync(path.join(tree, dir), { recursive: true, mode: 0o755 });
    mkdirSync(path.join(tree, 'tmp'), { mode: 0o1777 });
    chmodSync(path.join(tree, 'tmp'), 0o1777);
    const work = path.join(tree, 'work');
    writeFileSync(path.join(work, 'jornada-linux-x64'), `#!/bin/sh\nexec '${process.execPath}' '${START}' --no-build "$@"\n`, { mode: 0o755 });
    copyFileSync(backup, path.join(work, 'jornada-20260310-030000.db'));

    const mapped = (line: string) =>
      line
        // Every absolute path of the recipe, into the tree (one pass: the tree itself is under /tmp).
        .replace(/(^|[\s=])\/(var\/lib\/jornada|var\/cache\/jornada|usr\/local\/bin\/jornada|tmp\/)/g, `$1${tree}/$2`)
        .replace(/ -o jornada/g, isRoot ? ` -o ${SERVICE.user}` : '')
        .replace(/ -g jornada/g, isRoot ? ` -g ${SERVICE.group}` : '');
    const env = { ...process.env, PATH: `${tree}/usr/local/bin:${process.env.PATH}` };
    const skipped: string[] = [];
    const outputs: string[] = [];
    for (const command of commands) {
      // Neither a system user nor systemd in a test: the only steps left out.
      if (/^sudo (useradd|systemctl) /.test(command)) {
        skipped.push(command.split(' ')[1]!);
        continue;
      }
      const asService = /^sudo -u jornada /.test(command);
      const shell = mapped(command)
        .replace(/^sudo -u jornada /, '')
        .replace(/^sudo /, '');
      const r = spawnSync('sh', ['-c', shell], { cwd: work, env, encoding: 'utf8', timeout: 60_000, ...(asService && isRoot ? { uid: SERVICE.uid, gid: SERVICE.gid } : {}) });
      expect(r.status, `${command}\n${r.stdout}${r.stderr}`).toBe(0);
      outputs.push(r.stdout);
    }
    expect(skipped).toEqual(['useradd', 'systemctl']);
    const restored = outputs.join('\n');
    expect(restored).toContain('There was no database yet');
    expect(restored).toMatch(/Put back 1 uploaded file\(s\)/);
    expect(restored).toMatch(/Record chain intact: \d+ entries checked\./);
    const data = path.join(tree, 'var', 'lib', 'jornada');
    expect(readFileSync(path.join(data, 'uploads', 'employees', 'photo.jpg'), 'utf8')).toBe('not really a photo');
    expect(existsSync(path.join(tree, 'tmp', 'jornada-20260310-030000.db'))).toBe(false);
    expect(notOwnedBy(data, SERVICE.uid)).toEqual([]);
  });
});

describe.skipIf(!isRoot || !serviceReachesCheckout)('a restore run as root', () => {
  it('gives what it wrote to the data folder owner, and the service starts as that user', async () => {
    const data = mkdtempSync(path.join(scratch, 'data-'));
    chownSync(data, SERVICE.uid, SERVICE.gid);
    const r = cli(data, ['restore', backup]);
    expect(r.code, r.err).toBe(0);
    expect(r.err).toMatch(new RegExp(`Run as root: gave \\d+ file\\(s\\) under ${data} to the data folder's owner \\(uid ${SERVICE.uid}`));
    for (const name of ['jornada.db', 'config.json', 'uploads', 'jornada.lock']) expect(existsSync(path.join(data, name)), name).toBe(true);
    expect(notOwnedBy(data, SERVICE.uid)).toEqual([]);

    // The service, as that user, opens them: it starts and answers.
    const port = await freePort();
    let output = '';
    const child = spawn(process.execPath, [START, '--no-build'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: data, PORT: String(port), HOST: '127.0.0.1' },
      uid: SERVICE.uid,
      gid: SERVICE.gid,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.on('data', (d) => (output += d));
    child.stderr.on('data', (d) => (output += d));
    try {
      await waitFor('the restored service to listen', () => /Jornada is listening/.test(output) || child.exitCode !== null);
      expect(output).toMatch(/Jornada is listening/);
      expect((await fetch(`http://127.0.0.1:${port}/api/health`)).status).toBe(200);
    } finally {
      const exited = new Promise((resolve) => child.once('exit', resolve));
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    }
  });
});

describe('which Jornada can read a backup', () => {
  it('a backup records the version that wrote it and its schema; an older Jornada refuses a newer one, changing nothing', () => {
    const manifest = (file: string) => {
      const db = new Database(file, { readonly: true });
      try {
        return Object.fromEntries((db.prepare('select key, value from jornada_backup_manifest').all() as { key: string; value: string }[]).map((r) => [r.key, r.value]));
      } finally {
        db.close();
      }
    };
    expect(manifest(backup)).toMatchObject({ writtenBy: pkg.version, schema: String(migrations.length), newestMigration: migrations.at(-1)![0] });
    const version = cli(scratch, ['--version']);
    expect(version.out.trim()).toBe(`Jornada ${pkg.version} (database schema ${migrations.length})`);

    // As an older Jornada sees a newer backup: a schema beyond its own.
    const newer = path.join(scratch, 'newer.db');
    copyFileSync(backup, newer);
    const db = new Database(newer);
    db.prepare("update jornada_backup_manifest set value = ? where key = 'schema'").run(String(migrations.length + 3));
    db.prepare("update jornada_backup_manifest set value = '9.0.0' where key = 'writtenBy'").run();
    db.close();
    const data = mkdtempSync(path.join(scratch, 'older-'));
    const r = cli(data, ['restore', newer]);
    expect(r.code).toBe(1);
    expect(r.err).toContain(`written by Jornada 9.0.0 with database schema ${migrations.length + 3}; this Jornada ${pkg.version} reads database schemas up to ${migrations.length}. Install Jornada 9.0.0 or newer first`);
    expect(r.err).toContain('Nothing was changed.');
    expect(readdirSync(data)).toEqual([]);
  });
});

describe('a start on a port another program holds', () => {
  it('stops with one line before opening the database: nothing migrated', async () => {
    const blocker = net.createServer();
    await new Promise<void>((resolve) => blocker.listen(0, '127.0.0.1', resolve));
    const { port } = blocker.address() as net.AddressInfo;
    try {
      const data = mkdtempSync(path.join(scratch, 'port-'));
      const r = cli(data, [], { env: { ...process.env, DATA_DIR: data, PORT: String(port), HOST: '127.0.0.1' } });
      expect(r.code, r.out + r.err).toBe(1);
      const fatal = r.out
        .split('\n')
        .filter(Boolean)
        .map((l) => JSON.parse(l) as { level: number; msg: string });
      expect(fatal.at(-1)).toMatchObject({ level: 60 });
      expect(fatal.at(-1)!.msg).toContain(`port ${port} on 127.0.0.1 is already in use by another program`);
      expect(existsSync(path.join(data, 'jornada.db'))).toBe(false);
      expect(r.out).not.toMatch(/Migration applied/);
    } finally {
      await new Promise((resolve) => blocker.close(resolve));
    }
  });
});

describe('an unpaired kiosk after the upgrade (face recognition on)', () => {
  it('has its face punches refused and counted per kiosk on the dashboard and Settings; the kiosk says to pair it', async () => {
    // As an upgraded installation: face recognition on, PIN punches from unpaired browsers allowed.
    await enableFaceRecognition(owner);
    const current = (await (await owner.get('/api/settings')).json()) as { data: Record<string, unknown> };
    expect((await owner.request('PUT', '/api/settings', { ...current.data, unpairedClock: true })).status).toBe(200);
    const warning = async (page: string) => /data-testid="unpaired-face-kiosks"[^>]*data-kiosks="(\d+)"/.exec(await (await owner.get(page)).text())?.[1];
    expect(await warning('/dashboard')).toBeUndefined();

    const kiosk = (agent: string) => new Client(source.url, 'es').post('/api/clock', { action: 'check-in', descriptor: DESCRIPTOR }, { 'user-agent': agent });
    for (const agent of ['Kiosk A', 'Kiosk A', 'Kiosk B']) {
      const res = await kiosk(agent);
      expect(res.status).toBe(403);
      expect(((await res.json()) as { code: string }).code).toBe('terminal.pairingRequired');
    }
    expect(await warning('/dashboard')).toBe('2');
    expect(await warning('/setting')).toBe('2');
    const dashboard = await (await owner.get('/dashboard')).text();
    expect(dashboard).toContain('3 face punches refused since the upgrade');

    // The unpaired kiosk itself, in Spanish (tú), with the pairing entry.
    const clock = await (await new Client(source.url, 'es').get('/clock')).text();
    expect(clock).toContain('data-testid="pair-to-keep-face"');
    expect(clock).toContain('Empareja este terminal para seguir usando el reconocimiento facial');
    expect(clock).toMatch(/href="\/clock\?pair="[^>]*data-testid="pair-link"/);
  });
});

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

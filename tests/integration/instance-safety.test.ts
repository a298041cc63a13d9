import Database from 'better-sqlite3';
import { execFileSync } from 'node:child_process';
import { chmodSync, closeSync, mkdirSync, mkdtempSync, openSync, rmSync, statSync, writeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Decision 040: honest health (503 within a minute of a damaged data page, and with a full disk),
 * one server per DATA_DIR, database files 0600.
 */

const servers: TestServer[] = [];
afterAll(async () => {
  for (const server of servers) await server.stop();
});

async function started(options: Parameters<typeof startServer>[0] = {}): Promise<TestServer> {
  const server = await startServer(options);
  servers.push(server);
  return server;
}

async function health(url: string): Promise<number> {
  return (await fetch(`${url}/api/health`)).status;
}

const mode = (file: string) => statSync(file).mode & 0o777;

describe('one server per DATA_DIR', () => {
  it('refuses a second server on the same DATA_DIR with one line naming it and the holder; SIGKILL leaves no stale lock', async () => {
    const first = await started();
    const second = startServer({ env: { DATA_DIR: first.dataDir } });
    const error = (await second.then(
      () => undefined,
      (e: Error) => e,
    ))!;
    expect(error, 'the second server started').toBeInstanceOf(Error);
    const refusal = error.message.split('\n').filter((line) => line.includes('Another Jornada server'));
    expect(refusal).toHaveLength(1);
    expect(refusal[0]).toContain(`DATA_DIR ${first.dataDir}`);
    expect(refusal[0]).toMatch(/\(pid \d+\)/);
    expect(error.message).not.toMatch(/\n\s+at /); // no stack
    expect(await health(first.url)).toBe(200);

    // A crash: the kernel drops the lock with the process, so a restart works.
    await first.kill('SIGKILL');
    await first.restart();
    expect(await health(first.url)).toBe(200);
    await expect(startServer({ env: { DATA_DIR: first.dataDir } })).rejects.toThrow(/Another Jornada server \(pid \d+\) is using DATA_DIR/);
  });
});

describe('database files 0600', () => {
  it('creates jornada.db, -wal, -shm and the lock file 0600, and makes an old 0644 database 0600', async () => {
    const server = await started();
    const file = path.join(server.dataDir, 'jornada.db');
    // A few writes (the health check's probe, a sign-up).
    const signUp = await fetch(`${server.url}/api/sign-up`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', origin: server.url },
      body: JSON.stringify({ company: 'Modos SL', full_name: 'Ana Ruiz', email: 'ana@modos.es', password: 'Ana#2026xy' }),
    });
    expect(signUp.status).toBe(201);
    await health(server.url);
    for (const name of ['jornada.db', 'jornada.db-wal', 'jornada.db-shm', 'jornada.lock']) {
      expect(mode(path.join(server.dataDir, name)), name).toBe(0o600);
    }
    // An install from before: the database and its WAL are 0644.
    expect(await server.kill('SIGKILL')).toBe(null);
    chmodSync(file, 0o644);
    chmodSync(`${file}-wal`, 0o644);
    chmodSync(`${file}-shm`, 0o644);
    await server.restart();
    await health(server.url);
    for (const name of ['jornada.db', 'jornada.db-wal', 'jornada.db-shm']) {
      expect(mode(path.join(server.dataDir, name)), name).toBe(0o600);
    }
  });
});

describe('honest health', () => {
  // The periodic check reads the database from a second connection inside the server. With a
  // second copy of SQLite in the process (node:sqlite) that connection dropped the server's POSIX
  // locks, and a connection of another process closing then checkpointed and deleted the WAL
  // under the server: later writes were lost to everyone else.
  it('keeps every write visible to other processes while quick_check runs again and again', async () => {
    const server = await started({ env: { JORNADA_QUICK_CHECK_MS: '50' } });
    const file = path.join(server.dataDir, 'jornada.db');
    const departments = () => {
      const other = new Database(file);
      try {
        return (other.prepare('select count(*) as n from departments').get() as { n: number }).n;
      } finally {
        other.close(); // the closing connection would checkpoint and delete the WAL if it thought itself the last
      }
    };
    const admin = new Client(server.url);
    expect((await admin.post('/api/sign-up', { company: 'Visible SL', full_name: 'Eva Gil', email: 'eva@visible.es', password: 'Eva#2026xyz' })).status).toBe(201);
    expect((await admin.signIn('eva@visible.es', 'Eva#2026xyz')).status).toBe(200);
    const company = (await (await admin.get('/api/companies')).json()).data[0]._id as number;
    const before = departments();
    // Writes and outside reads for 1.5 s, with a quick_check every 50 ms in between.
    let made = 0;
    const end = performance.now() + 1_500;
    while (performance.now() < end) {
      await health(server.url);
      expect((await admin.post('/api/departments', { name: `Visible ${made}`, company })).status).toBe(201);
      made++;
      expect(departments()).toBe(before + made);
    }
    expect(made).toBeGreaterThan(5);
  });

  it('turns 503 after a data page of jornada.db is overwritten behind the server', async () => {
    // The periodic quick_check runs every 30 s; the test suite shortens it.
    const server = await started({ args: ['--demo'], env: { JORNADA_QUICK_CHECK_MS: '200' } });
    // Restart after a clean stop: the WAL is checkpointed into jornada.db, so the employees'
    // pages live in the file itself (a page still in the WAL would hide the damage).
    expect(await server.kill('SIGTERM')).toBe(0);
    await server.restart();
    expect(await health(server.url)).toBe(200);

    const file = path.join(server.dataDir, 'jornada.db');
    const reader = new Database(file, { readonly: true });
    const pageSize = reader.pragma('page_size', { simple: true }) as number;
    const { rootpage } = reader.prepare("select rootpage from sqlite_schema where name = 'employees'").get() as { rootpage: number };
    reader.close();
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, (rootpage - 1) * pageSize);
    closeSync(fd);

    await waitFor('health to answer 503', async () => (await health(server.url)) === 503, 20_000);
    const answer = await fetch(`${server.url}/api/health`);
    expect(await answer.json()).toEqual({ status: 'error' });
    await waitFor('the log line', () => /"msg":"health check failed: quick_check (found damage|could not read)/.test(server.logs()), 5_000);
  });
});

/** Root in a sandbox that allows mounts: a small tmpfs makes a real full disk. */
function mountTmpfs(dir: string, sizeMb: number): boolean {
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeMb}m,mode=700`, 'tmpfs', dir], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

const diskDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-disk-'));
const canMount = mountTmpfs(diskDir, 48);
afterAll(() => {
  if (canMount) execFileSync('umount', ['-l', diskDir], { stdio: 'ignore' });
  rmSync(diskDir, { recursive: true, force: true });
});

describe('honest health on a full disk', () => {
  it.skipIf(!canMount)('turns 503 when the disk of DATA_DIR fills up, and 200 once there is room again', async () => {
    const dataDir = path.join(diskDir, 'data');
    mkdirSync(dataDir);
    const server = await started({ env: { DATA_DIR: dataDir } });
    expect(await health(server.url)).toBe(200);
    // Fill the file system to the last byte.
    const filler = path.join(diskDir, 'filler');
    const fd = openSync(filler, 'w');
    const chunk = Buffer.alloc(1024 * 1024, 1);
    try {
      for (;;) writeSync(fd, chunk);
    } catch (error) {
      expect((error as NodeJS.ErrnoException).code).toBe('ENOSPC');
    } finally {
      closeSync(fd);
    }
    await waitFor('health to answer 503 on a full disk', async () => (await health(server.url)) === 503, 10_000);
    // The cause is in the log (written within 250 ms), never in the answer.
    await waitFor('the log line', () => /"msg":"health check failed: the disk of the database is \(nearly\) full"/.test(server.logs()), 5_000);
    expect(await (await fetch(`${server.url}/api/health`)).json()).toEqual({ status: 'error' });
    rmSync(filler);
    await waitFor('health to recover', async () => (await health(server.url)) === 200, 10_000);
  });
});

import { spawn, type ChildProcess } from 'node:child_process';
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { createTestDatabase, dropTestDatabase, registerTestDatabase } from './test-database.ts';

export const ROOT = path.resolve(import.meta.dirname, '..', '..');

export interface TestServer {
  url: string;
  dataDir: string;
  /** The PostgreSQL database of this server when the suite runs on PostgreSQL (JORNADA_TEST_POSTGRES). */
  databaseUrl?: string;
  logs: () => string;
  stop: () => Promise<void>;
  /** Sends a signal to the server process and resolves with its exit code once it has exited. */
  kill: (signal?: NodeJS.Signals) => Promise<number | null>;
  /** Starts the server again on the same DATA_DIR and port (after `kill`), and waits until it answers. */
  restart: () => Promise<void>;
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as net.AddressInfo;
      server.close(() => resolve(port));
    });
  });
}

/**
 * Starts the built server (`scripts/start.mjs --no-build`, run by `npm test` after building) on a
 * free port with a fresh temporary DATA_DIR, and waits until it answers /api/health.
 * `sameInstanceAs`: a second app server of that server's installation (PostgreSQL): its database
 * and a copy of its config.json (session password, PIN pepper); stopping it keeps the database.
 */
export async function startServer(options: { env?: Record<string, string>; args?: string[]; sameInstanceAs?: TestServer } = {}): Promise<TestServer> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-test-'));
  if (options.sameInstanceAs) {
    if (!options.sameInstanceAs.databaseUrl) throw new Error('sameInstanceAs needs a server on PostgreSQL');
    copyFileSync(path.join(options.sameInstanceAs.dataDir, 'config.json'), path.join(dataDir, 'config.json'));
    options = { ...options, env: { ...options.env, DATABASE_URL: options.sameInstanceAs.databaseUrl } };
  }
  const databaseUrl = options.env?.DATABASE_URL ?? (await createTestDatabase());
  if (databaseUrl) registerTestDatabase(dataDir, databaseUrl);
  // The demo bakery is in Madrid with its holidays (issue 37.14). The suite's demo servers keep the
  // place their fixed clocks and dates were written for (UTC+0 in winter, no public holidays);
  // a test of the demo's own place passes JORNADA_COUNTRY / JORNADA_TIMEZONE as '' (the demo's).
  const demoPlace = options.args?.includes('--demo') ? { JORNADA_COUNTRY: 'UK', JORNADA_TIMEZONE: 'Europe/Lisbon' } : {};
  const env = { ...demoPlace, ...options.env, ...(databaseUrl ? { DATABASE_URL: databaseUrl } : {}) };
  const port = await freePort();
  let output = '';
  const url = `http://127.0.0.1:${port}`;
  let child!: ChildProcess;
  const launch = async () => {
    child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', ...(options.args ?? [])], {
      cwd: ROOT,
      env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout!.on('data', (d) => (output += d));
    child.stderr!.on('data', (d) => (output += d));
    await waitUntilHealthy(child, url, () => output);
  };
  await launch();
  return {
    url,
    dataDir,
    databaseUrl,
    logs: () => output,
    stop: async () => {
      if (child.exitCode === null && child.signalCode === null) {
        const exited = new Promise((r) => child.once('exit', r));
        child.kill('SIGTERM');
        await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
        if (child.exitCode === null) child.kill('SIGKILL');
      }
      rmSync(dataDir, { recursive: true, force: true });
      if (databaseUrl && !options.env?.DATABASE_URL) await dropTestDatabase(databaseUrl);
    },
    kill: (signal = 'SIGTERM') => {
      if (child.exitCode !== null || child.signalCode !== null) return Promise.resolve(child.exitCode);
      const exited = new Promise<number | null>((r) => child.once('exit', (code) => r(code)));
      child.kill(signal);
      return exited;
    },
    restart: launch,
  };
}

async function waitUntilHealthy(child: ChildProcess, url: string, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      const res = await fetch(`${url}/api/health`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
}

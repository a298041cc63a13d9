// Shared by the benchmarks: the built server on a free port, and a signed-in session.
import { spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

export async function freePort() {
  return new Promise((resolve, reject) => {
    const s = net.createServer();
    s.unref();
    s.on('error', reject);
    s.listen(0, '127.0.0.1', () => {
      const { port } = s.address();
      s.close(() => resolve(port));
    });
  });
}

/** Starts the built server with the demo data on a free port and a fresh DATA_DIR. */
export async function startServer(label = 'bench') {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), `jornada-${label}-`));
  const port = await freePort();
  let output = '';
  const child = spawn(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', '--demo'], {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (d) => (output += d));
  child.stderr.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  const stop = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
    rmSync(dataDir, { recursive: true, force: true });
  };
  // dataDir and pid let a bench add rows straight into the database and read the server's memory.
  return { url, stop, logs: () => output, dataDir, pid: child.pid };
}

/** Signs in as the demo administrator; returns headers carrying the session cookie. */
export async function demoHeaders(url) {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email: 'admin@demo.jornada', password: 'Demo#2026' }),
  });
  const token = /token=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1];
  if (!token) throw new Error(`sign-in failed (${login.status})`);
  return { 'content-type': 'application/json', 'accept-language': 'en', cookie: `token=${token}` };
}

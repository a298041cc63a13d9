// Shared by the benchmarks: the built server on a free port, and a signed-in session.
import { spawn } from 'node:child_process';
import { closeSync, mkdtempSync, openSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { freePort } from '../../scripts/free-port.mjs';

export { freePort };

export const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..', '..');

/** Resident memory of a process in MB (Linux: VmRSS of /proc/<pid>/status). */
export function rssMb(pid) {
  const m = /VmRSS:\s+(\d+) kB/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
  return m ? Number(m[1]) / 1024 : NaN;
}

/**
 * Starts the built server on a free port with a fresh DATA_DIR (with the demo data unless
 * `demo: false`); `env` adds variables, `command` replaces `node scripts/start.mjs --no-build`
 * (e.g. the single binary); `dataDir` starts it on an existing DATA_DIR. Resolves once /api/health
 * answers; `startupMs` is the time from the spawn until then. `halt()` stops it and keeps DATA_DIR.
 */
export async function startServer(label = 'bench', { demo = true, env = {}, command, pollMs = 100, dataDir: reuse } = {}) {
  const dataDir = reuse ?? mkdtempSync(path.join(os.tmpdir(), `jornada-${label}-`));
  const port = await freePort();
  // The server's output goes to a file, not a pipe: a logger writing synchronously to a pipe
  // stalls the whole server whenever the reader falls behind, which would be measured as the app.
  const logFile = `${dataDir}.log`;
  const logFd = openSync(logFile, 'w');
  const output = () => readFileSync(logFile, 'utf8');
  const [file, ...args] = command ?? [process.execPath, path.join(ROOT, 'scripts', 'start.mjs'), '--no-build'];
  const spawned = performance.now();
  const child = spawn(file, demo ? [...args, '--demo'] : args, {
    cwd: ROOT,
    env: { ...process.env, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...env },
    stdio: ['ignore', logFd, logFd],
  });
  closeSync(logFd);
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`server exited (${child.exitCode}):\n${output()}`);
    try {
      if ((await fetch(`${url}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`server did not start:\n${output()}`);
    }
    await new Promise((r) => setTimeout(r, pollMs));
  }
  const startupMs = performance.now() - spawned;
  const halt = async () => {
    if (child.exitCode === null) {
      const exited = new Promise((r) => child.once('exit', r));
      child.kill('SIGTERM');
      await Promise.race([exited, new Promise((r) => setTimeout(r, 5000))]);
      if (child.exitCode === null) child.kill('SIGKILL');
    }
  };
  const stop = async () => {
    await halt();
    rmSync(dataDir, { recursive: true, force: true });
    rmSync(logFile, { force: true });
  };
  // dataDir and pid let a bench add rows straight into the database and read the server's memory.
  return { url, stop, halt, logs: output, dataDir, pid: child.pid, startupMs };
}

/** Signs in (by default as the demo administrator); returns headers carrying the session cookie. */
export async function demoHeaders(url, email = 'admin@demo.jornada', password = 'Demo#2026') {
  const login = await fetch(`${url}/api/user/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  const token = /token=([^;]+)/.exec(login.headers.getSetCookie().join(';'))?.[1];
  if (!token) throw new Error(`sign-in failed (${login.status})`);
  return { 'content-type': 'application/json', 'accept-language': 'en', cookie: `token=${token}` };
}

import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { Worker } from 'node:worker_threads';
import { packagePath } from '../../binary/native-addons.ts';
import { openDatabaseFile } from './database-file.ts';

/**
 * `PRAGMA quick_check` of a database file, off the main thread where possible (decision 040). On
 * the bench database (a year for 500 employees, 42 MB) it takes 80–160 ms here, several times that
 * on a Raspberry Pi; on the main thread every request waits meanwhile.
 *
 * The worker uses better-sqlite3 — the SAME SQLite library as the server's connection — on a
 * read-only connection of its own (WAL: one consistent snapshot while the server writes). Not
 * Node's built-in `node:sqlite`: that is a second copy of SQLite in the process, and POSIX locks
 * belong to the process, so its connection closing (or ending a read) drops the server
 * connection's locks; another process then believes it is the last user, checkpoints and deletes
 * the WAL under the running server — committed writes vanished in a test (SQLite's "How To
 * Corrupt", 2.2.1). Two connections of one library share their lock bookkeeping and are safe.
 *
 * In the single binary the worker loads better-sqlite3 from the unpacked addon cache
 * (`<cache>/node_modules/better-sqlite3/lib/linux-<arch>.js`, which loads the very addon file the
 * executable loaded) when the build put its JavaScript there; otherwise the check runs on the main
 * thread (same read-only connection, same result, a stall of its duration every 30 s).
 */
const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const Database = require(workerData.betterSqlite3);
parentPort.on('message', (file) => {
  let db;
  try {
    db = new Database(file, { readonly: true, fileMustExist: true, timeout: 5000 });
    const rows = db.pragma('quick_check(10)');
    parentPort.postMessage({ problems: rows.map((r) => String(r.quick_check)).filter((t) => t !== 'ok') });
  } catch (error) {
    parentPort.postMessage({ error: String((error && error.message) || error) });
  } finally {
    try { if (db) db.close(); } catch {}
  }
});
`;

interface Answer {
  problems?: string[];
  error?: string;
}

/** What quick_check finds wrong, on a read-only connection of this thread. */
function quickCheckHere(file: string): string[] {
  const db = openDatabaseFile(file, { readonly: true, busyTimeoutMs: 5000 });
  try {
    return (db.pragma('quick_check(10)') as { quick_check: string }[]).map((r) => r.quick_check).filter((t) => t !== 'ok');
  } finally {
    db.close();
  }
}

/**
 * The file of the better-sqlite3 module the worker loads: the one this code loads (the same addon
 * file, hence the same SQLite library), or undefined when there is none to load. In the single
 * binary the bundled package is no file; a lookup from there could find another copy of SQLite on
 * disk, which is exactly what must not happen, so only the unpacked cache is considered.
 */
function betterSqlite3Module(): string | undefined {
  if (process.getBuiltinModule('node:sea')?.isSea()) {
    const file = packagePath('better-sqlite3', `lib/${process.platform}-${process.arch}.js`);
    return existsSync(file) ? file : undefined;
  }
  try {
    return createRequire(import.meta.url).resolve('better-sqlite3');
  } catch {
    return undefined;
  }
}

let worker: Worker | undefined;

function quickCheckWorker(module: string): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true, name: 'jornada-quick-check', workerData: { betterSqlite3: module } });
  started.unref(); // never keeps the process alive
  started.once('exit', () => {
    if (worker === started) worker = undefined;
  });
  worker = started;
  return started;
}

function quickCheckInWorker(w: Worker, file: string): Promise<string[]> {
  return new Promise((resolve, reject) => {
    const onMessage = (answer: Answer) => {
      cleanup();
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer.problems ?? []);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(new WorkerFailed(error.message));
    };
    const onExit = () => {
      cleanup();
      reject(new WorkerFailed('the quick_check worker stopped'));
    };
    const cleanup = () => {
      w.off('message', onMessage);
      w.off('error', onError);
      w.off('exit', onExit);
    };
    w.on('message', onMessage);
    w.once('error', onError);
    w.once('exit', onExit);
    w.postMessage(file);
  });
}

/** Where the last check ran (tests, the decision's measurements). */
export let lastQuickCheckThread: 'worker' | 'main' | undefined;

/**
 * Why the worker could not be used (it failed to start or load better-sqlite3), once it has
 * failed: from then on checks run on the main thread. A problem of the worker is never reported
 * as a problem of the database.
 */
export let quickCheckWorkerFailure: string | undefined;

class WorkerFailed extends Error {}

/**
 * What `PRAGMA quick_check` finds wrong in `file` (empty = ok). Rejects when the file cannot be
 * opened or read — itself a sign of damage (SQLITE_CORRUPT, SQLITE_NOTADB, an I/O error). One
 * check at a time: callers wait for the previous answer.
 */
export async function quickCheckFile(file: string, options: { betterSqlite3?: string } = {}): Promise<string[]> {
  // options.betterSqlite3: the module the worker loads (tests give a broken one).
  const module = quickCheckWorkerFailure === undefined ? (options.betterSqlite3 ?? betterSqlite3Module()) : undefined;
  if (module !== undefined) {
    try {
      lastQuickCheckThread = 'worker';
      const problems = await quickCheckInWorker(quickCheckWorker(module), file);
      // A thread per check: an idle worker would keep its V8 heap (~10 MB) resident between checks
      // (the idle-memory budget); starting one every 30 s costs a few milliseconds off the main thread.
      await stopQuickCheckWorker();
      return problems;
    } catch (error) {
      if (!(error instanceof WorkerFailed)) throw error;
      quickCheckWorkerFailure = error.message;
      await stopQuickCheckWorker();
    }
  }
  lastQuickCheckThread = 'main';
  return quickCheckHere(file);
}

/** Stops the worker (shutdown, tests); the next check starts a new one. */
export async function stopQuickCheckWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}

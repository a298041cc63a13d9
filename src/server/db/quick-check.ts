import { Worker } from 'node:worker_threads';

/**
 * `PRAGMA quick_check` of a database file, run off the main thread. On the bench database (a year
 * for 500 employees, 42 MB) it takes 80–160 ms here and far longer on a Raspberry Pi; on
 * better-sqlite3's connection it would stall every request meanwhile (decision 040). The worker
 * uses Node's built-in `node:sqlite` (nothing to load from disk, so it works in the single
 * binary too) on a read-only connection of its own: in WAL mode it reads one consistent snapshot
 * while the server goes on writing. The worker's source is inline (`eval`), as the server is
 * bundled into one file.
 */
const WORKER_SOURCE = `
const { parentPort } = process.getBuiltinModule('node:worker_threads');
const { DatabaseSync } = process.getBuiltinModule('node:sqlite');
parentPort.on('message', (file) => {
  let db;
  try {
    db = new DatabaseSync(file, { readOnly: true });
    db.exec('pragma busy_timeout = 5000');
    const rows = db.prepare('pragma quick_check(10)').all();
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

let worker: Worker | undefined;

function quickCheckWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, { eval: true, name: 'jornada-quick-check' });
  started.unref(); // never keeps the process alive
  started.once('exit', () => {
    if (worker === started) worker = undefined;
  });
  worker = started;
  return started;
}

/**
 * What `PRAGMA quick_check` finds wrong in `file` (empty = ok). Rejects when the file cannot be
 * opened or read — itself a sign of damage (SQLITE_CORRUPT, SQLITE_NOTADB, an I/O error). One
 * check at a time: callers wait for the previous answer.
 */
export function quickCheckFile(file: string): Promise<string[]> {
  const w = quickCheckWorker();
  return new Promise((resolve, reject) => {
    const onMessage = (answer: Answer) => {
      cleanup();
      if (answer.error !== undefined) reject(new Error(answer.error));
      else resolve(answer.problems ?? []);
    };
    const onError = (error: Error) => {
      cleanup();
      reject(error);
    };
    const onExit = () => {
      cleanup();
      reject(new Error('the quick_check worker stopped'));
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

/** Stops the worker (shutdown, tests); the next check starts a new one. */
export async function stopQuickCheckWorker(): Promise<void> {
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}

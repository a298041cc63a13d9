import { statfs } from 'node:fs/promises';
import path from 'node:path';
import { nowIso } from '../clock/now.ts';
import { databaseFile, getDb } from '../db/connection.ts';
import { lastQuickCheckThread, quickCheckFile, quickCheckWorkerFailure, stopQuickCheckWorker } from '../db/quick-check.ts';
import { writeHealthProbe } from '../db/repositories/health-probe.ts';
import { log } from '../log.ts';
import { configuredEngine } from '../db/engine.ts';
import { onShutdown } from '../shutdown-hooks.ts';

/**
 * Honest health (decision 040). The database is healthy when
 * - it takes a write: one row of `health_probe` rewritten in its own transaction. The result is
 *   reused for WRITE_CHECK_REUSE_MS, so a monitor (or a flood of requests) costs at most one
 *   commit and fsync every 2 s;
 * - its file system has at least MIN_FREE_BYTES free: rewriting one row usually fits in the WAL
 *   that is already there, so the write alone would pass on a full disk that refuses the next
 *   punch;
 * - the latest periodic `PRAGMA quick_check` (every 30 s, off the main thread) found nothing wrong:
 *   a damaged data page that no request happens to read is found within a minute.
 * The cause of a failure goes to the log, once per check, never to the client.
 */
export const WRITE_CHECK_REUSE_MS = 2_000;
export const MIN_FREE_BYTES = 16 * 1024 * 1024;
export const QUICK_CHECK_INTERVAL_MS = 30_000;

export interface HealthSources {
  /** Proves the database takes a write; throws when it does not. */
  writeProbe(): Promise<void>;
  /** Bytes an unprivileged writer may still use on the database's file system. */
  freeBytes(): Promise<number>;
  /** What quick_check finds wrong (empty = ok); rejects when it cannot run on the file. */
  quickCheck(): Promise<string[]>;
}

export interface HealthOptions {
  reuseMs?: number;
  minFreeBytes?: number;
  quickCheckIntervalMs?: number;
}

export interface DatabaseHealth {
  /** True when the database is healthy (see above). Starts the periodic quick_check on first use. */
  healthy(): Promise<boolean>;
  /** Runs a quick_check now and keeps its result (also what the timer does). */
  runQuickCheck(): Promise<void>;
  stop(): void;
}

/** The health state over its sources; `performance.now()` times the reuse (a duration, not the time). */
export function createDatabaseHealth(sources: HealthSources, options: HealthOptions = {}): DatabaseHealth {
  const reuseMs = options.reuseMs ?? WRITE_CHECK_REUSE_MS;
  const minFreeBytes = options.minFreeBytes ?? MIN_FREE_BYTES;
  const intervalMs = options.quickCheckIntervalMs ?? QUICK_CHECK_INTERVAL_MS;

  let write: { at: number; result: Promise<boolean> } | undefined;
  /** undefined until the first quick_check has answered. */
  let quickOk: boolean | undefined;
  let timer: NodeJS.Timeout | undefined;
  let started = false;
  let stopped = false;

  async function checkWrite(): Promise<boolean> {
    try {
      const free = await sources.freeBytes();
      if (free < minFreeBytes) {
        log.error({ freeBytes: free, minFreeBytes }, 'health check failed: the disk of the database is (nearly) full');
        return false;
      }
      await sources.writeProbe();
      return true;
    } catch (error) {
      log.error({ err: error }, 'health check failed: the database does not take a write');
      return false;
    }
  }

  async function runQuickCheck(): Promise<void> {
    try {
      const problems = await sources.quickCheck();
      if (problems.length > 0) log.error({ problems }, 'health check failed: quick_check found damage in the database');
      else if (quickOk === false) log.info('quick_check finds the database sound again');
      quickOk = problems.length === 0;
    } catch (error) {
      log.error({ err: error }, 'health check failed: quick_check could not read the database');
      quickOk = false;
    }
  }

  function schedule(): void {
    if (stopped) return;
    timer = setTimeout(() => void runQuickCheck().finally(schedule), intervalMs);
    timer.unref();
  }

  return {
    async healthy() {
      if (!started) {
        started = true;
        void runQuickCheck().finally(schedule);
      }
      const now = performance.now();
      if (!write || now - write.at >= reuseMs) write = { at: now, result: checkWrite() };
      const writeOk = await write.result;
      return writeOk && quickOk !== false;
    },
    runQuickCheck,
    stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
    },
  };
}

/** The quick_check interval: 30 s; the test suite (JORNADA_TEST=1) may shorten it with JORNADA_QUICK_CHECK_MS. */
function quickCheckIntervalMs(): number {
  const fromTest = process.env['JORNADA_TEST'] === '1' ? Number(process.env['JORNADA_QUICK_CHECK_MS']) : Number.NaN;
  return Number.isFinite(fromTest) && fromTest > 0 ? fromTest : QUICK_CHECK_INTERVAL_MS;
}

let serverHealth: DatabaseHealth | undefined;

/** The server's database health (`GET /api/health`), over the process-wide connection. */
export function serverDatabaseHealth(): DatabaseHealth {
  if (serverHealth) return serverHealth;
  const file = databaseFile();
  const health = createDatabaseHealth(
    {
      writeProbe: async () => writeHealthProbe(await getDb(), nowIso()),
      freeBytes: async () => {
        const s = await statfs(path.dirname(file));
        return s.bavail * s.bsize;
      },
      quickCheck: async () => {
        // PostgreSQL checks its own pages (data checksums, pg_amcheck): the file check is SQLite's.
        if (configuredEngine() === 'postgres') return [];
        const started = performance.now();
        const failedBefore = quickCheckWorkerFailure;
        try {
          return await quickCheckFile(file);
        } finally {
          if (quickCheckWorkerFailure !== failedBefore) {
            log.warn({ reason: quickCheckWorkerFailure }, 'quick_check worker failed: checks run on the main thread from now on');
          }
          log.debug({ ms: Math.round(performance.now() - started), thread: lastQuickCheckThread }, 'quick_check done');
        }
      },
    },
    { quickCheckIntervalMs: quickCheckIntervalMs() },
  );
  onShutdown(async () => {
    health.stop();
    await stopQuickCheckWorker();
  });
  serverHealth = health;
  return health;
}

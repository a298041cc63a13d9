import { createHash } from 'node:crypto';
import pg from 'pg';
import { log } from '../log.ts';
import { onShutdown } from '../shutdown-hooks.ts';
import { postgresUrl } from './engine.ts';

/**
 * Work that must run on ONE app server at a time (decision 060): the outbox sender, the minute
 * jobs, the backup schedule. `runAsLeader(name, start, stop)` calls `start` once this process
 * leads `name` and `stop` if it loses the lead.
 * - SQLite: the data-directory lock already makes this process the only one: it leads at once.
 * - PostgreSQL: the lead is a session advisory lock (`pg_try_advisory_lock`) held on a dedicated
 *   connection, outside the pool. A server that does not get it tries again every
 *   LEADER_RETRY_MS; when the leader stops or dies (SIGKILL included), PostgreSQL ends its session
 *   and releases the lock, and the next try of another server takes over. A leader whose
 *   connection breaks stops the work and tries again like the others.
 * Resolves once the first attempt is decided (started, or another server leads).
 */
const LEADER_LOCK_NAMESPACE = 0x4a524c44; // "JRLD"; the write lock (postgres-kysely.ts) uses the one-key form

function retryMs(): number {
  const fromTest = process.env['JORNADA_TEST'] === '1' ? Number(process.env['JORNADA_LEADER_RETRY_MS']) : Number.NaN;
  return Number.isFinite(fromTest) && fromTest >= 50 ? fromTest : 5_000;
}

/** The lock's second key: a stable 32-bit number for the name. */
const keyOf = (name: string) => createHash('sha256').update(name).digest().readInt32BE(0);

export type Work = () => void | Promise<void>;

const leading = new Set<string>();

/** Whether this process leads `name` now (status, tests). */
export const isLeader = (name: string): boolean => leading.has(name);

export async function runAsLeader(name: string, start: Work, stop?: Work): Promise<void> {
  const url = postgresUrl();
  if (!url) {
    leading.add(name);
    await start();
    return;
  }
  let client: pg.Client | undefined;
  let timer: NodeJS.Timeout | undefined;
  let closed = false;

  const lose = async (reason: string) => {
    if (!leading.delete(name)) return;
    log.warn({ job: name, reason }, 'Lost the lead of a job; trying again');
    try {
      await stop?.();
    } finally {
      schedule();
    }
  };
  const schedule = () => {
    if (closed) return;
    timer = setTimeout(() => void attempt(), retryMs());
    timer.unref();
  };
  const attempt = async (): Promise<void> => {
    if (closed) return;
    const candidate = new pg.Client({ connectionString: url });
    candidate.on('error', (error) => void lose(error.message));
    try {
      await candidate.connect();
      const { rows } = await candidate.query<{ ok: boolean }>('select pg_try_advisory_lock($1, $2) as ok', [LEADER_LOCK_NAMESPACE, keyOf(name)]);
      if (!rows[0]?.ok || closed) {
        await candidate.end().catch(() => undefined);
        schedule();
        return;
      }
    } catch (error) {
      await candidate.end().catch(() => undefined);
      log.warn({ job: name, reason: error instanceof Error ? error.message : String(error) }, 'Could not ask for the lead of a job');
      schedule();
      return;
    }
    client = candidate;
    candidate.on('end', () => void lose('connection closed'));
    leading.add(name);
    log.info({ job: name }, 'This server leads a job');
    try {
      await start();
    } catch (error) {
      log.error({ job: name, reason: error instanceof Error ? error.message : String(error) }, 'A led job failed to start');
    }
  };

  onShutdown(async () => {
    closed = true;
    if (timer) clearTimeout(timer);
    if (leading.delete(name)) await stop?.();
    // Ending the session releases the lock at once: another server takes over at its next try.
    await client?.end().catch(() => undefined);
  });
  await attempt();
}

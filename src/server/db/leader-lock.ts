import pg from 'pg';
import { postgresUrl } from './engine.ts';
import { log } from '../log.ts';

/**
 * "Only one app server runs this" on PostgreSQL (decision 059): a session-level advisory lock
 * `pg_try_advisory_lock` held on a connection of its own for as long as this process lives. The
 * first server to ask becomes the leader and stays it; when its process dies, PostgreSQL ends the
 * session and drops the lock, and the next server to ask takes over. Without PostgreSQL there is
 * one server per database and it always leads.
 */
const KEYS: Record<string, number> = { backups: 0x4a524e01 };

const held = new Map<string, pg.Client>();

export async function isLeader(name: keyof typeof KEYS & string): Promise<boolean> {
  const url = postgresUrl();
  if (!url) return true;
  if (held.has(name)) return true;
  const client = new pg.Client({ connectionString: url });
  try {
    await client.connect();
    const { rows } = await client.query<{ ok: boolean }>('select pg_try_advisory_lock($1) as ok', [KEYS[name]]);
    if (!rows[0]?.ok) {
      await client.end();
      return false;
    }
  } catch (error) {
    await client.end().catch(() => {});
    log.warn({ job: name, reason: (error as Error).message }, 'Could not ask PostgreSQL for the leader lock');
    return false;
  }
  // A lost connection loses the lock: ask again at the next check.
  client.on('error', () => held.delete(name));
  client.on('end', () => held.delete(name));
  held.set(name, client);
  log.info({ job: name }, 'This server runs the job for every app server (leader)');
  return true;
}

/** Lets every lock go (graceful shutdown: another server takes over at once). */
export async function releaseLeadership(): Promise<void> {
  const clients = [...held.values()];
  held.clear();
  await Promise.all(clients.map((c) => c.end().catch(() => {})));
}

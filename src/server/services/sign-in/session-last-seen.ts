import type { Db } from '../../db/connection.ts';
import { touchSessionLastSeen } from '../../db/repositories/sessions.ts';
import { log } from '../../log.ts';
import { sessionNow } from './start-session.ts';

/** A session's last request is written at most this often (decision 093). */
export const LAST_SEEN_EVERY_MS = 60_000;

/** True when the stored last-seen time (ISO or null) is old enough to be written again at `nowMs`. */
export function lastSeenDue(lastSeenAt: string | null, nowMs: number): boolean {
  return lastSeenAt === null || nowMs - Date.parse(lastSeenAt) > LAST_SEEN_EVERY_MS;
}

/**
 * Called by the request path with the last-seen time it already read with the session: nothing
 * when it is fresh; else one conditional UPDATE (null or older than a minute), so racing requests
 * write once. Best effort: a failure (a full disk, a busy database) is logged, never fails the request.
 */
export async function noteSessionSeen(db: Db, sessionId: string, lastSeenAt: string | null): Promise<void> {
  const now = sessionNow();
  if (!lastSeenDue(lastSeenAt, now)) return;
  try {
    await touchSessionLastSeen(db, sessionId, new Date(now).toISOString(), new Date(now - LAST_SEEN_EVERY_MS).toISOString());
  } catch (error) {
    log.warn({ err: error }, 'session last-seen time not written');
  }
}

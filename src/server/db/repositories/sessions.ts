import type { Insertable, Kysely } from 'kysely';
import type { Database, SessionTable } from '../schema.ts';
import { USER_WITH_ROLE_COLUMNS } from './users.ts';

type Executor = Kysely<Database>;

/** A new session row. */
export type NewSession = Insertable<SessionTable>;

export async function insertSession(db: Executor, session: NewSession): Promise<void> {
  await db.insertInto('sessions').values(session).execute();
}

/**
 * The per-request lookup: the session by its primary key, with its user and role, when it has not
 * expired at `now` (ISO), and its last-seen time. The caller checks the user's status and session version.
 */
export async function findSessionWithUser(db: Executor, id: string, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['sessions.sessionVersion as sessionSv', 'sessions.lastSeenAt as sessionLastSeenAt', ...USER_WITH_ROLE_COLUMNS])
    .where('sessions.id', '=', id)
    .where('sessions.expiresAt', '>', now)
    .executeTakeFirst();
}

/** Ends one session; returns the user it belonged to (undefined when there was none). */
export async function deleteSession(db: Executor, id: string): Promise<number | undefined> {
  const row = await db.deleteFrom('sessions').where('id', '=', id).returning('userId').executeTakeFirst();
  return row?.userId;
}

/** Ends every session of a user, except `keep` when given; returns how many ended. */
export async function deleteUserSessions(db: Executor, userId: number, keep?: string): Promise<number> {
  let query = db.deleteFrom('sessions').where('userId', '=', userId);
  if (keep !== undefined) query = query.where('id', '!=', keep);
  const result = await query.executeTakeFirst();
  return Number(result.numDeletedRows);
}

/** Removes sessions expired at `now` (ISO); indexed on expires_at. */
export async function pruneExpiredSessions(db: Executor, now: string): Promise<void> {
  await db.deleteFrom('sessions').where('expiresAt', '<=', now).execute();
}

/**
 * Writes the session's last request time when it is null or older than `staleBefore` (ISO): one
 * conditional UPDATE, so concurrent requests of the same minute write once between them.
 */
export async function touchSessionLastSeen(db: Executor, id: string, at: string, staleBefore: string): Promise<void> {
  await db
    .updateTable('sessions')
    .set({ lastSeenAt: at })
    .where('id', '=', id)
    .where((eb) => eb.or([eb('lastSeenAt', 'is', null), eb('lastSeenAt', '<', staleBefore)]))
    .execute();
}

/** The user's live sessions at `now` (ISO): not expired and under the user's current session version; newest first. */
export async function findLiveUserSessions(db: Executor, userId: number, now: string) {
  return db
    .selectFrom('sessions')
    .innerJoin('users', 'users.id', 'sessions.userId')
    .select(['sessions.id', 'sessions.createdAt', 'sessions.lastSeenAt', 'sessions.userAgent', 'sessions.address', 'sessions.method'])
    .where('sessions.userId', '=', userId)
    .where('sessions.expiresAt', '>', now)
    .whereRef('sessions.sessionVersion', '=', 'users.sessionVersion')
    .orderBy('sessions.createdAt', 'desc')
    .orderBy('sessions.id')
    .execute();
}

import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { insertAuthChallenge, readAuthChallenge, takeAuthChallenge, updateAuthChallengeData } from '../../db/repositories/auth-challenges.ts';
import { sessionNow } from './start-session.ts';

/**
 * Server-side state of a sign-in ceremony (migration 0053): the browser holds a random 256-bit id,
 * the database its SHA-256 with the kind, the user (when known), JSON data and an expiry. On the
 * real clock, like sessions. Several servers share it; `take` uses it once.
 */
export type ChallengeKind = 'second-factor' | 'totp-setup' | 'passkey-register' | 'passkey-sign-in' | 'oidc';

export interface Challenge<T> {
  userId: number | null;
  data: T;
}

const hashOf = (id: string) => createHash('sha256').update(id).digest('hex');
const wellFormed = (id: unknown): id is string => typeof id === 'string' && /^[A-Za-z0-9_-]{43}$/.test(id);

export async function createChallenge<T>(db: Db, kind: ChallengeKind, userId: number | null, data: T, ttlMs: number): Promise<string> {
  const id = randomBytes(32).toString('base64url');
  const now = sessionNow();
  await insertAuthChallenge(db, {
    idHash: hashOf(id),
    kind,
    userId,
    data: JSON.stringify(data),
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + ttlMs).toISOString(),
  });
  return id;
}

/** The live challenge, left in place (a wrong code does not use up the sign-in). */
export async function peekChallenge<T>(db: Db, kind: ChallengeKind, id: unknown): Promise<Challenge<T> | undefined> {
  if (!wellFormed(id)) return undefined;
  const row = await readAuthChallenge(db, hashOf(id), kind, new Date(sessionNow()).toISOString());
  return row ? { userId: row.userId, data: JSON.parse(row.data) as T } : undefined;
}

/** Uses the challenge up: undefined when unknown, expired, of another kind or already taken. */
export async function takeChallenge<T>(db: Db, kind: ChallengeKind, id: unknown): Promise<Challenge<T> | undefined> {
  if (!wellFormed(id)) return undefined;
  const row = await takeAuthChallenge(db, hashOf(id), kind, new Date(sessionNow()).toISOString());
  return row ? { userId: row.userId, data: JSON.parse(row.data) as T } : undefined;
}

export async function replaceChallengeData<T>(db: Db, id: string, data: T): Promise<void> {
  await updateAuthChallengeData(db, hashOf(id), JSON.stringify(data));
}

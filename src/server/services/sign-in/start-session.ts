import { newSessionId, sealSession, SESSION_TTL_SECONDS } from '../../auth/session-token.ts';
import type { Db } from '../../db/connection.ts';
import { insertSession } from '../../db/repositories/sessions.ts';

/** Where a session was started, kept on its row (user agent cut to 255 characters). */
export interface SessionOrigin {
  userAgent: string | null;
  address: string | null;
}

/** How a session was signed in (kept on its row, shown in the sessions list). */
export type SignInMethod = 'password' | 'password+totp' | 'password+recovery' | 'password+passkey' | 'passkey' | 'oidc';

/**
 * Session times are on the real clock, like the sealed token's TTL that iron-session checks, so a
 * faked business clock (tests) cannot expire or revive a session.
 */
export function sessionNow(): number {
  return Date.now();
}

/**
 * Starts a session of the user under their current session version: a row in `sessions` expiring
 * with the token, and the sealed token naming it. Pass the transaction when the version was just
 * bumped in one.
 */
export async function startSession(db: Db, user: { id: number; sessionVersion: number }, origin: SessionOrigin, how: { method?: SignInMethod; deviceId?: number } = {}): Promise<string> {
  const id = newSessionId();
  const now = sessionNow();
  await insertSession(db, {
    id,
    userId: user.id,
    sessionVersion: user.sessionVersion,
    createdAt: new Date(now).toISOString(),
    expiresAt: new Date(now + SESSION_TTL_SECONDS * 1000).toISOString(),
    userAgent: origin.userAgent?.slice(0, 255) ?? null,
    address: origin.address?.slice(0, 64) ?? null,
    lastSeenAt: new Date(now).toISOString(),
    method: how.method ?? 'password',
    deviceId: how.deviceId ?? null,
  });
  return sealSession({ sid: id });
}

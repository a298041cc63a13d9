import { RateLimiter } from '../auth/rate-limiter.ts';
import { verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/connection.ts';
import { pruneExpiredSessions } from '../db/repositories/sessions.ts';
import { findUserWithRole, recordSignIn } from '../db/repositories/users.ts';
import { AppError } from '../http/app-error.ts';
import { toSessionUser, type SessionUser } from './session-user.ts';
import { sessionNow, startSession } from './start-session.ts';

/** Five failures per account, twenty per address, in fifteen minutes lock further attempts. */
const WINDOW_MS = 15 * 60 * 1000;
export const accountLimiter = new RateLimiter(5, WINDOW_MS);
export const addressLimiter = new RateLimiter(20, WINDOW_MS);

export interface SignInResult {
  token: string;
  user: SessionUser;
}

function tooMany(ms: number): AppError {
  return new AppError('errors.tooManySignIns', 429, { minutes: Math.max(1, Math.ceil(ms / 60000)) }, {});
}

/**
 * Checks email and password, starts a server-side session and issues its token. Failures count
 * against both the account and the client address; a locked account or address gets 429 without
 * checking the password. Expired sessions (of anyone) are pruned here, cheaply through their index.
 */
export async function signIn(db: Db, input: { email: string; password: string; address: string; userAgent: string | null }): Promise<SignInResult> {
  const accountKey = input.email.toLowerCase();
  const wait = Math.max(accountLimiter.retryAfterMs(accountKey), addressLimiter.retryAfterMs(input.address));
  if (wait > 0) throw tooMany(wait);

  const row = await findUserWithRole(db, { email: accountKey });
  const ok = await verifyPassword(row?.passwordHash, input.password);
  if (!row || !ok) {
    accountLimiter.fail(accountKey);
    addressLimiter.fail(input.address);
    throw new AppError('errors.invalidCredentials', 401);
  }
  if (row.status !== 'enabled') throw new AppError('errors.userDisabled', 401);

  accountLimiter.reset(accountKey);
  await recordSignIn(db, row.id, new Date().toISOString());
  await pruneExpiredSessions(db, new Date(sessionNow()).toISOString());
  const token = await startSession(db, row, { userAgent: input.userAgent, address: input.address });
  return { token, user: toSessionUser(row) };
}

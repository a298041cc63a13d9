import { isStorageFull } from '../../db/errors.ts';
import { verifyPassword } from '../../auth/passwords.ts';
import { signInGuard, tooManyAttempts } from '../../auth/sign-in-guard.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { pruneExpiredSessions } from '../../db/repositories/sessions.ts';
import { findUserWithRole, recordSignIn } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { log } from '../../log.ts';
import { toSessionUser, type SessionUser } from './session-user.ts';
import { sessionNow, startSession } from './start-session.ts';

export interface SignInResult {
  token: string;
  user: SessionUser;
}

/**
 * Checks email and password, starts a server-side session and issues its token. The attempt takes
 * its place in the sign-in limits (sign-in-guard.ts, decision 022) before the password is verified
 * — 429 with Retry-After when a limit is reached, without verifying — and counts as a failure only
 * when the email or password is wrong. 503 (errors.busy) when too many hashes are already waiting.
 * Recording the sign-in time and pruning expired sessions are best effort: a failing write (a full
 * disk) is logged, not fatal; with no room for the session itself the answer is 503.
 */
export async function signIn(db: Db, input: { email: string; password: string; address: string; userAgent: string | null }): Promise<SignInResult> {
  const account = input.email.toLowerCase();
  const reservation = await signInGuard.reserve(account, input.address);
  if (!reservation.ok) throw tooManyAttempts('errors.tooManySignIns', reservation.retryAfterMs);
  const { ticket } = reservation;
  let row;
  try {
    row = await findUserWithRole(db, { email: account });
    const ok = await verifyPassword(row?.passwordHash, input.password);
    if (!row || !ok) {
      await ticket.fail();
      throw new AppError('errors.invalidCredentials', 401);
    }
    if (row.status !== 'enabled') throw new AppError('errors.userDisabled', 401);
    await ticket.succeed();
  } finally {
    await ticket.release(); // nothing decided (busy, disabled, an error): the attempt does not count
  }

  const token = await startSession(db, row, { userAgent: input.userAgent, address: input.address }).catch((error: unknown) => {
    if (isStorageFull(error)) throw new AppError('errors.storageFull', 503);
    throw error;
  });
  try {
    await recordSignIn(db, row.id, nowIso());
    await pruneExpiredSessions(db, new Date(sessionNow()).toISOString());
  } catch (error) {
    log.warn({ err: error, userId: row.id }, 'last sign-in time not recorded or expired sessions not pruned');
  }
  return { token, user: toSessionUser(row) };
}

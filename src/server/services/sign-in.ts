import { verifyPassword } from '../auth/passwords.ts';
import { signInGuard, tooManyAttempts } from '../auth/sign-in-guard.ts';
import { sealSession } from '../auth/session-token.ts';
import { nowIso } from '../clock/now.ts';
import type { Db } from '../db/connection.ts';
import { findUserWithRole, recordSignIn } from '../db/repositories/users.ts';
import { AppError } from '../http/app-error.ts';
import { log } from '../log.ts';
import { toSessionUser, type SessionUser } from './session-user.ts';

export interface SignInResult {
  token: string;
  user: SessionUser;
}

/**
 * Checks email and password and issues a session token. The attempt takes its place in the
 * sign-in limits (sign-in-guard.ts, decision 022) before the password is verified — 429 with
 * Retry-After when a limit is reached, without verifying — and counts as a failure only when the
 * email or password is wrong. 503 (errors.busy) when too many hashes are already waiting.
 * Recording the sign-in time is best effort: a failing write (a full disk) is logged, not fatal.
 */
export async function signIn(db: Db, input: { email: string; password: string; address: string }): Promise<SignInResult> {
  const account = input.email.toLowerCase();
  const reservation = signInGuard.reserve(account, input.address);
  if (!reservation.ok) throw tooManyAttempts('errors.tooManySignIns', reservation.retryAfterMs);
  const { ticket } = reservation;
  let row;
  try {
    row = await findUserWithRole(db, { email: account });
    const ok = await verifyPassword(row?.passwordHash, input.password);
    if (!row || !ok) {
      ticket.fail();
      throw new AppError('errors.invalidCredentials', 401);
    }
    if (row.status !== 'enabled') throw new AppError('errors.userDisabled', 401);
    ticket.succeed();
  } finally {
    ticket.release(); // nothing decided (busy, disabled, an error): the attempt does not count
  }

  const token = await sealSession({ uid: row.id, sv: row.sessionVersion });
  try {
    await recordSignIn(db, row.id, nowIso());
  } catch (error) {
    log.warn({ err: error, userId: row.id }, 'last sign-in time not recorded');
  }
  return { token, user: toSessionUser(row) };
}

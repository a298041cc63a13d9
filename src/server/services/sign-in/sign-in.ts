import { verifyPassword } from '../../auth/passwords.ts';
import { signInGuard, tooManyAttempts } from '../../auth/sign-in-guard.ts';
import type { Db } from '../../db/connection.ts';
import { findUserWithRole } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { completeSignIn, type SignedIn } from './complete-sign-in.ts';
import { passwordSignInClosed } from '../sso/sso-settings.ts';
import { isTrustedDevice } from './known-devices.ts';
import { startSecondStep, type SecondStep } from './second-step.ts';
import type { SessionOrigin } from './start-session.ts';

export type SignInResult = SignedIn | SecondStep;

/**
 * Checks email and password. The attempt takes its place in the sign-in limits (sign-in-guard.ts,
 * decision 022) before the password is verified — 429 with Retry-After when a limit is reached,
 * without verifying — and counts as a failure only when the email or password is wrong. 503
 * (errors.busy) when too many hashes are already waiting.
 *
 * Then (decision 090): an account with a second factor, unless this browser was remembered, gets
 * a second step (a ticket for a code, a recovery code or a passkey); an administrator whose company
 * requires one and has none gets a set-up step; anyone else a session (completeSignIn).
 */
export async function signIn(db: Db, input: { email: string; password: string; deviceToken?: string | undefined } & SessionOrigin & { address: string }): Promise<SignInResult> {
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
  // Single sign-on only, but for the SuperAdmin (decision 092): the right password, refused.
  if (await passwordSignInClosed(db, row.accountType)) throw new AppError('sso.passwordDisabled', 403);

  const origin = { userAgent: input.userAgent, address: input.address };
  const trusted = await isTrustedDevice(db, row.id, input.deviceToken);
  const second = await startSecondStep(db, row, trusted);
  if (second) return second;
  return completeSignIn(db, row, { origin, method: 'password', deviceToken: input.deviceToken });
}

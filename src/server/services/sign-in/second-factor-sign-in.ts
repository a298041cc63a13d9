import type { SecondFactorInput, SetupConfirmInput, TotpSetupAnswer } from '#domain/auth/two-factor-schemas.ts';
import { signInGuard, tooManyAttempts } from '../../auth/sign-in-guard.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import type { UserWithRole } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { nowIso } from '../../clock/now.ts';
import { enableTotp } from '../two-factor/enable-totp.ts';
import { useRecoveryCode } from '../two-factor/recovery-codes.ts';
import { startTotpSetup } from '../two-factor/start-totp-setup.ts';
import { verifyTotp } from '../two-factor/verify-totp.ts';
import { completeSignIn, type SignedIn } from './complete-sign-in.ts';
import { accountOfTicket } from './second-step.ts';
import type { SessionOrigin } from './start-session.ts';

type Origin = SessionOrigin & { address: string };

/**
 * A code checked inside the sign-in limits (decision 022, 090): the attempt takes its place for the
 * account's email and the address before the check, a wrong code counts like a wrong password
 * (401 `twoFactor.wrongCode`; 429 with Retry-After once a limit is reached, without checking), a
 * right one clears the pair's failures.
 */
async function withinLimits(row: UserWithRole, address: string, check: () => Promise<boolean>): Promise<void> {
  const reservation = await signInGuard.reserve(row.email.toLowerCase(), address);
  if (!reservation.ok) throw tooManyAttempts('errors.tooManySignIns', reservation.retryAfterMs);
  const { ticket } = reservation;
  try {
    if (!(await check())) {
      await ticket.fail();
      throw new AppError('twoFactor.wrongCode', 401);
    }
    await ticket.succeed();
  } finally {
    await ticket.release();
  }
}

/** Takes the ticket once the factor was accepted; a ticket used meanwhile (another tab) is 401. */
async function takeTicket(db: Db, ticket: string, step: 'second-factor' | 'setup', row: UserWithRole): Promise<void> {
  const taken = await accountOfTicket(db, ticket, step, true);
  if (taken.id !== row.id) throw new AppError('errors.signInExpired', 401);
}

/**
 * The second step with a TOTP code or a recovery code (decision 090): the ticket is peeked while
 * the code is checked (a wrong code leaves it for another try) and taken on success; the session
 * starts with method `password+totp` / `password+recovery`, remembering the browser 30 days when asked.
 */
export async function signInWithSecondFactor(db: Db, input: SecondFactorInput & { origin: Origin; deviceToken: string | undefined }): Promise<SignedIn> {
  const row = await accountOfTicket(db, input.ticket, 'second-factor');
  await withinLimits(row, input.origin.address, () => (input.method === 'totp' ? verifyTotp(db, row.id, input.code) : useRecoveryCode(db, row.id, input.code)));
  await takeTicket(db, input.ticket, 'second-factor', row);
  if (input.method === 'recovery') await appendAudit(db, { userId: row.id, entity: 'user', entityId: row.id, action: 'recovery-code-use', at: nowIso() });
  return completeSignIn(db, row, {
    origin: input.origin,
    method: input.method === 'totp' ? 'password+totp' : 'password+recovery',
    deviceToken: input.deviceToken,
    rememberDevice: input.rememberDevice,
  });
}

/** Set-up required by the company, at sign-in: a new secret for the account the set-up ticket names. */
export async function startSetupAtSignIn(db: Db, ticket: string): Promise<TotpSetupAnswer> {
  const row = await accountOfTicket(db, ticket, 'setup');
  return startTotpSetup(db, row);
}

/**
 * Confirms the set-up at sign-in with the app's first code (inside the sign-in limits): TOTP turns
 * on, ten recovery codes are answered once, the ticket is taken and the session starts (`password+totp`).
 */
export async function confirmSetupAtSignIn(db: Db, input: SetupConfirmInput & { origin: Origin; deviceToken: string | undefined }): Promise<SignedIn & { recoveryCodes: string[] }> {
  const row = await accountOfTicket(db, input.ticket, 'setup');
  let recoveryCodes: string[] = [];
  await withinLimits(row, input.origin.address, async () => {
    try {
      recoveryCodes = await enableTotp(db, row.id, input.code);
      return true;
    } catch (error) {
      if (error instanceof AppError && error.status === 422) return false;
      throw error;
    }
  });
  await takeTicket(db, input.ticket, 'setup', row);
  const signedIn = await completeSignIn(db, row, { origin: input.origin, method: 'password+totp', deviceToken: input.deviceToken, rememberDevice: input.rememberDevice });
  return { ...signedIn, recoveryCodes };
}

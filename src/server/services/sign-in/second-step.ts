import type { Db } from '../../db/connection.ts';
import { findUserWithRole, type UserWithRole } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import type { SecondFactorMethod } from '#domain/auth/sign-in-contract.ts';
import { createChallenge, peekChallenge, takeChallenge } from './auth-challenge.ts';
import { factorsOf, hasSecondFactor, twoFactorRequired } from './two-factor-policy.ts';

/**
 * The step between a right password and a session (decision 090): a ticket (a `second-factor`
 * challenge, 10 minutes) that names the account and its session version. `second-factor`: the
 * account has a factor; the browser answers with a TOTP code, a recovery code or a passkey.
 * `setup`: its company requires one and it has none; the browser sets up TOTP with the ticket.
 * A password change (or disabling) in between moves the session version on and voids the ticket.
 */
export interface SecondStep {
  kind: 'second-factor' | 'setup';
  ticket: string;
  methods: SecondFactorMethod[];
}

export interface SecondStepData {
  step: 'second-factor' | 'setup';
  sessionVersion: number;
}

export const SECOND_STEP_TTL_MS = 10 * 60 * 1000;

/** The second step the account needs after its password, or undefined when none (then a session). */
export async function startSecondStep(db: Db, row: UserWithRole, trustedDevice: boolean): Promise<SecondStep | undefined> {
  const factors = await factorsOf(db, row.id);
  if (hasSecondFactor(factors)) {
    if (trustedDevice) return undefined;
    const methods: SecondFactorMethod[] = [];
    if (factors.totp) methods.push('totp');
    if (factors.recoveryCodesLeft > 0) methods.push('recovery');
    if (factors.passkeys > 0) methods.push('passkey');
    const ticket = await createChallenge<SecondStepData>(db, 'second-factor', row.id, { step: 'second-factor', sessionVersion: row.sessionVersion }, SECOND_STEP_TTL_MS);
    return { kind: 'second-factor', ticket, methods };
  }
  if (!(await twoFactorRequired(db, row))) return undefined;
  const ticket = await createChallenge<SecondStepData>(db, 'second-factor', row.id, { step: 'setup', sessionVersion: row.sessionVersion }, SECOND_STEP_TTL_MS);
  return { kind: 'setup', ticket, methods: [] };
}

/**
 * The account a live ticket of that step names, still enabled and on the same session version;
 * otherwise 401 `errors.signInExpired` (sign in again). `take` uses the ticket up (call it only
 * once the factor was accepted); otherwise it stays for another try.
 */
export async function accountOfTicket(db: Db, ticket: unknown, step: SecondStepData['step'], take = false): Promise<UserWithRole> {
  const found = take ? await takeChallenge<SecondStepData>(db, 'second-factor', ticket) : await peekChallenge<SecondStepData>(db, 'second-factor', ticket);
  if (!found || found.userId === null || found.data.step !== step) throw new AppError('errors.signInExpired', 401);
  const row = await findUserWithRole(db, { id: found.userId });
  if (!row || row.status !== 'enabled' || row.sessionVersion !== found.data.sessionVersion) throw new AppError('errors.signInExpired', 401);
  return row;
}

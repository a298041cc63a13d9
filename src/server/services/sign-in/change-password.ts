import type { ChangePasswordInput } from '#domain/auth/auth-schemas.ts';
import { hashPassword, verifyPassword } from '../../auth/passwords.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteUserSessions } from '../../db/repositories/sessions.ts';
import { bumpSessionVersion, findUserWithRole, setPasswordHash } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { SharedRateLimiter } from '../../auth/shared-rate-limiter.ts';
import { tooManyAttempts } from '../../auth/sign-in-guard.ts';
import { startSession, type SessionOrigin } from './start-session.ts';
import { nowIso } from '../../clock/now.ts';

/** Five wrong current passwords per account in fifteen minutes; the place is taken before verifying. */
export const passwordChangeLimiter = new SharedRateLimiter('password-change', 5, 15 * 60_000);

/**
 * Changes the signed-in user's password after checking the current one (wrong ones are rate-limited
 * per account, 429 with Retry-After once locked, counted from before the verification so parallel
 * guesses cannot pass together; 503 when the hash gate is full). Every session of
 * the user ends (rows deleted, session version bumped), the current one included; the caller
 * gets a new session and its token in its place.
 */
export async function changePassword(db: Db, userId: number, input: ChangePasswordInput, origin: SessionOrigin): Promise<{ token: string }> {
  const row = await findUserWithRole(db, { id: userId });
  if (!row) throw new AppError('errors.unauthenticated', 401);
  // Wrong current passwords are limited per account, so a borrowed session cannot be used to guess
  // the password without limit.
  const key = String(userId);
  const reservation = await passwordChangeLimiter.reserve(key);
  if (!reservation.ok) throw tooManyAttempts('errors.tooManyPasswordAttempts', reservation.retryAfterMs);
  try {
    if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
      await reservation.ticket.fail();
      throw new AppError('validation.invalidInput', 422, {}, { currentPassword: 'password.wrongCurrent' });
    }
    await passwordChangeLimiter.reset(key);
  } finally {
    await reservation.ticket.release();
  }
  const hash = await hashPassword(input.newPassword);
  const token = await db.transaction().execute(async (trx) => {
    const at = nowIso();
    await setPasswordHash(trx, userId, hash, at);
    const sv = await bumpSessionVersion(trx, userId, at);
    await deleteUserSessions(trx, userId);
    await appendAudit(trx, { userId, entity: 'user', entityId: userId, action: 'password-change', at });
    return startSession(trx, { id: userId, sessionVersion: sv }, origin);
  });
  return { token };
}

import type { ChangePasswordInput } from '../../domain/auth/auth-schemas.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import type { Db } from '../db/connection.ts';
import { appendAudit } from '../db/repositories/audit-log.ts';
import { deleteUserSessions } from '../db/repositories/sessions.ts';
import { bumpSessionVersion, findUserWithRole, setPasswordHash } from '../db/repositories/users.ts';
import { AppError } from '../http/app-error.ts';
import { accountLimiter } from './sign-in.ts';
import { startSession, type SessionOrigin } from './start-session.ts';

/**
 * Changes the signed-in user's password after checking the current one (wrong ones are rate-limited
 * per account, 429 once locked). Every session of the user ends (rows deleted, session version
 * bumped), the current one included; the caller gets a new session and its token in its place.
 */
export async function changePassword(db: Db, userId: number, input: ChangePasswordInput, origin: SessionOrigin): Promise<{ token: string }> {
  const row = await findUserWithRole(db, { id: userId });
  if (!row) throw new AppError('errors.unauthenticated', 401);
  // Wrong current passwords count against the account like failed sign-ins (same limiter), so a
  // borrowed session cannot be used to guess the password without limit.
  const accountKey = row.email.toLowerCase();
  const wait = accountLimiter.retryAfterMs(accountKey);
  if (wait > 0) throw new AppError('errors.tooManyPasswordAttempts', 429, { minutes: Math.max(1, Math.ceil(wait / 60000)) });
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    accountLimiter.fail(accountKey);
    throw new AppError('validation.invalidInput', 422, {}, { currentPassword: 'password.wrongCurrent' });
  }
  accountLimiter.reset(accountKey);
  const hash = await hashPassword(input.newPassword);
  const token = await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    await setPasswordHash(trx, userId, hash, at);
    const sv = await bumpSessionVersion(trx, userId, at);
    await deleteUserSessions(trx, userId);
    await appendAudit(trx, { userId, entity: 'user', entityId: userId, action: 'password-change', at });
    return startSession(trx, { id: userId, sessionVersion: sv }, origin);
  });
  return { token };
}

import { verifyPassword } from '../../auth/passwords.ts';
import { tooManyAttempts } from '../../auth/sign-in-guard.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deletePasskey, findOwnPasskey } from '../../db/repositories/passkeys.ts';
import { findUserWithRole } from '../../db/repositories/users.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { passwordChangeLimiter } from '../sign-in/change-password.ts';
import { sessionNow } from '../sign-in/start-session.ts';
import { factorsOf, twoFactorRequired } from '../sign-in/two-factor-policy.ts';
import { removeRecoveryCodes } from '../two-factor/recovery-codes.ts';

/**
 * Removes one of the account's own passkeys (another's: 404) after checking the current password
 * (wrong ones share the password change's per-account limit: 422, then 429). Refused (409) when it
 * is the account's last second factor and its company requires one. An account left without any
 * factor loses its recovery codes too: they only stand in for a factor.
 */
export async function removeAccountPasskey(db: Db, userId: number, id: number, password: string): Promise<void> {
  const row = await findUserWithRole(db, { id: userId });
  if (!row || !(await findOwnPasskey(db, userId, id))) throw notFound();
  const key = String(userId);
  const reservation = await passwordChangeLimiter.reserve(key);
  if (!reservation.ok) throw tooManyAttempts('errors.tooManyPasswordAttempts', reservation.retryAfterMs);
  try {
    if (!(await verifyPassword(row.passwordHash, password))) {
      await reservation.ticket.fail();
      throw new AppError('validation.invalidInput', 422, {}, { password: 'password.wrongCurrent' });
    }
    await passwordChangeLimiter.reset(key);
  } finally {
    await reservation.ticket.release();
  }
  const factors = await factorsOf(db, userId);
  const last = !factors.totp && factors.passkeys <= 1;
  if (last && (await twoFactorRequired(db, row))) throw new AppError('passkeys.lastFactorRequired', 409);
  await db.transaction().execute(async (trx) => {
    if (!(await deletePasskey(trx, userId, id))) throw notFound();
    if (last) await removeRecoveryCodes(trx, userId);
    await appendAudit(trx, { userId, entity: 'user', entityId: userId, action: 'passkey-remove', before: { passkey: id }, at: new Date(sessionNow()).toISOString() });
  });
}

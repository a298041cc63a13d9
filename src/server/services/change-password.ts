import type { ChangePasswordInput } from '../../domain/auth/auth-schemas.ts';
import { hashPassword, verifyPassword } from '../auth/passwords.ts';
import { sealSession } from '../auth/session-token.ts';
import type { Db } from '../db/connection.ts';
import { appendAudit } from '../db/repositories/audit-log.ts';
import { bumpSessionVersion, findUserWithRole, setPasswordHash } from '../db/repositories/users.ts';
import { AppError } from '../http/app-error.ts';

/**
 * Changes the signed-in user's password after checking the current one. Every other session of
 * the user ends (session version bump); the caller gets a fresh token for the current one.
 */
export async function changePassword(db: Db, userId: number, input: ChangePasswordInput): Promise<{ token: string }> {
  const row = await findUserWithRole(db, { id: userId });
  if (!row) throw new AppError('errors.unauthenticated', 401);
  if (!(await verifyPassword(row.passwordHash, input.currentPassword))) {
    throw new AppError('validation.invalidInput', 422, {}, { currentPassword: 'password.wrongCurrent' });
  }
  const hash = await hashPassword(input.newPassword);
  const version = await db.transaction().execute(async (trx) => {
    const at = new Date().toISOString();
    await setPasswordHash(trx, userId, hash, at);
    const sv = await bumpSessionVersion(trx, userId, at);
    await appendAudit(trx, { userId, entity: 'user', entityId: userId, action: 'password-change', at });
    return sv;
  });
  return { token: await sealSession({ uid: userId, sv: version }) };
}

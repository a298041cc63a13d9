import { closedLinkMessage, type ResetPasswordInput } from '#domain/accounts/account-links.ts';
import { hashPassword } from '../../auth/passwords.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { claimPasswordReset, closePasswordResets, findPasswordResetByHash } from '../../db/repositories/account-links.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteUserSessions } from '../../db/repositories/sessions.ts';
import { bumpSessionVersion, findUserWithRole, setPasswordHash } from '../../db/repositories/users.ts';
import { AppError } from '../../http/app-error.ts';
import { toSessionUser, type SessionUser } from '../sign-in/session-user.ts';
import { startSession, type SessionOrigin } from '../sign-in/start-session.ts';
import { accountTokenHash } from './account-token.ts';
import { openPasswordReset } from './open-account-link.ts';

function closed(state: 'unknown' | 'used' | 'revoked' | 'expired'): AppError {
  return new AppError(closedLinkMessage(state, 'reset'), state === 'unknown' ? 404 : 409);
}

/**
 * Sets a new password from a reset link (issue 36.2, decision 066). In one transaction: the link
 * is used (a conditional update: once), the password replaced, every session of the account ended
 * (session version bumped, rows deleted) and the account's other reset links closed; this browser
 * gets a new session.
 */
export async function resetPassword(db: Db, input: ResetPasswordInput, origin: SessionOrigin): Promise<{ token: string; user: SessionUser }> {
  const view = await openPasswordReset(db, input.token);
  if (view.state !== 'open') throw closed(view.state);
  const passwordHash = await hashPassword(input.password);
  return db.transaction().execute(async (trx) => {
    const at = nowIso();
    const reset = await findPasswordResetByHash(trx, accountTokenHash(input.token));
    if (!reset) throw closed('unknown');
    if (!(await claimPasswordReset(trx, reset.id, at))) throw closed('used');
    if (reset.status !== 'enabled') throw closed('revoked');
    await setPasswordHash(trx, reset.userId, passwordHash, at);
    const sessionVersion = await bumpSessionVersion(trx, reset.userId, at);
    await deleteUserSessions(trx, reset.userId);
    await closePasswordResets(trx, reset.userId, at);
    await appendAudit(trx, { userId: reset.userId, entity: 'user', entityId: reset.userId, action: 'password-reset', after: { resetId: reset.id }, at });
    const row = await findUserWithRole(trx, { id: reset.userId });
    if (!row) throw closed('unknown');
    return { token: await startSession(trx, { id: row.id, sessionVersion }, origin), user: toSessionUser(row) };
  });
}

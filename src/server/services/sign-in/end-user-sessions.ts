import type { Actor } from '#domain/users/account-rules.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteUserSessions } from '../../db/repositories/sessions.ts';
import { findUserRecord } from '../../db/repositories/user-records.ts';
import { bumpSessionVersion } from '../../db/repositories/users.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { refuseEditingUser } from '../users/account-state.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * An administrator ends every session of a user (the users screen): the user's session rows are
 * deleted and their session version bumped, so a sign-in racing with this cannot keep a session
 * issued under the old version. The actor must be able to edit the user (account rules: only a
 * SuperAdmin acts on a SuperAdmin, nobody acts on a user whose role they could not grant; 403). Ending one's own
 * sessions is allowed and signs oneself out too. Audited; returns how many sessions ended.
 */
export async function endUserSessions(db: Db, actor: Actor, userId: number): Promise<number> {
  return db.transaction().execute(async (trx) => {
    const target = await findUserRecord(trx, userId);
    if (!target) throw notFound();
    const refusal = await refuseEditingUser(trx, actor, target);
    if (refusal) throw new AppError(refusal.code, refusal.status);
    const at = nowIso();
    await bumpSessionVersion(trx, userId, at);
    const ended = await deleteUserSessions(trx, userId);
    await appendAudit(trx, { userId: actor.id, entity: 'user', entityId: userId, action: 'end-sessions', after: { ended }, at });
    return ended;
  });
}

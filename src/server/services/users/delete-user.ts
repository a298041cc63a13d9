import { refuseDelete, type Actor } from '#domain/users/account-rules.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { countEnabledSuperAdmins, deleteUserRecord, findUserRecord } from '../../db/repositories/user-records.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { accountState } from './account-state.ts';

/**
 * Deletes a user account: never one's own, a SuperAdmin only by a SuperAdmin, never one whose
 * role or account type the actor could not grant, never the last enabled SuperAdmin. Their sessions end with the row (sessions look the user up per request).
 */
export async function deleteUser(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await findUserRecord(trx, id);
    if (!before) throw notFound();
    const refusal = refuseDelete(actor, { ...(await accountState(trx, before)), id }, await countEnabledSuperAdmins(trx));
    if (refusal) throw new AppError(refusal.code, refusal.status);
    await deleteUserRecord(trx, id);
    await appendAudit(trx, { userId: actor.id, entity: 'user', entityId: id, action: 'delete', before });
  });
}

import { refuseRoleChange } from '#domain/permissions/role-rules.ts';
import type { Actor } from '#domain/users/account-rules.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { rolesResource } from '../../db/repositories/roles-resource.ts';
import { AppError, notFound } from '../../http/app-error.ts';

/**
 * `DELETE /api/roles/:id`: not the role the actor holds, not one it could not grant (403,
 * decision 021), not one users still have (409).
 */
export async function deleteRole(db: Db, actor: Actor, id: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await rolesResource.get(trx, id);
    if (!before) throw notFound();
    const refusal = refuseRoleChange(actor, { id, permissions: before.permissions });
    if (refusal) throw new AppError(refusal.code, refusal.status);
    const reason = await rolesResource.usage(trx, id);
    if (reason) throw new AppError(reason, 409);
    await rolesResource.remove(trx, id);
    await appendAudit(trx, { userId: actor.id, entity: rolesResource.entity, entityId: id, action: 'delete', before });
  });
}

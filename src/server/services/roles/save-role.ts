import { refuseRoleChange, refuseRoleCreate } from '#domain/permissions/role-rules.ts';
import type { Actor } from '#domain/users/account-rules.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { rolesResource, type RoleDto } from '../../db/repositories/roles-resource.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { checkReferences, getRecord, validate } from '../crud/crud-service.ts';

/**
 * `POST /api/roles` and `PATCH /api/roles/:id`: the generic CRUD write plus the role rules of
 * decision 021 (only permissions the actor holds; not the role the actor holds; not a role the
 * actor could not grant), checked in the writing transaction against the stored role.
 */
export async function createRole(db: Db, actor: Actor, input: unknown): Promise<RoleDto> {
  const data = validate(rolesResource.schema, input);
  const id = await db.transaction().execute(async (trx) => {
    const refusal = refuseRoleCreate(actor, data.permissions);
    if (refusal) throw new AppError(refusal.code, refusal.status);
    await checkReferences(trx, rolesResource, data);
    const at = nowIso();
    const newId = await rolesResource.insert(trx, data, at);
    await appendAudit(trx, { userId: actor.id, entity: rolesResource.entity, entityId: newId, action: 'create', after: data, at });
    return newId;
  });
  return getRecord(db, rolesResource, id);
}

export async function updateRole(db: Db, actor: Actor, id: number, input: unknown): Promise<RoleDto> {
  const data = validate(rolesResource.schema, input);
  await db.transaction().execute(async (trx) => {
    const before = await rolesResource.get(trx, id);
    if (!before) throw notFound();
    const refusal = refuseRoleChange(actor, { id, permissions: before.permissions }, data.permissions);
    if (refusal) throw new AppError(refusal.code, refusal.status);
    await checkReferences(trx, rolesResource, data);
    const at = nowIso();
    await rolesResource.update(trx, id, data, at);
    await appendAudit(trx, { userId: actor.id, entity: rolesResource.entity, entityId: id, action: 'update', before, after: data, at });
  });
  return getRecord(db, rolesResource, id);
}

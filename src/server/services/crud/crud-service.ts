import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { parseListQuery } from '#domain/lists/list-query.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import type { CrudResource } from '../../db/crud-resource.ts';
import { nowIso } from '../../clock/now.ts';

/** Parses a route id; anything but a positive integer is a missing record (404). */
export function parseId(raw: string | undefined): number {
  const id = Number(raw);
  if (!Number.isSafeInteger(id) || id < 1 || String(id) !== raw) throw notFound();
  return id;
}

export function listRecords<I, D extends { _id: number }>(db: Db, resource: CrudResource<I, D>, params: URLSearchParams) {
  return resource.list(db, parseListQuery(params, resource.listOptions));
}

export async function getRecord<I, D extends { _id: number }>(db: Db, resource: CrudResource<I, D>, id: number): Promise<D> {
  const record = await resource.get(db, id);
  if (!record) throw notFound();
  return record;
}

/** Validates a record's input; 422 `validation.fillAllFields` with `{field: key}`. */
export function validate<I>(schema: v.GenericSchema<unknown, I>, input: unknown): I {
  const result = v.safeParse(schema, input);
  if (!result.success) {
    throw new AppError('validation.fillAllFields', 422, {}, issuesToFieldKeys(result.issues));
  }
  return result.output;
}

/** Checks the records the input refers to (inside the writing transaction); 422 when one is missing. */
export async function checkReferences<I, D extends { _id: number }>(db: Db, resource: CrudResource<I, D>, input: I) {
  const problems = await resource.checkReferences(db, input);
  if (Object.keys(problems).length > 0) throw new AppError('validation.invalidInput', 422, {}, problems);
}

/** Validates, checks references and inserts with its audit entry, all or nothing. */
export async function createRecord<I, D extends { _id: number }>(db: Db, resource: CrudResource<I, D>, input: unknown, actorId: number): Promise<D> {
  const data = validate(resource.schema, input);
  const id = await db.transaction().execute(async (trx) => {
    await checkReferences(trx, resource, data);
    const at = nowIso();
    const newId = await resource.insert(trx, data, at);
    await appendAudit(trx, { userId: actorId, entity: resource.entity, entityId: newId, action: 'create', after: data, at });
    return newId;
  });
  return getRecord(db, resource, id);
}

export async function updateRecord<I, D extends { _id: number }>(db: Db, resource: CrudResource<I, D>, id: number, input: unknown, actorId: number): Promise<D> {
  const data = validate(resource.schema, input);
  await db.transaction().execute(async (trx) => {
    const before = await resource.get(trx, id);
    if (!before) throw notFound();
    await checkReferences(trx, resource, data);
    const at = nowIso();
    await resource.update(trx, id, data, at);
    await appendAudit(trx, { userId: actorId, entity: resource.entity, entityId: id, action: 'update', before, after: data, at });
  });
  return getRecord(db, resource, id);
}

/** Deletes a record nobody uses; a record in use is refused with the resource's reason (409). */
export async function deleteRecord<I, D extends { _id: number }>(db: Db, resource: CrudResource<I, D>, id: number, actorId: number): Promise<void> {
  await db.transaction().execute(async (trx) => {
    const before = await resource.get(trx, id);
    if (!before) throw notFound();
    const reason = await resource.usage(trx, id);
    if (reason) throw new AppError(reason, 409);
    await resource.remove(trx, id);
    await appendAudit(trx, { userId: actorId, entity: resource.entity, entityId: id, action: 'delete', before });
  });
}

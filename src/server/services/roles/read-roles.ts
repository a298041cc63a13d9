import type { Db } from '../../db/connection.ts';
import { rolesResource } from '../../db/repositories/roles-resource.ts';
import { getRecord, listRecords } from '../crud/crud-service.ts';

/** `GET /api/roles`: the generic list of roles (`{data, total}`). */
export function listRoles(db: Db, params: URLSearchParams) {
  return listRecords(db, rolesResource, params);
}

/** `GET /api/roles/{id}`: one role, 404 when unknown. */
export function readRole(db: Db, id: number) {
  return getRecord(db, rolesResource, id);
}

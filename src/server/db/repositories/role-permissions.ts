import type { Permissions } from '#domain/permissions/permissions.ts';
import type { Db } from '../connection.ts';
import { parsePermissions } from '../stored-formats.ts';

/**
 * The permissions of a role, normalised; none (`{}`) for an unknown or damaged role. An unknown
 * role is then refused by the reference checks (422), never granted anything.
 */
export async function findRolePermissions(db: Db, roleId: number): Promise<Permissions> {
  const row = await db.selectFrom('roles').select('permissions').where('id', '=', roleId).executeTakeFirst();
  return row ? parsePermissions(row.permissions) : {};
}

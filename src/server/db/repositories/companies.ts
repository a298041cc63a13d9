import type { Kysely } from 'kysely';
import { defaultRoles } from '#domain/permissions/default-roles.ts';
import type { Database } from '../schema.ts';
import { permissionsJson } from '../stored-formats.ts';

/**
 * Creates a company with the default roles every company gets. Returns the ids, the
 * Administrator role's first. Call inside a transaction.
 */
export async function insertCompanyWithDefaultRoles(db: Kysely<Database>, name: string, at: string, taxId: string | null = null): Promise<{ companyId: number; administratorRoleId: number; employeeRoleId: number }> {
  const company = await db.insertInto('companies').values({ name, taxId, createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow();
  const ids: number[] = [];
  for (const role of defaultRoles()) {
    const row = await db
      .insertInto('roles')
      .values({
        name: role.name,
        companyId: company.id,
        permissions: permissionsJson(role.permissions),
        isDefault: 1,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    ids.push(row.id);
  }
  return { companyId: company.id, administratorRoleId: ids[0]!, employeeRoleId: ids[1]! };
}

/** The default roles of a company (id and name). */
export function defaultRolesOf(db: Kysely<Database>, companyId: number): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('roles').select(['id', 'name']).where('companyId', '=', companyId).where('isDefault', '=', 1).execute();
}

/** Gives the company a tax ID when it has none (the demo data set's, issue 37.14). */
export async function setCompanyTaxIdIfMissing(db: Kysely<Database>, companyId: number, taxId: string, at: string): Promise<void> {
  await db.updateTable('companies').set({ taxId, updatedAt: at }).where('id', '=', companyId).where('taxId', 'is', null).execute();
}

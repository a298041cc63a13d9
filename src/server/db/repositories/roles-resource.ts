import { containsText } from '../like.ts';
import { RoleInput } from '#domain/permissions/role-schema.ts';
import type { CrudResource } from '../crud-resource.ts';
import type { Db } from '../connection.ts';
import { parsePermissions, permissionsJson } from '../stored-formats.ts';
import { countReferences, exists } from './org/references.ts';
import type { RoleDto } from '#domain/api/records.ts';
import { sortDirection } from '../sort-direction.ts';
import { byName } from '../text-order.ts';

export type { RoleDto };

const SORT = { name: byName('roles.name'), company: byName('companies.name'), users: 'users', createdAt: 'roles.createdAt' } as const;

function base(db: Db) {
  return db.selectFrom('roles').leftJoin('companies', 'companies.id', 'roles.companyId');
}

function select(q: ReturnType<typeof base>) {
  return q.select((eb) => [
    'roles.id',
    'roles.name',
    'roles.permissions',
    'roles.companyId',
    'roles.isDefault',
    'roles.createdAt',
    'companies.name as companyName',
    eb.selectFrom('users').whereRef('users.roleId', '=', 'roles.id').select(eb.fn.countAll().as('n')).as('users'),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toDto = (r: Row): RoleDto => ({
  _id: r.id,
  name: r.name,
  permissions: parsePermissions(r.permissions),
  company: r.companyId,
  companyName: r.companyName,
  isDefault: r.isDefault === 1,
  users: Number(r.users),
  createdAt: r.createdAt,
});

/** Roles for the generic CRUD service: `/api/roles` and `/api/roles/:id`. */
export const rolesResource: CrudResource<RoleInput, RoleDto> = {
  entity: 'role',
  schema: RoleInput,
  listOptions: { sortable: Object.keys(SORT), defaultSort: 'name' },
  async list(db, query) {
    let q = base(db);
    if (query.q) q = q.where(containsText('roles.name', query.q));
    const company = Number(query.filters['company']);
    if (Number.isInteger(company) && company > 0) q = q.where('roles.companyId', '=', company);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await select(q)
      .orderBy(SORT[query.sort as keyof typeof SORT], sortDirection(query.dir))
      .orderBy('roles.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { total, data: rows.map(toDto) };
  },
  async get(db, id) {
    const r = await select(base(db)).where('roles.id', '=', id).executeTakeFirst();
    return r && toDto(r);
  },
  async checkReferences(db, input): Promise<Record<string, string>> {
    if (input.company !== null && !(await exists(db, 'companies', input.company))) return { company: 'validation.unknownRecord' };
    return {};
  },
  async insert(db, input, at) {
    const row = await db
      .insertInto('roles')
      .values({ name: input.name, permissions: permissionsJson(input.permissions), companyId: input.company, isDefault: 0, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async update(db, id, input, at) {
    await db
      .updateTable('roles')
      .set({ name: input.name, permissions: permissionsJson(input.permissions), companyId: input.company, updatedAt: at })
      .where('id', '=', id)
      .execute();
  },
  async usage(db, id) {
    return (await countReferences(db, 'users', 'roleId', id)) > 0 ? 'errors.inUse.role' : undefined;
  },
  async remove(db, id) {
    await db.deleteFrom('roles').where('id', '=', id).execute();
  },
};

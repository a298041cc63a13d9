import { containsText } from '../../like.ts';
import { LeaveGroupInput } from '#domain/org/org-schemas.ts';
import type { Db } from '../../connection.ts';
import type { CrudResource } from '../../crud-resource.ts';
import { countReferences, exists } from './references.ts';
import type { LeaveGroupDto } from '#domain/api/records.ts';
import { sortDirection } from '../../sort-direction.ts';
import { byName } from '../../text-order.ts';

export type { LeaveGroupDto };

const SORT = { name: byName('leaveGroups.name'), status: 'leaveGroups.status', company: byName('companies.name'), createdAt: 'leaveGroups.createdAt' } as const;

const base = (db: Db) => db.selectFrom('leaveGroups').innerJoin('companies', 'companies.id', 'leaveGroups.companyId');
const select = (q: ReturnType<typeof base>) =>
  q.select((eb) => [
    'leaveGroups.id',
    'leaveGroups.name',
    'leaveGroups.description',
    'leaveGroups.status',
    'leaveGroups.companyId',
    'leaveGroups.createdAt',
    'companies.name as companyName',
    eb.selectFrom('employees').whereRef('employees.leaveGroupId', '=', 'leaveGroups.id').select(eb.fn.countAll().as('n')).as('employees'),
  ]);
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

async function withPrivileges(db: Db, rows: Row[]): Promise<LeaveGroupDto[]> {
  const ids = rows.map((r) => r.id);
  const links = ids.length
    ? await db
        .selectFrom('leaveGroupLeaveTypes')
        .innerJoin('leaveTypes', 'leaveTypes.id', 'leaveGroupLeaveTypes.leaveTypeId')
        .select(['leaveGroupLeaveTypes.leaveGroupId', 'leaveTypes.id', 'leaveTypes.name'])
        .where('leaveGroupLeaveTypes.leaveGroupId', 'in', ids)
        .orderBy(byName('leaveTypes.name'))
        .execute()
    : [];
  return rows.map((r) => {
    const mine = links.filter((l) => l.leaveGroupId === r.id);
    return {
      _id: r.id,
      name: r.name,
      description: r.description,
      status: r.status,
      company: r.companyId,
      companyName: r.companyName,
      privilege: mine.map((l) => l.id),
      privilegeNames: mine.map((l) => l.name),
      employees: Number(r.employees),
      createdAt: r.createdAt,
    };
  });
}

async function setPrivileges(db: Db, groupId: number, typeIds: number[]): Promise<void> {
  await db.deleteFrom('leaveGroupLeaveTypes').where('leaveGroupId', '=', groupId).execute();
  const unique = [...new Set(typeIds)];
  if (unique.length) {
    await db
      .insertInto('leaveGroupLeaveTypes')
      .values(unique.map((leaveTypeId) => ({ leaveGroupId: groupId, leaveTypeId })))
      .execute();
  }
}

export const leaveGroupsResource: CrudResource<LeaveGroupInput, LeaveGroupDto> = {
  entity: 'leaveGroup',
  schema: LeaveGroupInput,
  listOptions: { sortable: Object.keys(SORT), defaultSort: 'name' },
  async list(db, query) {
    let q = base(db);
    if (query.q) {
      q = q.where((eb) => eb.or([containsText('leaveGroups.name', query.q), containsText('leaveGroups.description', query.q)]));
    }
    const status = query.filters['status'];
    if (status === 'active' || status === 'disabled') q = q.where('leaveGroups.status', '=', status);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await select(q)
      .orderBy(SORT[query.sort as keyof typeof SORT], sortDirection(query.dir))
      .orderBy('leaveGroups.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { total, data: await withPrivileges(db, rows) };
  },
  async get(db, id) {
    const r = await select(base(db)).where('leaveGroups.id', '=', id).executeTakeFirst();
    return r && (await withPrivileges(db, [r]))[0];
  },
  async checkReferences(db, input): Promise<Record<string, string>> {
    if (!(await exists(db, 'companies', input.company))) return { company: 'validation.unknownRecord' };
    const types = await db.selectFrom('leaveTypes').select(['id', 'companyId']).where('id', 'in', input.privilege).execute();
    if (types.length !== new Set(input.privilege).size) return { privilege: 'validation.unknownRecord' };
    if (types.some((t) => t.companyId !== input.company)) return { privilege: 'validation.leaveTypeNotInCompany' };
    return {};
  },
  async insert(db, input, at) {
    const row = await db
      .insertInto('leaveGroups')
      .values({ name: input.name, description: input.description, status: input.status, companyId: input.company, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    await setPrivileges(db, row.id, input.privilege);
    return row.id;
  },
  async update(db, id, input, at) {
    await db.updateTable('leaveGroups').set({ name: input.name, description: input.description, status: input.status, companyId: input.company, updatedAt: at }).where('id', '=', id).execute();
    await setPrivileges(db, id, input.privilege);
  },
  async usage(db, id) {
    return (await countReferences(db, 'employees', 'leaveGroupId', id)) > 0 ? 'errors.inUse.leaveGroup' : undefined;
  },
  async remove(db, id) {
    await db.deleteFrom('leaveGroups').where('id', '=', id).execute();
  },
};

/** The company a leave group belongs to, if the group exists. */
export async function findLeaveGroupCompany(db: Db, id: number): Promise<{ companyId: number } | undefined> {
  return db.selectFrom('leaveGroups').select('companyId').where('id', '=', id).executeTakeFirst();
}

/** Id, name and company of every leave group, in id order. */
export async function leaveGroupNames(db: Db): Promise<{ id: number; name: string; companyId: number }[]> {
  return db.selectFrom('leaveGroups').select(['id', 'name', 'companyId']).orderBy('id').execute();
}

/** The first leave group of a company (lowest id), if it has one. */
export async function firstLeaveGroupOfCompany(db: Db, companyId: number): Promise<{ name: string } | undefined> {
  return db.selectFrom('leaveGroups').select('name').where('companyId', '=', companyId).orderBy('id').executeTakeFirst();
}

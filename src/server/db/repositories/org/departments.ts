import { containsText } from '../../like.ts';
import { DepartmentInput } from '#domain/org/org-schemas.ts';
import type { Db } from '../../connection.ts';
import type { CrudResource } from '../../crud-resource.ts';
import { countReferences, exists } from './references.ts';
import type { DepartmentDto } from '#domain/api/records.ts';
import { sortDirection } from '../../sort-direction.ts';
import { byName } from '../../text-order.ts';

export type { DepartmentDto };

const SORT = { name: byName('departments.name'), company: byName('companies.name'), createdAt: 'departments.createdAt' } as const;

function base(db: Db) {
  return db.selectFrom('departments').innerJoin('companies', 'companies.id', 'departments.companyId');
}

function select(q: ReturnType<typeof base>) {
  return q.select((eb) => [
    'departments.id',
    'departments.name',
    'departments.companyId',
    'departments.createdAt',
    'companies.name as companyName',
    eb.selectFrom('employees').whereRef('employees.departmentId', '=', 'departments.id').select(eb.fn.countAll().as('n')).as('employees'),
  ]);
}

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toDto = (r: Row): DepartmentDto => ({
  _id: r.id,
  name: r.name,
  company: r.companyId,
  companyName: r.companyName,
  employees: Number(r.employees),
  createdAt: r.createdAt,
});

export const departmentsResource: CrudResource<DepartmentInput, DepartmentDto> = {
  entity: 'department',
  schema: DepartmentInput,
  listOptions: { sortable: Object.keys(SORT), defaultSort: 'name' },
  async list(db, query) {
    let q = base(db);
    if (query.q) q = q.where((eb) => eb.or([containsText('departments.name', query.q), containsText('companies.name', query.q)]));
    const company = Number(query.filters['company']);
    if (Number.isInteger(company) && company > 0) q = q.where('departments.companyId', '=', company);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await select(q)
      .orderBy(SORT[query.sort as keyof typeof SORT], sortDirection(query.dir))
      .orderBy('departments.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { total, data: rows.map(toDto) };
  },
  async get(db, id) {
    const r = await select(base(db)).where('departments.id', '=', id).executeTakeFirst();
    return r && toDto(r);
  },
  async checkReferences(db, input): Promise<Record<string, string>> {
    return (await exists(db, 'companies', input.company)) ? {} : { company: 'validation.unknownRecord' };
  },
  async insert(db, input, at) {
    const row = await db.insertInto('departments').values({ name: input.name, companyId: input.company, createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update(db, id, input, at) {
    await db.updateTable('departments').set({ name: input.name, companyId: input.company, updatedAt: at }).where('id', '=', id).execute();
  },
  async usage(db, id) {
    if ((await countReferences(db, 'employees', 'departmentId', id)) > 0) return 'errors.inUse.department';
    if ((await countReferences(db, 'jobTitles', 'departmentId', id)) > 0) return 'errors.inUse.departmentJobTitles';
    return undefined;
  },
  async remove(db, id) {
    await db.deleteFrom('departments').where('id', '=', id).execute();
  },
};

/** The company a department belongs to, if the department exists. */
export async function findDepartmentCompany(db: Db, id: number): Promise<{ companyId: number } | undefined> {
  return db.selectFrom('departments').select('companyId').where('id', '=', id).executeTakeFirst();
}

/** Id, name and company of every department, in id order. */
export async function departmentNames(db: Db): Promise<{ id: number; name: string; companyId: number }[]> {
  return db.selectFrom('departments').select(['id', 'name', 'companyId']).orderBy('id').execute();
}

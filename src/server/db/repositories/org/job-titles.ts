import { containsText } from '../../like.ts';
import { JobTitleInput } from '#domain/org/org-schemas.ts';
import type { Db } from '../../connection.ts';
import type { CrudResource } from '../../crud-resource.ts';
import { countReferences } from './references.ts';
import type { JobTitleDto } from '#domain/api/records.ts';
import { sortDirection } from '../../sort-direction.ts';
import { byName } from '../../text-order.ts';

export type { JobTitleDto };

const SORT = { name: byName('jobTitles.name'), department: byName('departments.name'), company: byName('companies.name'), createdAt: 'jobTitles.createdAt' } as const;

const base = (db: Db) => db.selectFrom('jobTitles').innerJoin('departments', 'departments.id', 'jobTitles.departmentId').innerJoin('companies', 'companies.id', 'jobTitles.companyId');

const select = (q: ReturnType<typeof base>) =>
  q.select((eb) => [
    'jobTitles.id',
    'jobTitles.name',
    'jobTitles.departmentId',
    'jobTitles.companyId',
    'jobTitles.createdAt',
    'departments.name as departmentName',
    'companies.name as companyName',
    eb.selectFrom('employees').whereRef('employees.jobTitleId', '=', 'jobTitles.id').select(eb.fn.countAll().as('n')).as('employees'),
  ]);

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toDto = (r: Row): JobTitleDto => ({
  _id: r.id,
  name: r.name,
  department: r.departmentId,
  departmentName: r.departmentName,
  company: r.companyId,
  companyName: r.companyName,
  employees: Number(r.employees),
  createdAt: r.createdAt,
});

export const jobTitlesResource: CrudResource<JobTitleInput, JobTitleDto> = {
  entity: 'jobTitle',
  schema: JobTitleInput,
  listOptions: { sortable: Object.keys(SORT), defaultSort: 'name' },
  async list(db, query) {
    let q = base(db);
    if (query.q) {
      q = q.where((eb) => eb.or([containsText('jobTitles.name', query.q), containsText('departments.name', query.q), containsText('companies.name', query.q)]));
    }
    const department = Number(query.filters['department']);
    if (Number.isInteger(department) && department > 0) q = q.where('jobTitles.departmentId', '=', department);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await select(q)
      .orderBy(SORT[query.sort as keyof typeof SORT], sortDirection(query.dir))
      .orderBy('jobTitles.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { total, data: rows.map(toDto) };
  },
  async get(db, id) {
    const r = await select(base(db)).where('jobTitles.id', '=', id).executeTakeFirst();
    return r && toDto(r);
  },
  async checkReferences(db, input): Promise<Record<string, string>> {
    const department = await db.selectFrom('departments').select('companyId').where('id', '=', input.department).executeTakeFirst();
    if (!department) return { department: 'validation.unknownRecord' };
    if (department.companyId !== input.company) return { department: 'validation.departmentNotInCompany' };
    return {};
  },
  async insert(db, input, at) {
    const row = await db.insertInto('jobTitles').values({ name: input.name, departmentId: input.department, companyId: input.company, createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow();
    return row.id;
  },
  async update(db, id, input, at) {
    await db.updateTable('jobTitles').set({ name: input.name, departmentId: input.department, companyId: input.company, updatedAt: at }).where('id', '=', id).execute();
  },
  async usage(db, id) {
    return (await countReferences(db, 'employees', 'jobTitleId', id)) > 0 ? 'errors.inUse.jobTitle' : undefined;
  },
  async remove(db, id) {
    await db.deleteFrom('jobTitles').where('id', '=', id).execute();
  },
};

/** The department a job title belongs to, if the job title exists. */
export async function findJobTitleDepartment(db: Db, id: number): Promise<{ departmentId: number } | undefined> {
  return db.selectFrom('jobTitles').select('departmentId').where('id', '=', id).executeTakeFirst();
}

/** Id, name and department of every job title, in id order. */
export async function jobTitleNames(db: Db): Promise<{ id: number; name: string; departmentId: number }[]> {
  return db.selectFrom('jobTitles').select(['id', 'name', 'departmentId']).orderBy('id').execute();
}

/** The first job title of a company (lowest id) with its department's name, if it has one. */
export async function firstJobTitleOfCompany(db: Db, companyId: number): Promise<{ jobTitle: string; department: string } | undefined> {
  return db
    .selectFrom('jobTitles')
    .innerJoin('departments', 'departments.id', 'jobTitles.departmentId')
    .select(['jobTitles.name as jobTitle', 'departments.name as department'])
    .where('jobTitles.companyId', '=', companyId)
    .orderBy('jobTitles.id')
    .executeTakeFirst();
}

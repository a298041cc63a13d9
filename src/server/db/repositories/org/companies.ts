import { containsText } from '../../like.ts';
import { CompanyInput, taxIdFitsCountry } from '#domain/org/org-schemas.ts';
import { readSettings } from '../settings.ts';
import type { CrudResource } from '../../crud-resource.ts';
import { countReferences } from './references.ts';
import type { CompanyDto } from '#domain/api/records.ts';
import type { Db } from '../../connection.ts';
import { sortDirection } from '../../sort-direction.ts';
import { chainFigureDeletions } from '../record-chain.ts';
import { figureRecords } from '../record-chain-figures.ts';
import { byName } from '../../text-order.ts';

export type { CompanyDto };

const SORT = { name: byName('companies.name'), createdAt: 'companies.createdAt' } as const;

export const companiesResource: CrudResource<CompanyInput, CompanyDto> = {
  entity: 'company',
  schema: CompanyInput,
  listOptions: { sortable: Object.keys(SORT), defaultSort: 'name' },
  async list(db, query) {
    let base = db.selectFrom('companies');
    if (query.q) base = base.where(containsText('companies.name', query.q));
    const total = Number((await base.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await base
      .select((eb) => [
        'companies.id',
        'companies.name',
        'companies.taxId',
        'companies.contributionAccountCode',
        'companies.personalClock',
        'companies.proofOfPlace',
        'companies.positionRetentionDays',
        'companies.workerOvertimeChoice',
        'companies.requireTwoFactor',
        'companies.createdAt',
        eb.selectFrom('departments').whereRef('departments.companyId', '=', 'companies.id').select(eb.fn.countAll().as('n')).as('departments'),
        eb.selectFrom('employees').whereRef('employees.companyId', '=', 'companies.id').select(eb.fn.countAll().as('n')).as('employees'),
      ])
      .orderBy(SORT[query.sort as keyof typeof SORT], sortDirection(query.dir))
      .orderBy('companies.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return {
      total,
      data: rows.map((r) => ({
        _id: r.id,
        name: r.name,
        taxId: r.taxId,
        contributionAccountCode: r.contributionAccountCode,
        personalClock: r.personalClock === 1,
        proofOfPlace: r.proofOfPlace,
        positionRetentionDays: r.positionRetentionDays,
        workerOvertimeChoice: r.workerOvertimeChoice === 1,
        requireTwoFactor: r.requireTwoFactor === 1,
        departments: Number(r.departments),
        employees: Number(r.employees),
        createdAt: r.createdAt,
      })),
    };
  },
  async get(db, id) {
    const r = await db
      .selectFrom('companies')
      .select(['id', 'name', 'taxId', 'contributionAccountCode', 'personalClock', 'proofOfPlace', 'positionRetentionDays', 'workerOvertimeChoice', 'requireTwoFactor', 'createdAt'])
      .where('id', '=', id)
      .executeTakeFirst();
    if (!r) return undefined;
    return {
      _id: r.id,
      name: r.name,
      taxId: r.taxId,
      contributionAccountCode: r.contributionAccountCode,
      personalClock: r.personalClock === 1,
      proofOfPlace: r.proofOfPlace,
      positionRetentionDays: r.positionRetentionDays,
      workerOvertimeChoice: r.workerOvertimeChoice === 1,
      requireTwoFactor: r.requireTwoFactor === 1,
      createdAt: r.createdAt,
      departments: await countReferences(db, 'departments', 'companyId', id),
      employees: await countReferences(db, 'employees', 'companyId', id),
    };
  },
  /** A tax ID must fit the instance's country: in Spain its check character (issue 37.5). */
  async checkReferences(db, input): Promise<Record<string, string>> {
    if (input.taxId === null || taxIdFitsCountry(input.taxId, (await readSettings(db)).country)) return {};
    return { taxId: 'companies.taxIdSpain' };
  },
  async insert(db, input, at) {
    const row = await db
      .insertInto('companies')
      .values({
        name: input.name,
        taxId: input.taxId,
        contributionAccountCode: input.contributionAccountCode,
        personalClock: input.personalClock ? 1 : 0,
        proofOfPlace: input.proofOfPlace,
        positionRetentionDays: input.positionRetentionDays,
        workerOvertimeChoice: input.workerOvertimeChoice ? 1 : 0,
        requireTwoFactor: input.requireTwoFactor ? 1 : 0,
        createdAt: at,
        updatedAt: at,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async update(db, id, input, at) {
    await db
      .updateTable('companies')
      .set({
        name: input.name,
        taxId: input.taxId,
        contributionAccountCode: input.contributionAccountCode,
        personalClock: input.personalClock ? 1 : 0,
        proofOfPlace: input.proofOfPlace,
        positionRetentionDays: input.positionRetentionDays,
        workerOvertimeChoice: input.workerOvertimeChoice ? 1 : 0,
        requireTwoFactor: input.requireTwoFactor ? 1 : 0,
        updatedAt: at,
      })
      .where('id', '=', id)
      .execute();
  },
  async usage(db, id) {
    // Inspection links keep their log of uses (decision 036): a company that has one stays.
    for (const table of ['departments', 'jobTitles', 'leaveTypes', 'leaveGroups', 'employees', 'inspectionLinks', 'workplaces'] as const) {
      if ((await countReferences(db, table, 'companyId', id)) > 0) return 'errors.inUse.company';
    }
    if ((await countReferences(db, 'users', 'companyId', id)) > 0) return 'errors.inUse.company';
    const usedRole = await db.selectFrom('roles').innerJoin('users', 'users.roleId', 'roles.id').select('roles.id').where('roles.companyId', '=', id).executeTakeFirst();
    return usedRole ? 'errors.inUse.company' : undefined;
  },
  async remove(db, id) {
    // Default roles belong to their company and go with it.
    await db
      .deleteFrom('roles')
      .where('companyId', '=', id)
      .where((eb) => eb.not(eb.exists(eb.selectFrom('users').whereRef('users.roleId', '=', 'roles.id').select('users.id'))))
      .execute();
    // Its holidays go with it (ON DELETE CASCADE): their deletions are chained (decision 033, update of issue 33).
    const holidays = await db.selectFrom('holidays').select('id').where('companyId', '=', id).execute();
    const gone = await figureRecords(
      db,
      'holiday',
      holidays.map((h) => h.id),
    );
    await db.deleteFrom('companies').where('id', '=', id).execute();
    await chainFigureDeletions(db, gone);
  },
};

/** Id and name of the companies in id order; only the first `limit` when given. */
export async function companyNames(db: Db, limit?: number): Promise<{ id: number; name: string }[]> {
  const q = db.selectFrom('companies').select(['id', 'name']).orderBy('id');
  return (limit === undefined ? q : q.limit(limit)).execute();
}

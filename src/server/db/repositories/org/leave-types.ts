import { containsText } from '../../like.ts';
import { LeaveTypeInput } from '#domain/org/org-schemas.ts';
import type { Db } from '../../connection.ts';
import type { CrudResource } from '../../crud-resource.ts';
import { countReferences, exists } from './references.ts';
import { refuseLockedLeaveType } from '../record-lock.ts';
import type { LeaveTypeDto } from '#domain/api/records.ts';
import { sortDirection } from '../../sort-direction.ts';
import { byName } from '../../text-order.ts';

export type { LeaveTypeDto };

const SORT = { name: byName('leaveTypes.name'), company: byName('companies.name'), daysPerYear: 'leaveTypes.daysPerYear', createdAt: 'leaveTypes.createdAt' } as const;

const base = (db: Db) => db.selectFrom('leaveTypes').innerJoin('companies', 'companies.id', 'leaveTypes.companyId');
const select = (q: ReturnType<typeof base>) =>
  q.select([
    'leaveTypes.id',
    'leaveTypes.name',
    'leaveTypes.companyId',
    'leaveTypes.daysPerYear',
    'leaveTypes.accrualDaysPerMonth',
    'leaveTypes.carryOverMaxDays',
    'leaveTypes.carryOverExpiry',
    'leaveTypes.drawsFromBalance',
    'leaveTypes.createdAt',
    'companies.name as companyName',
  ]);
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toDto = (r: Row): LeaveTypeDto => ({
  _id: r.id,
  name: r.name,
  company: r.companyId,
  companyName: r.companyName,
  daysPerYear: r.daysPerYear,
  accrualDaysPerMonth: r.accrualDaysPerMonth,
  carryOverMaxDays: r.carryOverMaxDays,
  carryOverExpiry: r.carryOverExpiry,
  drawsFromBalance: r.drawsFromBalance === 1,
  createdAt: r.createdAt,
});

/** The allowance columns of an input (decision 053); absent fields (older clients) mean none. */
const allowanceOf = (input: LeaveTypeInput) => ({
  daysPerYear: input.daysPerYear ?? null,
  accrualDaysPerMonth: input.accrualDaysPerMonth ?? null,
  carryOverMaxDays: input.carryOverMaxDays ?? null,
  carryOverExpiry: input.carryOverExpiry ?? null,
});

export const leaveTypesResource: CrudResource<LeaveTypeInput, LeaveTypeDto> = {
  entity: 'leaveType',
  schema: LeaveTypeInput,
  listOptions: { sortable: Object.keys(SORT), defaultSort: 'name' },
  async list(db, query) {
    let q = base(db);
    if (query.q) q = q.where((eb) => eb.or([containsText('leaveTypes.name', query.q), containsText('companies.name', query.q)]));
    const company = Number(query.filters['company']);
    if (Number.isInteger(company) && company > 0) q = q.where('leaveTypes.companyId', '=', company);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await select(q)
      .orderBy(SORT[query.sort as keyof typeof SORT], sortDirection(query.dir))
      .orderBy('leaveTypes.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { total, data: rows.map(toDto) };
  },
  async get(db, id) {
    const r = await select(base(db)).where('leaveTypes.id', '=', id).executeTakeFirst();
    return r && toDto(r);
  },
  async checkReferences(db, input): Promise<Record<string, string>> {
    return (await exists(db, 'companies', input.company)) ? {} : { company: 'validation.unknownRecord' };
  },
  async insert(db, input, at) {
    const row = await db
      .insertInto('leaveTypes')
      .values({ name: input.name, companyId: input.company, ...allowanceOf(input), drawsFromBalance: input.drawsFromBalance ? 1 : 0, createdAt: at, updatedAt: at })
      .returning('id')
      .executeTakeFirstOrThrow();
    return row.id;
  },
  async update(db, id, input, at) {
    // Whether a leave draws from the hours balance changes the figures of its days (decision 049):
    // refused while an approved leave of the type touches a locked date (decision 051).
    const before = await db.selectFrom('leaveTypes').select('drawsFromBalance').where('id', '=', id).executeTakeFirst();
    if (before && before.drawsFromBalance !== (input.drawsFromBalance ? 1 : 0)) await refuseLockedLeaveType(db, id);
    await db
      .updateTable('leaveTypes')
      .set({ name: input.name, companyId: input.company, ...allowanceOf(input), drawsFromBalance: input.drawsFromBalance ? 1 : 0, updatedAt: at })
      .where('id', '=', id)
      .execute();
  },
  async usage(db, id) {
    if ((await countReferences(db, 'leaves', 'leaveTypeId', id)) > 0) return 'errors.inUse.leaveType';
    if ((await countReferences(db, 'leaveGroupLeaveTypes', 'leaveTypeId', id)) > 0) return 'errors.inUse.leaveTypeGroups';
    return undefined;
  },
  async remove(db, id) {
    await db.deleteFrom('leaveTypes').where('id', '=', id).execute();
  },
};

/** Ids of a company's leave types. */
export async function leaveTypeIdsOfCompany(db: Db, companyId: number): Promise<number[]> {
  const rows = await db.selectFrom('leaveTypes').select('id').where('companyId', '=', companyId).execute();
  return rows.map((r) => r.id);
}

import { containsText } from '../../like.ts';
import { HolidayInput } from '#domain/org/org-schemas.ts';
import type { Db } from '../../connection.ts';
import type { CrudResource } from '../../crud-resource.ts';
import { WriteRefused } from '../../write-refused.ts';
import { exists } from './references.ts';
import { refuseLockedCompanyDates } from '../record-lock.ts';
import { chainFigureDeletions, chainFigureRows } from '../record-chain.ts';
import { figureRecords } from '../record-chain-figures.ts';
import type { HolidayDto } from '#domain/api/records.ts';
import { sortDirection } from '../../sort-direction.ts';
import { byName } from '../../text-order.ts';

export type { HolidayDto };

const SORT = { date: 'holidays.date', name: byName('holidays.name'), company: byName('companies.name') } as const;

const base = (db: Db) => db.selectFrom('holidays').innerJoin('companies', 'companies.id', 'holidays.companyId');
const select = (q: ReturnType<typeof base>) => q.select(['holidays.id', 'holidays.name', 'holidays.date', 'holidays.companyId', 'holidays.createdAt', 'companies.name as companyName']);
type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];
const toDto = (r: Row): HolidayDto => ({ _id: r.id, name: r.name, date: r.date, company: r.companyId, companyName: r.companyName, createdAt: r.createdAt });

/** Company holidays: leave day counting and return dates skip them. */
export const holidaysResource: CrudResource<HolidayInput, HolidayDto> = {
  entity: 'holiday',
  schema: HolidayInput,
  listOptions: { sortable: Object.keys(SORT), defaultSort: 'date' },
  async list(db, query) {
    let q = base(db);
    if (query.q) q = q.where((eb) => eb.or([containsText('holidays.name', query.q), containsText('holidays.date', query.q)]));
    const year = query.filters['year'];
    if (year && /^\d{4}$/.test(year)) q = q.where('holidays.date', 'like', `${year}-%`);
    const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
    const rows = await select(q)
      .orderBy(SORT[query.sort as keyof typeof SORT], sortDirection(query.dir))
      .orderBy('holidays.id')
      .limit(query.pageSize)
      .offset((query.page - 1) * query.pageSize)
      .execute();
    return { total, data: rows.map(toDto) };
  },
  async get(db, id) {
    const r = await select(base(db)).where('holidays.id', '=', id).executeTakeFirst();
    return r && toDto(r);
  },
  async checkReferences(db, input): Promise<Record<string, string>> {
    return (await exists(db, 'companies', input.company)) ? {} : { company: 'validation.unknownRecord' };
  },
  // A holiday changes what its date expects for every employee of the company: refused on a date
  // any of them has approved (decision 051), and so is moving, renaming or deleting one there.
  // Every write chains the holiday as stored, or its deletion (decision 033, update of issue 33).
  async insert(db, input, at) {
    await refuseLockedCompanyDates(db, input.company, [input.date]);
    await assertFreeDay(db, input, null);
    const row = await db.insertInto('holidays').values({ name: input.name, date: input.date, companyId: input.company, createdAt: at, updatedAt: at }).returning('id').executeTakeFirstOrThrow();
    await chainFigureRows(db, 'holiday', [row.id]);
    return row.id;
  },
  async update(db, id, input, at) {
    // The monthly record names the holiday, so even a new name would change a signed month.
    const before = await db.selectFrom('holidays').select(['date', 'companyId', 'name']).where('id', '=', id).executeTakeFirst();
    if (before && (before.date !== input.date || before.companyId !== input.company || before.name !== input.name)) {
      await refuseLockedCompanyDates(db, before.companyId, [before.date]);
      await refuseLockedCompanyDates(db, input.company, [input.date]);
    }
    await assertFreeDay(db, input, id);
    await db.updateTable('holidays').set({ name: input.name, date: input.date, companyId: input.company, updatedAt: at }).where('id', '=', id).execute();
    await chainFigureRows(db, 'holiday', [id]);
  },
  async usage() {
    return undefined;
  },
  async remove(db, id) {
    const before = await db.selectFrom('holidays').select(['date', 'companyId']).where('id', '=', id).executeTakeFirst();
    if (before) await refuseLockedCompanyDates(db, before.companyId, [before.date]);
    const gone = await figureRecords(db, 'holiday', [id]);
    await db.deleteFrom('holidays').where('id', '=', id).execute();
    await chainFigureDeletions(db, gone);
  },
};

/** One holiday per company and day. */
async function assertFreeDay(db: Db, input: HolidayInput, selfId: number | null): Promise<void> {
  let q = db.selectFrom('holidays').select('id').where('companyId', '=', input.company).where('date', '=', input.date);
  if (selfId !== null) q = q.where('id', '!=', selfId);
  if (await q.executeTakeFirst()) {
    throw new WriteRefused('validation.invalidInput', 422, {}, { date: 'holidays.dayTaken' });
  }
}

/** The holiday dates of an employee's company, for their work calendar. */
export async function holidayDatesOfEmployee(db: Db, employeeId: number): Promise<Set<string>> {
  const rows = await db.selectFrom('holidays').innerJoin('employees', 'employees.companyId', 'holidays.companyId').select('holidays.date').where('employees.id', '=', employeeId).execute();
  return new Set(rows.map((r) => r.date));
}

/** A company's holidays in a year: date -> name (the import's duplicate check). */
export async function companyHolidaysOfYear(db: Db, companyId: number, year: number): Promise<Map<string, string>> {
  const rows = await db.selectFrom('holidays').select(['date', 'name']).where('companyId', '=', companyId).where('date', '>=', `${year}-01-01`).where('date', '<=', `${year}-12-31`).execute();
  return new Map(rows.map((r) => [r.date, r.name]));
}

/** Writes imported holidays (days already taken, and locked ones, were left out by the caller, in the same transaction). */
export async function insertHolidays(db: Db, companyId: number, holidays: readonly { date: string; name: string }[], at: string): Promise<void> {
  if (holidays.length === 0) return;
  await refuseLockedCompanyDates(
    db,
    companyId,
    holidays.map((h) => h.date),
  );
  await db
    .insertInto('holidays')
    .values(holidays.map((h) => ({ name: h.name, date: h.date, companyId, createdAt: at, updatedAt: at })))
    // The unique (company, date) index: a day taken meanwhile is skipped, never doubled.
    .onConflict((oc) => oc.columns(['companyId', 'date']).doNothing())
    .returning('id')
    .execute()
    .then((rows) =>
      chainFigureRows(
        db,
        'holiday',
        rows.map((r) => r.id),
      ),
    );
}

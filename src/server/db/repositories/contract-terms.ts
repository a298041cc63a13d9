import { contractTermsOn, FROM_THE_BEGINNING, sameTerms, type ContractTerms, type ContractTermsByDate, type ContractTermsChange } from '#domain/employees/contract-terms.ts';
import type { Db } from '../connection.ts';
import { chainFigureDeletions, chainFigureRows } from './record-chain.ts';
import { figureRecords } from './record-chain-figures.ts';
import { refuseLockedEmployeeFrom } from './record-lock.ts';
import { employeeWhere, type EmployeeFilter } from './report-data.ts';

/**
 * The effective-dated contract terms of each employee (issue 33 point 1, migration 0034): the
 * working-day type and part-time percentage in force on each date. Every figure computation asks
 * `contractTermsByEmployee` instead of reading the employee's columns, so a change applies only
 * from its `effectiveFrom` and never rewrites an earlier day. The columns keep the terms last
 * entered (what the form shows), as the settings keep the break rules' last values.
 */

const COLUMNS = ['id', 'employeeId', 'effectiveFrom', 'workingDayType', 'partTimePercent', 'createdAt', 'authorId'] as const;

/** One employee's changes, oldest effective date first (a handful of rows). */
export function contractTermsHistory(db: Db, employeeId: number): Promise<ContractTermsChange[]> {
  return db.selectFrom('contractTermsHistory').select(COLUMNS).where('employeeId', '=', employeeId).orderBy('effectiveFrom').orderBy('id').execute();
}

/**
 * The terms in force on each date of every employee under the filter: one read. An employee
 * without history (a row written behind the app) falls back to their columns.
 */
export async function contractTermsByEmployee(db: Db, filter: EmployeeFilter): Promise<Map<number, ContractTermsByDate>> {
  const rows = await db
    .selectFrom('employees')
    .leftJoin('contractTermsHistory as t', 't.employeeId', 'employees.id')
    .select([
      'employees.id as employee',
      'employees.workingDayType as currentType',
      'employees.partTimePercent as currentPercent',
      't.id',
      't.effectiveFrom',
      't.workingDayType',
      't.partTimePercent',
      't.createdAt',
      't.authorId',
    ])
    .where(employeeWhere(filter))
    .execute();
  const history = new Map<number, { fallback: ContractTerms; changes: ContractTermsChange[] }>();
  for (const r of rows) {
    let own = history.get(r.employee);
    if (!own) {
      own = { fallback: { workingDayType: r.currentType, partTimePercent: r.currentType === 'part-time' ? r.currentPercent : null }, changes: [] };
      history.set(r.employee, own);
    }
    if (r.id !== null)
      own.changes.push({ id: r.id, employeeId: r.employee, effectiveFrom: r.effectiveFrom!, workingDayType: r.workingDayType!, partTimePercent: r.partTimePercent, createdAt: r.createdAt!, authorId: r.authorId });
  }
  const out = new Map<number, ContractTermsByDate>();
  for (const [id, { fallback, changes }] of history) out.set(id, (date) => contractTermsOn(changes, date, fallback));
  return out;
}

/** The terms of one employee on each date. */
export async function contractTermsOfEmployee(db: Db, employeeId: number): Promise<ContractTermsByDate> {
  return (await contractTermsByEmployee(db, { employee: employeeId })).get(employeeId) ?? (() => ({ workingDayType: 'full-time', partTimePercent: null }));
}

/**
 * Writes an employee's contract terms (the one writer of the columns `workingDayType` and
 * `partTimePercent`, which keep the terms last entered). A dated row is added when the terms
 * differ from the last entered ones, or when `explicit` (the date was asked for) and other terms
 * are in force on `effectiveFrom`; otherwise nothing is dated (an edit of other fields sends the
 * same terms back). An employee without history first gets the terms they had, from the
 * beginning, so the earlier days keep them. Returns whether a change was dated.
 */
export async function changeContractTerms(db: Db, employeeId: number, change: { terms: ContractTerms; effectiveFrom: string; explicit: boolean; at: string; authorId: number | null }): Promise<boolean> {
  const current = await db.selectFrom('employees').select(['workingDayType', 'partTimePercent']).where('id', '=', employeeId).executeTakeFirst();
  if (!current) return false;
  const entered: ContractTerms = { workingDayType: current.workingDayType, partTimePercent: current.workingDayType === 'part-time' ? current.partTimePercent : null };
  const terms: ContractTerms = { workingDayType: change.terms.workingDayType, partTimePercent: change.terms.workingDayType === 'part-time' ? change.terms.partTimePercent : null };
  const history = await contractTermsHistory(db, employeeId);
  const dated = !sameTerms(terms, entered) || (change.explicit && !sameTerms(terms, contractTermsOn(history, change.effectiveFrom, entered)));
  if (!dated) return false;
  await refuseLockedEmployeeFrom(db, employeeId, change.effectiveFrom);
  if (history.length === 0) await insertContractTerms(db, [{ employeeId, effectiveFrom: FROM_THE_BEGINNING, terms: entered, at: change.at, authorId: null }]);
  await insertContractTerms(db, [{ employeeId, effectiveFrom: change.effectiveFrom, terms, at: change.at, authorId: change.authorId }]);
  await db.updateTable('employees').set({ workingDayType: terms.workingDayType, partTimePercent: terms.partTimePercent }).where('id', '=', employeeId).execute();
  return true;
}

/**
 * The first rows of new employees, in force from the beginning (nothing of theirs is approved
 * yet): many per statement, chained. Returns the ids in the order given.
 */
export async function insertInitialContractTerms(db: Db, rows: readonly { employeeId: number; terms: ContractTerms; at: string; authorId: number | null }[]): Promise<number[]> {
  return insertContractTerms(
    db,
    rows.map((r) => ({ ...r, effectiveFrom: FROM_THE_BEGINNING })),
  );
}

/** Rows per INSERT: 6 columns x 500 rows stays well inside SQLite's bound parameters. */
const INSERT_CHUNK = 500;

async function insertContractTerms(db: Db, rows: readonly { employeeId: number; effectiveFrom: string; terms: ContractTerms; at: string; authorId: number | null }[]): Promise<number[]> {
  const ids: number[] = [];
  for (let i = 0; i < rows.length; i += INSERT_CHUNK) {
    const values = rows.slice(i, i + INSERT_CHUNK).map((r) => ({
      employeeId: r.employeeId,
      effectiveFrom: r.effectiveFrom,
      workingDayType: r.terms.workingDayType,
      partTimePercent: r.terms.workingDayType === 'part-time' ? r.terms.partTimePercent : null,
      createdAt: r.at,
      authorId: r.authorId,
    }));
    ids.push(...(await db.insertInto('contractTermsHistory').values(values).returning('id').execute()).map((r) => r.id));
  }
  // Chained like every row a figure is read from (decision 033): an edit of the file fails verify.
  await chainFigureRows(db, 'contract', ids);
  return ids;
}

/** Deletes an employee's history (the employee is being deleted), chaining each deletion. */
export async function deleteContractTermsOf(db: Db, employeeId: number): Promise<void> {
  const rows = await db.selectFrom('contractTermsHistory').select('id').where('employeeId', '=', employeeId).execute();
  const gone = await figureRecords(
    db,
    'contract',
    rows.map((r) => r.id),
  );
  await db.deleteFrom('contractTermsHistory').where('employeeId', '=', employeeId).execute();
  await chainFigureDeletions(db, gone);
}

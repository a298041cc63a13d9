import type { Kysely } from 'kysely';
import type { Period } from '#domain/reports/periods.ts';
import type { Database } from '../schema.ts';
import { chainFigureRows } from './record-chain.ts';
import { saltedText } from '../chain-hash.ts';
import { insertSnapshot, supersedeSnapshots } from './approval-snapshots.ts';

type Db = Kysely<Database>;

/** A period approval as the lock rule and the close screen read it (migration 0020). */
export interface PeriodApprovalRow {
  id: number;
  employeeId: number;
  from: string;
  to: string;
  status: 'approved' | 'reopened';
  approvedBy: number | null;
  approverName: string | null;
  approvedAt: string;
  reopenedBy: number | null;
  reopenerName: string | null;
  reopenedAt: string | null;
  reopenReason: string | null;
}

const selectApprovals = (db: Db) =>
  db
    .selectFrom('periodApprovals as p')
    .leftJoin('users as a', 'a.id', 'p.approvedBy')
    .leftJoin('users as r', 'r.id', 'p.reopenedBy')
    .select([
      'p.id',
      'p.employeeId',
      'p.dateFrom as from',
      'p.dateTo as to',
      'p.status',
      'p.approvedBy',
      'a.name as approverName',
      'p.approvedAt',
      'p.reopenedBy',
      'r.name as reopenerName',
      'p.reopenedAt',
      'p.reopenReason',
    ]);

/** The employee's approved periods that overlap `span` (the lock check: one indexed range read). */
export async function approvedPeriodsOverlapping(db: Db, employeeId: number, span: Period): Promise<Period[]> {
  return db
    .selectFrom('periodApprovals')
    .select(['dateFrom as from', 'dateTo as to'])
    .where('employeeId', '=', employeeId)
    .where('status', '=', 'approved')
    .where('dateTo', '>=', span.from)
    .where('dateFrom', '<=', span.to)
    .orderBy('dateFrom')
    .execute();
}

/** Every approval row (approved or reopened) overlapping `span`, of every employee: the close screen's one read. */
export async function approvalsOverlapping(db: Db, span: Period): Promise<PeriodApprovalRow[]> {
  return selectApprovals(db).where('p.dateTo', '>=', span.from).where('p.dateFrom', '<=', span.to).orderBy('p.dateFrom').execute();
}

/** The row of exactly this employee and period, if any. */
export async function findPeriodApproval(db: Db, employeeId: number, period: Period): Promise<PeriodApprovalRow | undefined> {
  return selectApprovals(db).where('p.employeeId', '=', employeeId).where('p.dateFrom', '=', period.from).where('p.dateTo', '=', period.to).executeTakeFirst();
}

/**
 * Approves (locks) the period: a new row, or a reopened row approved again. With `snapshot`, the
 * figures the approval freezes are stored first (an earlier snapshot of the row is superseded),
 * so the approval's chain entry records their digest (decision 051, update of issue 33).
 */
export async function upsertApproval(db: Db, row: { employeeId: number; from: string; to: string; approvedBy: number; approvedAt: string }, snapshot?: { payroll: object; totals: object }): Promise<void> {
  const rows = await db
    .insertInto('periodApprovals')
    .values({ employeeId: row.employeeId, dateFrom: row.from, dateTo: row.to, status: 'approved', approvedBy: row.approvedBy, approvedAt: row.approvedAt })
    .onConflict((oc) => oc.columns(['employeeId', 'dateFrom', 'dateTo']).doUpdateSet({ status: 'approved', approvedBy: row.approvedBy, approvedAt: row.approvedAt }))
    .returning('id')
    .execute();
  if (snapshot) for (const r of rows) await insertSnapshot(db, { approvalId: r.id, employeeId: row.employeeId, from: row.from, to: row.to, ...snapshot, at: row.approvedAt });
  await chainFigureRows(
    db,
    'approval',
    rows.map((r) => r.id),
  );
}

/** The reopen reason's salt and digest (decision 083): chained instead of the text, so the purge can delete it. */
function reopenReasonColumns(text: string) {
  const { salt, digest } = saltedText(text);
  return { reopenReasonSalt: salt, reopenReasonDigest: digest };
}

/** Reopens an approved row; false when it was not approved (reopened meanwhile). */
export async function reopenApproval(db: Db, id: number, change: { reopenedBy: number; reopenedAt: string; reopenReason: string }): Promise<boolean> {
  const result = await db
    .updateTable('periodApprovals')
    .set({ status: 'reopened', ...change, ...reopenReasonColumns(change.reopenReason) })
    .where('id', '=', id)
    .where('status', '=', 'approved')
    .executeTakeFirst();
  if (Number(result.numUpdatedRows) !== 1) return false;
  // Its frozen figures stay as history, marked superseded; approving again freezes new ones.
  await supersedeSnapshots(db, id, change.reopenedAt);
  // Chained as stored, in the caller's transaction (decision 033, update of issue 33), as the approval was.
  await chainFigureRows(db, 'approval', [id]);
  return true;
}

/** One employee's rows (approved or reopened) overlapping `span`. */
export async function approvalsOfEmployee(db: Db, employeeId: number, span: Period): Promise<PeriodApprovalRow[]> {
  return selectApprovals(db).where('p.employeeId', '=', employeeId).where('p.dateTo', '>=', span.from).where('p.dateFrom', '<=', span.to).orderBy('p.dateFrom').execute();
}

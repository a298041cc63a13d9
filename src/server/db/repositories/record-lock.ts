import { lockedMessage, lockingPeriod } from '#domain/periods/period-lock.ts';
import type { Period } from '#domain/reports/periods.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import { WriteRefused } from '../write-refused.ts';
import { primeBatchRead, readOncePerBatch } from '../batch-reads.ts';
import type { Kysely } from 'kysely';
import type { Db } from '../connection.ts';
import type { Database } from '../schema.ts';
import { preparedQuery } from '../prepared-query.ts';

/**
 * The lock of approved periods where the record is written (decision 051, update of issue 33):
 * every repository function that writes a day's figures (attendances and their breaks, punches,
 * correction requests, approved leave, schedules, company holidays, the employee's dated contract
 * terms and company, how a leave type counts) calls one of these in the caller's transaction, so no writer
 * can forget it and an approval and a write cannot pass each other. A refusal is a 409
 * `periods.locked` naming the period. The rule itself is pure (`domain/periods/period-lock.ts`).
 */

export type LockRefusal = ReturnType<typeof lockedMessage>;

/** Far enough for an open-ended span (a schedule without an end date). */
const OPEN_END = '9999-12-31';

const asSpan = (span: Period | string): Period => (typeof span === 'string' ? { from: span, to: span } : { from: span.from, to: span.to ?? OPEN_END });

const approvalsKey = (employeeIds: readonly number[], span: Period) => `periodApprovals ${employeeIds.join(',')} ${span.from} ${span.to}`;

/**
 * The employees' approved periods overlapping `span`, earliest first (one indexed range read). In a
 * batch of punches the period lock is asked twice per punch (the decision, then the writer's
 * guard): read once (batch-reads.ts; no punch approves a period).
 */
function approvedOverlapping(db: Db, employeeIds: readonly number[], span: Period): Promise<(Period & { employeeId: number })[]> {
  if (employeeIds.length === 0) return Promise.resolve([]);
  return readOncePerBatch(approvalsKey(employeeIds, span), () => approvedOverlappingNow(db, employeeIds, span));
}

/** One employee's approved periods overlapping `from`..`to` (every punch asks; also read inside the PostgreSQL clock state, clock-state.ts). */
export const approvedOfEmployeeQuery = (db: Kysely<Database>, p: { employeeId: number; from: string; to: string }) =>
  db
    .selectFrom('periodApprovals')
    .select(['employeeId', 'dateFrom as from', 'dateTo as to'])
    .where('employeeId', '=', p.employeeId)
    .where('status', '=', 'approved')
    .where('dateTo', '>=', p.from)
    .where('dateFrom', '<=', p.to)
    .orderBy('dateFrom');

/** Compiled once (prepared-query.ts). */
const approvedOfEmployee = preparedQuery(approvedOfEmployeeQuery);

/**
 * One employee's approved periods already read over `days` and beyond (`rows`: at least every
 * one that overlaps any of them): this batch's lock checks of any single one of those days are
 * answered from them, as approvedOverlapping would have read them. Outside a batch, nothing.
 */
export function knownApprovedPeriods(employeeId: number, days: readonly string[], rows: readonly (Period & { employeeId: number })[]): void {
  const sorted = [...rows].sort((a, b) => (a.from < b.from ? -1 : a.from > b.from ? 1 : 0));
  for (const day of days) primeBatchRead(approvalsKey([employeeId], { from: day, to: day }), () => sorted.filter((r) => r.from <= day && day <= r.to));
}

function approvedOverlappingNow(db: Db, employeeIds: readonly number[], span: Period): Promise<(Period & { employeeId: number })[]> {
  if (employeeIds.length === 1) return approvedOfEmployee.execute(db, { employeeId: employeeIds[0]!, from: span.from, to: span.to });
  return db
    .selectFrom('periodApprovals')
    .select(['employeeId', 'dateFrom as from', 'dateTo as to'])
    .where('employeeId', 'in', employeeIds)
    .where('status', '=', 'approved')
    .where('dateTo', '>=', span.from)
    .where('dateFrom', '<=', span.to)
    .orderBy('dateFrom')
    .execute();
}

const locked = (refusal: LockRefusal | null): void => {
  if (refusal) throw new WriteRefused(refusal.code, 409, refusal.params);
};

/** The refusal naming the period when `span` (a date or dates) of the employee touches an approved period, else null. */
export async function periodLockRefusal(db: Db, employeeId: number, span: Period | string): Promise<LockRefusal | null> {
  const asked = asSpan(span);
  const period = lockingPeriod(
    (await approvedOverlapping(db, [employeeId], asked)).map((p) => ({ ...p, status: 'approved' as const })),
    asked,
  );
  return period ? lockedMessage(period) : null;
}

/** Throws 409 `periods.locked` when `span` of the employee touches an approved period. */
export async function refuseLockedPeriod(db: Db, employeeId: number, span: Period | string): Promise<void> {
  locked(await periodLockRefusal(db, employeeId, span));
}

/** The same for many (employee, date) pairs at once (bulk inserts): one read. */
export async function refuseLockedDays(db: Db, days: readonly { employeeId: number; date: string }[]): Promise<void> {
  if (days.length === 0) return;
  const dates = days.map((d) => d.date).sort();
  const span = { from: dates[0]!, to: dates[dates.length - 1]! };
  const rows = await approvedOverlapping(db, [...new Set(days.map((d) => d.employeeId))], span);
  if (rows.length === 0) return;
  for (const day of days) {
    const hit = rows.find((r) => r.employeeId === day.employeeId && r.from <= day.date && day.date <= r.to);
    if (hit) locked(lockedMessage(hit));
  }
}

/** Refuses a change to an attendance (by id) whose work date is locked; a missing row passes (the writer decides). */
export async function refuseLockedAttendance(db: Db, attendanceId: number): Promise<void> {
  const row = await db.selectFrom('attendances').select(['employeeId', 'date']).where('id', '=', attendanceId).executeTakeFirst();
  if (row) await refuseLockedPeriod(db, row.employeeId, row.date);
}

/** Refuses a change of every listed attendance's day (breaks written in bulk). */
export async function refuseLockedAttendances(db: Db, attendanceIds: readonly number[]): Promise<void> {
  const ids = [...new Set(attendanceIds)];
  if (ids.length === 0) return;
  const rows = await db.selectFrom('attendances').select(['employeeId', 'date']).where('id', 'in', ids).execute();
  await refuseLockedDays(db, rows);
}

/**
 * A schedule's span (open end: for ever) may change only where nothing is locked. When it is, the
 * refusal also says from which date the change could apply (`openFrom`: the day after the last
 * locked date the span touches) through i18next's context `openFrom`: the code stays
 * `periods.locked`, the text is 'periods.locked_openFrom'.
 */
export async function refuseLockedSchedule(db: Db, employeeId: number, span: { from: string; to: string | null }): Promise<void> {
  const asked = asSpan({ from: span.from, to: span.to ?? OPEN_END });
  if (asked.to < asked.from) return;
  const rows = await approvedOverlapping(db, [employeeId], asked);
  if (rows.length === 0) return;
  const first = rows[0]!;
  const openFrom = addDays(
    rows.reduce((last, r) => (r.to > last ? r.to : last), first.to),
    1,
  );
  throw new WriteRefused('periods.locked', 409, { ...lockedMessage(first).params, openFrom, context: 'openFrom' });
}

/**
 * Refuses an employee's change that applies from `date` on, until the next change (dated contract
 * terms, issue 33 point 1), when any of the employee's approved periods ends on or after it: the
 * same refusal as a schedule's, naming the period and the first date it could apply from.
 */
export async function refuseLockedEmployeeFrom(db: Db, employeeId: number, date: string): Promise<void> {
  await refuseLockedSchedule(db, employeeId, { from: date, to: null });
}

/** The first date of the employee that no approved period covers from then on (the day after the latest approved period's end), or null when none is approved. */
export async function firstOpenDateOf(db: Db, employeeId: number): Promise<string | null> {
  const latest = await db.selectFrom('periodApprovals').select('dateTo').where('employeeId', '=', employeeId).where('status', '=', 'approved').orderBy('dateTo', 'desc').executeTakeFirst();
  return latest ? addDays(latest.dateTo, 1) : null;
}

/** The employees of a company (archived ones too: their approved months stay locked). */
const companyEmployees = (db: Db, companyId: number) => db.selectFrom('employees').select('id').where('companyId', '=', companyId);

/** The company's dates (of `dates`) inside an approved period of any of its employees. */
export async function lockedCompanyDates(db: Db, companyId: number, dates: readonly string[]): Promise<Map<string, Period>> {
  const found = new Map<string, Period>();
  if (dates.length === 0) return found;
  const sorted = [...dates].sort();
  const rows = await db
    .selectFrom('periodApprovals')
    .select(['dateFrom as from', 'dateTo as to'])
    .where('employeeId', 'in', companyEmployees(db, companyId))
    .where('status', '=', 'approved')
    .where('dateTo', '>=', sorted[0]!)
    .where('dateFrom', '<=', sorted[sorted.length - 1]!)
    .orderBy('dateFrom')
    .execute();
  for (const date of dates) {
    const hit = rows.find((r) => r.from <= date && date <= r.to);
    if (hit) found.set(date, hit);
  }
  return found;
}

/** Refuses a company holiday written on (or moved off) a date some employee of the company has approved. */
export async function refuseLockedCompanyDates(db: Db, companyId: number, dates: readonly string[]): Promise<void> {
  const [first] = (await lockedCompanyDates(db, companyId, dates)).values();
  if (first) locked(lockedMessage(first));
}

/**
 * Refuses a change that has no date of its own and so would rewrite every day of the employee
 * (the employee's company, whose holidays the days follow): allowed only while none of the
 * employee's periods is approved. Names the latest approved period. The contract terms are
 * effective-dated instead (`refuseLockedEmployeeFrom`).
 */
export async function refuseUndatedChange(db: Db, employeeId: number): Promise<void> {
  const latest = await db.selectFrom('periodApprovals').select(['dateFrom as from', 'dateTo as to']).where('employeeId', '=', employeeId).where('status', '=', 'approved').orderBy('dateTo', 'desc').executeTakeFirst();
  if (latest) locked(lockedMessage(latest));
}

/**
 * Refuses an installation-wide change without a date of its own that would rewrite every day of
 * every employee (the company time zone, decision 050): allowed only while no period is approved.
 * Names the latest approved period.
 */
export async function refuseWhileAnyApproved(db: Db): Promise<void> {
  const latest = await db.selectFrom('periodApprovals').select(['dateFrom as from', 'dateTo as to']).where('status', '=', 'approved').orderBy('dateTo', 'desc').executeTakeFirst();
  if (latest) locked(lockedMessage(latest));
}

/** Refuses a change of how a leave type counts while an approved leave of that type touches a locked date of its employee. */
export async function refuseLockedLeaveType(db: Db, leaveTypeId: number): Promise<void> {
  const hit = await db
    .selectFrom('leaves')
    .innerJoin('periodApprovals as p', 'p.employeeId', 'leaves.employeeId')
    .select(['p.dateFrom as from', 'p.dateTo as to'])
    .where('leaves.leaveTypeId', '=', leaveTypeId)
    .where('leaves.status', '=', 'approved')
    .where('p.status', '=', 'approved')
    .whereRef('p.dateTo', '>=', 'leaves.fromDate')
    .whereRef('p.dateFrom', '<=', 'leaves.toDate')
    .orderBy('p.dateFrom')
    .executeTakeFirst();
  if (hit) locked(lockedMessage(hit));
}

/**
 * Refuses an installation-wide change that applies from `date` on (an effective-dated rule,
 * decision 050) when any employee's approved period ends on or after it: the change would
 * rewrite that period. Names the earliest such period.
 */
export async function refuseLockedFrom(db: Db, date: string): Promise<void> {
  const hit = await db.selectFrom('periodApprovals').select(['dateFrom as from', 'dateTo as to']).where('status', '=', 'approved').where('dateTo', '>=', date).orderBy('dateFrom').executeTakeFirst();
  if (hit) locked(lockedMessage(hit));
}

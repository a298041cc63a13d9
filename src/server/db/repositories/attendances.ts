import type { WorkFlag } from '#domain/attendance/work-flag.ts';
import { sql, type Insertable, type Kysely, type Updateable } from 'kysely';
import { type ListQuery } from '#domain/lists/list-query.ts';
import { containsText } from '../like.ts';
import { missingCheckOut } from '#domain/clock/clock-engine.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import { scopedEmployeeFilter, type RecordAccount } from '#domain/permissions/record-access.ts';
import { nowIso } from '../../clock/now.ts';
import type { BreakInstants } from '#domain/attendance/shift-times.ts';
import type { Db } from '../connection.ts';
import { withPlannedDaysOf } from './planned-days.ts';
import type { Period } from '#domain/reports/periods.ts';
import type { AttendanceBreakTable, AttendanceTable, Database } from '../schema.ts';
import { breaksJson, parseBreaks } from '../stored-formats.ts';
import { SCHEDULE_RULE_COLUMNS, toScheduleRule } from './schedules.ts';
import { chainFigureDeletions, chainFigureRows, chainRevision, chainVoid, revisionFactsOf, voidFactsOf } from './record-chain.ts';
import { saltedText } from '../chain-hash.ts';

/** A voiding reason's salt and digest columns (decision 083). */
const saltedReason = (text: string) => {
  const { salt, digest } = saltedText(text);
  return { voidReasonSalt: salt, voidReasonDigest: digest };
};
import { figureRecords } from './record-chain-figures.ts';
import { refuseLockedAttendance, refuseLockedAttendances, refuseLockedDays, refuseLockedPeriod } from './record-lock.ts';
import type { RevisionFacts } from '#domain/record-chain/record-chain.ts';
import type { AttendanceDto, AttendanceRevisionDto, AttendanceDetailDto } from '#domain/api/records.ts';
import { sortDirection } from '../sort-direction.ts';
import { byName } from '../text-order.ts';

export type { AttendanceDto, AttendanceRevisionDto, AttendanceDetailDto };
export { parseBreaks };

export const ATTENDANCE_SORTS = {
  date: ['attendances.date', 'attendances.timeIn'],
  employee: [byName('employees.lastName'), byName('employees.firstName')],
  timeIn: ['attendances.timeIn'],
  department: [byName('departments.name')],
} as const;

export const ATTENDANCE_LIST_OPTIONS = { sortable: Object.keys(ATTENDANCE_SORTS), defaultSort: 'date', defaultDir: 'desc' } as const;

/** Who is looking: the record-access policy limits the rows to the employees they may read. */
export type AttendanceViewer = RecordAccount;

const DATE = /^\d{4}-\d{2}-\d{2}$/;
const YES = new Set(['1', 'true', 'yes']);
const NO = new Set(['0', 'false', 'no']);

/** The columns every reader of an attendance needs: its facts as the clock or a correction left them. */
export const ATTENDANCE_FACTS = [
  'attendances.id',
  'attendances.employeeId',
  'attendances.date',
  'attendances.timezone',
  'attendances.timeIn',
  'attendances.timeOut',
  'attendances.workedSeconds',
  'attendances.breakSeconds',
  'attendances.statusIn',
  'attendances.lateSeconds',
  'attendances.earlyDepartureSeconds',
] as const;

/**
 * The facts with what a correction changes: revision number, reason, source (clock/manual), work
 * flag (decision 032), and the day's work mode and overtime compensation (decision 035).
 */
export const ATTENDANCE_RECORD_COLUMNS = [
  ...ATTENDANCE_FACTS,
  'attendances.revision',
  'attendances.reason',
  'attendances.source',
  'attendances.workFlag',
  'attendances.workMode',
  'attendances.overtimeCompensation',
  'attendances.overtimeMarkedBy',
  'attendances.overtimeForceMajeure',
  'attendances.closedAutomatically',
] as const;

const base = (db: Kysely<Database>) => db.selectFrom('attendances').innerJoin('employees', 'employees.id', 'attendances.employeeId').innerJoin('departments', 'departments.id', 'employees.departmentId');

const select = (q: ReturnType<typeof base>) =>
  q.select((eb) => [
    ...ATTENDANCE_RECORD_COLUMNS,
    'attendances.createdAt',
    'attendances.updatedAt',
    'attendances.voidedAt',
    'attendances.voidReason',
    'employees.firstName',
    'employees.lastName',
    'employees.nationalId',
    'employees.departmentId',
    'departments.name as departmentName',
    eb.selectFrom('attendanceBreaks').whereRef('attendanceBreaks.attendanceId', '=', 'attendances.id').select('attendanceBreaks.startAt').orderBy('attendanceBreaks.startAt').limit(1).as('breakIn'),
    eb.selectFrom('attendanceBreaks').whereRef('attendanceBreaks.attendanceId', '=', 'attendances.id').select('attendanceBreaks.endAt').orderBy('attendanceBreaks.startAt').limit(1).as('breakOut'),
    // Proof of place (decision 068): the day's on-site punches outside every workplace.
    eb.selectFrom('punches').whereRef('punches.attendanceId', '=', 'attendances.id').where('punches.place', '=', 'outside').select(eb.fn.countAll().as('n')).as('outsidePunches'),
  ]);

export type AttendanceRow = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

export const toAttendanceDto = (r: AttendanceRow, now = nowIso()): AttendanceDto => ({
  _id: r.id,
  employee: r.employeeId,
  employeeName: `${r.firstName} ${r.lastName}`,
  nationalId: r.nationalId,
  department: r.departmentId,
  departmentName: r.departmentName,
  date: r.date,
  timezone: r.timezone,
  timeIn: r.timeIn,
  timeOut: r.timeOut,
  breakIn: r.breakIn ?? null,
  breakOut: r.breakOut ?? null,
  breakSeconds: r.breakSeconds,
  workedSeconds: r.workedSeconds,
  totalHours: r.workedSeconds === null ? null : Math.round((r.workedSeconds / 3600) * 100) / 100,
  statusInOut: r.timeOut === null ? 'in' : 'out',
  missingCheckOut: r.voidedAt === null && missingCheckOut(r, now, r.timezone),
  closedAutomatically: r.closedAutomatically === 1,
  statusIn: r.statusIn,
  lateSeconds: r.lateSeconds,
  earlyDepartureSeconds: r.earlyDepartureSeconds,
  reason: r.reason,
  source: r.source,
  workFlag: r.workFlag,
  revision: r.revision,
  workMode: r.workMode,
  overtimeCompensation: r.overtimeCompensation,
  outsidePunches: Number(r.outsidePunches ?? 0),
  overtimeMarkedBy: r.overtimeMarkedBy,
  overtimeForceMajeure: r.overtimeForceMajeure,
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
  voidedAt: r.voidedAt,
  voidReason: r.voidReason,
});

const positiveId = (value: string | undefined) => {
  const id = Number(value);
  return Number.isSafeInteger(id) && id > 0 ? id : undefined;
};

/**
 * The filtered (not yet ordered) query of a list: `from`/`to` (work dates, inclusive),
 * `employee`, `department`, `status` (`open` = no check-out yet, `closed`), `late` and `early`
 * (yes/no), `source` (clock/manual), and `q` over the employee's name and national ID. Invalid
 * filter values are ignored, like every list URL (docs/architecture.md: a list URL never fails).
 */
export function filteredAttendances(db: Kysely<Database>, query: ListQuery, viewer: AttendanceViewer) {
  let q = base(db);
  const f = query.filters;
  if (f['from'] && DATE.test(f['from'])) q = q.where('attendances.date', '>=', f['from']);
  if (f['to'] && DATE.test(f['to'])) q = q.where('attendances.date', '<=', f['to']);
  // Only the employees the viewer may read (decision 024), whatever the query names.
  const employee = scopedEmployeeFilter(viewer, positiveId(f['employee']));
  if (employee !== undefined) q = q.where('attendances.employeeId', '=', employee ?? -1);
  const department = positiveId(f['department']);
  if (department) q = q.where('employees.departmentId', '=', department);
  if (f['status'] === 'open') q = q.where('attendances.timeOut', 'is', null);
  if (f['status'] === 'closed') q = q.where('attendances.timeOut', 'is not', null);
  const late = f['late']?.toLowerCase();
  if (late && YES.has(late)) q = q.where('attendances.statusIn', '=', 'late');
  if (late && NO.has(late)) q = q.where((eb) => eb.or([eb('attendances.statusIn', '!=', 'late'), eb('attendances.statusIn', 'is', null)]));
  const early = f['early']?.toLowerCase();
  if (early && YES.has(early)) q = q.where('attendances.earlyDepartureSeconds', '>', 0);
  if (early && NO.has(early)) q = q.where('attendances.earlyDepartureSeconds', '=', 0);
  if (f['source'] === 'clock' || f['source'] === 'manual') q = q.where('attendances.source', '=', f['source']);
  if (query.q) {
    q = q.where((eb) => eb.or([containsText(sql<string>`employees.first_name || ' ' || employees.last_name`, query.q), containsText('employees.nationalId', query.q)]));
  }
  return q;
}

/** The filtered query in the list's order: sort key and direction, then name, date and id. */
function inOrder(q: ReturnType<typeof filteredAttendances>, query: ListQuery) {
  for (const column of ATTENDANCE_SORTS[query.sort as keyof typeof ATTENDANCE_SORTS] ?? ATTENDANCE_SORTS.date) {
    q = q.orderBy(column, sortDirection(query.dir));
  }
  if (query.sort !== 'employee') q = q.orderBy(byName('employees.lastName')).orderBy(byName('employees.firstName'));
  else q = q.orderBy('attendances.date', 'desc');
  return q.orderBy('attendances.id');
}

/** The filtered list in its order, every column of the list (no page). */
export function orderedAttendances(db: Kysely<Database>, query: ListQuery, viewer: AttendanceViewer) {
  return select(inOrder(filteredAttendances(db, query, viewer), query));
}

/**
 * What the export writes of each attendance, in the list's order and filters, as positional
 * columns (read raw, without an object per row): first name, last name, national ID, department,
 * date, time zone, time in, time out, break seconds, worked seconds, late seconds, early departure
 * seconds, reason, source (clock/manual), first break's start and end, work flag (decision 032),
 * closed automatically (decision 056).
 */
export function exportAttendanceRows(db: Kysely<Database>, query: ListQuery, viewer: AttendanceViewer) {
  // Voided days are left out: the export adds up hours (the monthly record lists them in its notes).
  return inOrder(filteredAttendances(db, query, viewer).where('attendances.voidedAt', 'is', null), query).select((eb) => {
    // The first break of the attendance (the one the list shows): its start or its end.
    const firstBreak = (column: 'startAt' | 'endAt') =>
      eb.selectFrom('attendanceBreaks').whereRef('attendanceBreaks.attendanceId', '=', 'attendances.id').select(`attendanceBreaks.${column}`).orderBy('attendanceBreaks.startAt').limit(1);
    return [
      'employees.firstName',
      'employees.lastName',
      'employees.nationalId',
      'departments.name as departmentName',
      'attendances.date',
      'attendances.timezone',
      'attendances.timeIn',
      'attendances.timeOut',
      'attendances.breakSeconds',
      'attendances.workedSeconds',
      'attendances.lateSeconds',
      'attendances.earlyDepartureSeconds',
      'attendances.reason',
      'attendances.source',
      firstBreak('startAt').as('breakIn'),
      firstBreak('endAt').as('breakOut'),
      'attendances.workFlag',
      'attendances.closedAutomatically',
    ];
  });
}

export type ExportRow = [
  firstName: string,
  lastName: string,
  nationalId: string,
  department: string,
  date: string,
  timezone: string,
  timeIn: string,
  timeOut: string | null,
  breakSeconds: number,
  workedSeconds: number | null,
  lateSeconds: number,
  earlyDepartureSeconds: number,
  reason: string | null,
  source: 'clock' | 'manual',
  breakIn: string | null,
  breakOut: string | null,
  workFlag: WorkFlag | null,
  closedAutomatically: 0 | 1,
];

export async function listAttendances(db: Db, query: ListQuery, viewer: AttendanceViewer): Promise<{ data: AttendanceDto[]; total: number }> {
  const total = Number(
    (
      await filteredAttendances(db, query, viewer)
        .select((eb) => eb.fn.countAll().as('n'))
        .executeTakeFirst()
    )?.n ?? 0,
  );
  const rows = await orderedAttendances(db, query, viewer)
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  const now = nowIso();
  return { total, data: rows.map((r) => toAttendanceDto(r, now)) };
}

export async function findAttendance(db: Db, id: number): Promise<AttendanceDto | undefined> {
  const row = await select(base(db)).where('attendances.id', '=', id).executeTakeFirst();
  return row && toAttendanceDto(row);
}

export async function findAttendanceBreaks(db: Db, attendanceId: number) {
  const rows = await db.selectFrom('attendanceBreaks').select(['id', 'startAt', 'endAt']).where('attendanceId', '=', attendanceId).orderBy('startAt').execute();
  return rows.map((b) => ({ _id: b.id, startAt: b.startAt, endAt: b.endAt }));
}

/** The columns of a revision as its history shows it, with the author's name (see `revisionsWithAuthor`). */
export const REVISION_COLUMNS = [
  'attendanceRevisions.revision',
  'attendanceRevisions.timeIn',
  'attendanceRevisions.timeOut',
  'attendanceRevisions.breaks',
  'attendanceRevisions.workedSeconds',
  'attendanceRevisions.reason',
  'attendanceRevisions.createdAt',
  'users.name as authorName',
] as const;

/** Attendance revisions joined to their author (who may have been deleted), for REVISION_COLUMNS. */
export function revisionsWithAuthor(db: Kysely<Database>) {
  return db.selectFrom('attendanceRevisions').leftJoin('users', 'users.id', 'attendanceRevisions.authorId');
}

export async function findAttendanceRevisions(db: Db, attendanceId: number): Promise<AttendanceRevisionDto[]> {
  const rows = await revisionsWithAuthor(db)
    .select([...REVISION_COLUMNS, 'attendanceRevisions.authorId'])
    .where('attendanceRevisions.attendanceId', '=', attendanceId)
    .orderBy('attendanceRevisions.revision', 'desc')
    .execute();
  return rows.map((r) => ({
    revision: r.revision,
    timeIn: r.timeIn,
    timeOut: r.timeOut,
    breaks: parseBreaks(r.breaks),
    workedSeconds: r.workedSeconds,
    reason: r.reason,
    author: r.authorId,
    authorName: r.authorName ?? null,
    createdAt: r.createdAt,
  }));
}

export async function countPunches(db: Db, attendanceId: number): Promise<number> {
  const row = await db
    .selectFrom('punches')
    .select((eb) => eb.fn.countAll().as('n'))
    .where('attendanceId', '=', attendanceId)
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}

/** One attendance with its breaks, revision history (newest first) and number of punches. */
export async function findAttendanceDetail(db: Db, id: number): Promise<AttendanceDetailDto | undefined> {
  const attendance = await findAttendance(db, id);
  if (!attendance) return undefined;
  return {
    ...attendance,
    breaks: await findAttendanceBreaks(db, id),
    revisions: await findAttendanceRevisions(db, id),
    punches: await countPunches(db, id),
  };
}

/** An employee's schedules, as the schedule rules take them, with their published roster days (decision 085; within `period` when given). */
export async function schedulesOfEmployee(db: Db, employeeId: number, period?: Period): Promise<ScheduleRule[]> {
  const rows = await db.selectFrom('schedules').select(SCHEDULE_RULE_COLUMNS).where('employeeId', '=', employeeId).execute();
  return withPlannedDaysOf(db, employeeId, rows.map(toScheduleRule), period);
}

/** Active employees for the list filter and the form's select: id and full name, by name. */
export async function employeeChoices(db: Db): Promise<{ _id: number; name: string }[]> {
  const rows = await db.selectFrom('employees').select(['id', 'firstName', 'lastName']).where('status', '=', 'active').orderBy(byName('lastName')).orderBy(byName('firstName')).execute();
  return rows.map((r) => ({ _id: r.id, name: `${r.firstName} ${r.lastName}` }));
}

/** An attendance's id and employee, if it exists. */
export async function findAttendanceEmployee(db: Db, id: number): Promise<{ id: number; employeeId: number; date: string } | undefined> {
  return db.selectFrom('attendances').select(['id', 'employeeId', 'date']).where('id', '=', id).executeTakeFirst();
}

/** An employee's latest attendances (by work date, newest first), at most `limit`. */
export async function recentAttendancesOf(db: Db, employeeId: number, limit: number) {
  return db
    .selectFrom('attendances')
    .select(['id', 'date', 'timezone', 'timeIn', 'timeOut', 'workedSeconds', 'statusIn', 'earlyDepartureSeconds'])
    .where('employeeId', '=', employeeId)
    .where('voidedAt', 'is', null)
    .orderBy('date', 'desc')
    .limit(limit)
    .execute();
}

/** The id of the employee's attendance (not voided) on a work date, if there is one. */
export async function attendanceIdOn(db: Db, employeeId: number, date: string): Promise<number | undefined> {
  const row = await db.selectFrom('attendances').select('id').where('employeeId', '=', employeeId).where('date', '=', date).where('voidedAt', 'is', null).executeTakeFirst();
  return row?.id;
}

/*
 * Every write of an attendance or a break below chains the rows as stored, in the caller's
 * transaction (decision 033, update of issue 33), as it refuses locked dates (decision 051).
 */

/** Inserts one attendance; returns its id. */
export async function insertAttendance(db: Db, attendance: Insertable<AttendanceTable>): Promise<number> {
  await refuseLockedPeriod(db, attendance.employeeId, attendance.date);
  const row = await db.insertInto('attendances').values(attendance).returning('id').executeTakeFirstOrThrow();
  await chainFigureRows(db, 'attendance', [row.id]);
  return row.id;
}

/** Inserts several attendances in one statement; returns each one's id, employee and date. */
export async function insertAttendances(db: Db, attendances: readonly Insertable<AttendanceTable>[]) {
  await refuseLockedDays(db, attendances);
  const rows = await db.insertInto('attendances').values(attendances).returning(['id', 'employeeId', 'date']).execute();
  await chainFigureRows(
    db,
    'attendance',
    rows.map((r) => r.id),
  );
  return rows;
}

/** Who recorded an attendance and when (it must exist). */
export function attendanceCreation(db: Db, id: number): Promise<{ createdBy: number | null; createdAt: string }> {
  return db.selectFrom('attendances').select(['createdBy', 'createdAt']).where('id', '=', id).executeTakeFirstOrThrow();
}

/** Writes a correction's times, hours, reason and revision number on the attendance (returns nothing). */
/** The employee's day on a date that is not voided, with its overtime mark and who set it (decision 070). */
export function findOvertimeDay(db: Db, employeeId: number, date: string) {
  return db
    .selectFrom('attendances')
    .select(['id', 'date', 'timeOut', 'overtimeCompensation', 'overtimeMarkedBy'])
    .where('employeeId', '=', employeeId)
    .where('date', '=', date)
    .where('voidedAt', 'is', null)
    .executeTakeFirst();
}

/**
 * Sets a day's overtime mark and who set it (decision 070: the worker's own choice), nothing
 * else: the times, the revision and the breaks stay. Refused on a locked date (decision 051);
 * the row's figures are chained again (the compensation is one of them, decision 033).
 */
export async function setOvertimeMark(db: Db, id: number, mark: Pick<Updateable<AttendanceTable>, 'overtimeCompensation' | 'overtimeMarkedBy' | 'updatedAt'>): Promise<void> {
  await refuseLockedAttendance(db, id);
  await db.updateTable('attendances').set(mark).where('id', '=', id).execute();
  await chainFigureRows(db, 'attendance', [id]);
}

export async function applyAttendanceCorrection(db: Db, id: number, correction: Updateable<AttendanceTable>): Promise<void> {
  await refuseLockedAttendance(db, id);
  await db.updateTable('attendances').set(correction).where('id', '=', id).execute();
  await chainFigureRows(db, 'attendance', [id]);
}

/** Inserts breaks in one statement, nothing when there are none (returns nothing). */
export async function insertAttendanceBreaks(db: Db, breaks: readonly Insertable<AttendanceBreakTable>[]): Promise<void> {
  if (breaks.length === 0) return;
  await refuseLockedAttendances(
    db,
    breaks.map((b) => b.attendanceId),
  );
  const rows = await db.insertInto('attendanceBreaks').values(breaks).returning('id').execute();
  await chainFigureRows(
    db,
    'break',
    rows.map((r) => r.id),
  );
}

/** Replaces every break of an attendance with the given ones (returns nothing). */
export async function replaceAttendanceBreaks(db: Db, attendanceId: number, breaks: readonly BreakInstants[]): Promise<void> {
  await refuseLockedAttendance(db, attendanceId);
  const before = await db.selectFrom('attendanceBreaks').select('id').where('attendanceId', '=', attendanceId).execute();
  const gone = await figureRecords(
    db,
    'break',
    before.map((b) => b.id),
  );
  await db.deleteFrom('attendanceBreaks').where('attendanceId', '=', attendanceId).execute();
  await chainFigureDeletions(db, gone);
  await insertAttendanceBreaks(
    db,
    breaks.map((b) => ({ attendanceId, ...b })),
  );
}

/** A revision as written (the chain's facts without its id and employee); breaks as a list, stored as JSON text. */
export type NewAttendanceRevision = Omit<RevisionFacts, 'id' | 'employeeId'>;

/**
 * Appends a revision to an attendance's history (the table refuses changes) and chains it in the
 * same transaction (decision 033; returns nothing).
 */
export async function insertAttendanceRevision(db: Db, revision: NewAttendanceRevision): Promise<void> {
  // The reason is chained as its salted digest (decision 083), so the retention purge can delete it.
  const { salt: reasonSalt, digest: reasonDigest } = saltedText(revision.reason);
  const row = await db
    .insertInto('attendanceRevisions')
    .values({
      attendanceId: revision.attendanceId,
      revision: revision.revision,
      timeIn: revision.timeIn,
      timeOut: revision.timeOut,
      workedSeconds: revision.workedSeconds,
      reason: revision.reason,
      authorId: revision.authorId,
      createdAt: revision.createdAt,
      breaks: breaksJson(revision.breaks),
      reasonSalt,
      reasonDigest,
    })
    .returning(['id', 'attendanceId', 'revision', 'timeIn', 'timeOut', 'breaks', 'workedSeconds', 'reason', 'reasonSalt', 'reasonDigest', 'authorId', 'createdAt'])
    .executeTakeFirstOrThrow();
  const { employeeId } = await db.selectFrom('attendances').select('employeeId').where('id', '=', revision.attendanceId).executeTakeFirstOrThrow();
  // Chained as verify will read it: the row as the database gave it back (issue 33: a reason is
  // hashed as stored, not as sent), the breaks parsed as stored (`endAt` null when open).
  await chainRevision(db, revisionFactsOf({ ...row, employeeId }));
}

/**
 * Voids an attendance (decision 033): kept with when, by whom and why, chained in the same
 * transaction. Only a day not yet voided changes (returns false otherwise).
 */
export async function voidAttendanceRecord(db: Db, voiding: { attendanceId: number; employeeId: number; date: string; voidedAt: string; voidedBy: number; voidReason: string }): Promise<boolean> {
  await refuseLockedAttendance(db, voiding.attendanceId);
  const row = await db
    .updateTable('attendances')
    .set({ voidedAt: voiding.voidedAt, voidedBy: voiding.voidedBy, voidReason: voiding.voidReason, ...saltedReason(voiding.voidReason), updatedAt: voiding.voidedAt })
    .where('id', '=', voiding.attendanceId)
    .where('voidedAt', 'is', null)
    .returning(['id', 'employeeId', 'date', 'voidedAt', 'voidedBy', 'voidReason', 'voidReasonSalt', 'voidReasonDigest'])
    .executeTakeFirst();
  if (!row) return false;
  // Chained as the database gave the row back (issue 33), as verify will read it; the attendance's
  // figure entry too (its `voidedAt` takes the day out of every figure).
  await chainVoid(db, voidFactsOf(row));
  await chainFigureRows(db, 'attendance', [row.id]);
  return true;
}

/** The attendances since `fromDate` (a work date) with a break still open: id -> that break's start. */
export async function attendancesWithOpenBreak(db: Db, fromDate: string): Promise<Map<number, string>> {
  const rows = await db
    .selectFrom('attendanceBreaks')
    .innerJoin('attendances', 'attendances.id', 'attendanceBreaks.attendanceId')
    .select(['attendanceBreaks.attendanceId', 'attendanceBreaks.startAt'])
    .where('attendanceBreaks.endAt', 'is', null)
    .where('attendances.date', '>=', fromDate)
    .where('attendances.voidedAt', 'is', null)
    .execute();
  return new Map(rows.map((r) => [r.attendanceId, r.startAt]));
}

/** The latest attendances since `fromDate` (a work date), newest check-in first, with the employee's name. */
export function recentAttendances(db: Db, fromDate: string, limit: number) {
  return db
    .selectFrom('attendances')
    .innerJoin('employees', 'employees.id', 'attendances.employeeId')
    .select(['attendances.id', 'attendances.employeeId', 'employees.firstName', 'employees.lastName', 'attendances.date', 'attendances.timezone', 'attendances.timeIn', 'attendances.timeOut', 'attendances.statusIn'])
    .where('attendances.date', '>=', fromDate)
    .where('attendances.voidedAt', 'is', null)
    .orderBy('attendances.timeIn', 'desc')
    .limit(limit)
    .execute();
}

import { sql } from 'kysely';
import { type ListQuery } from '#domain/lists/list-query.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import { containsText } from '../like.ts';
import type { Db } from '../connection.ts';
import { parseRestDays, restDaysJson } from '../stored-formats.ts';
import type { ScheduleDto } from '#domain/api/records.ts';
import { sortDirection } from '../sort-direction.ts';
import { changedSpans, type ScheduleSpan } from '#domain/schedules/changed-dates.ts';
import { refuseLockedSchedule } from './record-lock.ts';
import { chainFigureDeletions, chainFigureRows } from './record-chain.ts';
import { figureRecords } from './record-chain-figures.ts';
import { byName } from '../text-order.ts';

export type { ScheduleDto };
export { parseRestDays };

/** The columns of a schedule as the schedule rules take it (rest days still as stored JSON). */
export const SCHEDULE_RULE_COLUMNS = ['schedules.id', 'schedules.startTime', 'schedules.offTime', 'schedules.totalHours', 'schedules.restDays', 'schedules.fromDate', 'schedules.toDate', 'schedules.status'] as const;

/** A row read with SCHEDULE_RULE_COLUMNS. */
export type StoredScheduleRule = Omit<ScheduleRule, 'restDays'> & { restDays: string };

/** A row of SCHEDULE_RULE_COLUMNS as the schedule rules take it (extra columns left out). */
export function toScheduleRule(r: StoredScheduleRule): ScheduleRule {
  return {
    id: r.id,
    startTime: r.startTime,
    offTime: r.offTime,
    totalHours: r.totalHours,
    restDays: parseRestDays(r.restDays),
    fromDate: r.fromDate,
    toDate: r.toDate,
    status: r.status,
  };
}

export const SCHEDULE_SORTS = {
  employee: [byName('employees.lastName'), byName('employees.firstName')],
  fromDate: ['schedules.fromDate'],
  startTime: ['schedules.startTime'],
  department: [byName('departments.name')],
} as const;

const base = (db: Db) => db.selectFrom('schedules').innerJoin('employees', 'employees.id', 'schedules.employeeId').innerJoin('departments', 'departments.id', 'employees.departmentId');

const select = (q: ReturnType<typeof base>, today: string) =>
  q.select((eb) => [
    eb
      .exists(
        eb
          .selectFrom('leaves')
          .select('leaves.id')
          .whereRef('leaves.employeeId', '=', 'schedules.employeeId')
          .where('leaves.status', '=', 'approved')
          .where('leaves.fromDate', '<=', today)
          .where('leaves.toDate', '>=', today),
      )
      .as('onLeave'),
    ...SCHEDULE_RULE_COLUMNS,
    'schedules.employeeId',
    'schedules.createdAt',
    'schedules.updatedAt',
    'employees.firstName',
    'employees.lastName',
    'employees.departmentId',
    'departments.name as departmentName',
  ]);

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

const toDto = (r: Row): ScheduleDto => ({
  _id: r.id,
  employee: r.employeeId,
  employeeName: `${r.firstName} ${r.lastName}`,
  department: r.departmentId,
  departmentName: r.departmentName,
  startTime: r.startTime,
  offTime: r.offTime,
  totalHours: r.totalHours,
  restDays: parseRestDays(r.restDays),
  fromDate: r.fromDate,
  toDate: r.toDate,
  status: r.status,
  onLeave: Boolean(r.onLeave),
  createdAt: r.createdAt,
  updatedAt: r.updatedAt,
});

/** Filters: employee, department, status (current/previous); search by employee name. */
export async function listSchedules(db: Db, query: ListQuery, today: string): Promise<{ data: ScheduleDto[]; total: number }> {
  let q = base(db);
  if (query.q) q = q.where(containsText(sql<string>`employees.first_name || ' ' || employees.last_name`, query.q));
  const status = query.filters['status'];
  if (status === 'current' || status === 'previous') q = q.where('schedules.status', '=', status);
  for (const [filter, column] of [
    ['employee', 'schedules.employeeId'],
    ['department', 'employees.departmentId'],
  ] as const) {
    const id = Number(query.filters[filter]);
    if (Number.isInteger(id) && id > 0) q = q.where(column, '=', id);
  }
  const total = Number((await q.select((eb) => eb.fn.countAll().as('n')).executeTakeFirst())?.n ?? 0);
  let ordered = select(q, today);
  for (const column of SCHEDULE_SORTS[query.sort as keyof typeof SCHEDULE_SORTS]) ordered = ordered.orderBy(column, sortDirection(query.dir));
  const rows = await ordered
    .orderBy('schedules.id')
    .limit(query.pageSize)
    .offset((query.page - 1) * query.pageSize)
    .execute();
  return { total, data: rows.map(toDto) };
}

export async function findSchedule(db: Db, id: number, today = ''): Promise<ScheduleDto | undefined> {
  const r = await select(base(db), today).where('schedules.id', '=', id).executeTakeFirst();
  return r && toDto(r);
}

/** An employee's schedules, for the supersede rule and the clock. */
export function schedulesOf(db: Db, employeeId: number) {
  return db.selectFrom('schedules').select(['id', 'fromDate', 'toDate', 'status']).where('employeeId', '=', employeeId).execute();
}

/** A schedule as a service writes it: the rest days as a list (stored as JSON text). */
export interface ScheduleValues {
  employeeId: number;
  startTime: string;
  offTime: string;
  totalHours: number;
  restDays: readonly string[];
  fromDate: string;
  toDate: string | null;
  status: 'current' | 'previous';
  updatedAt: string;
}

function stored<T extends { restDays: readonly string[] }>({ restDays, ...values }: T): Omit<T, 'restDays'> & { restDays: string } {
  return { ...values, restDays: restDaysJson(restDays) };
}

/** What a stored schedule puts in force, for the lock of changed dates. */
async function spanOf(db: Db, id: number): Promise<ScheduleSpan | null> {
  const r = await db.selectFrom('schedules').select(['employeeId', 'startTime', 'offTime', 'totalHours', 'restDays', 'fromDate', 'toDate']).where('id', '=', id).executeTakeFirst();
  return r ? { ...r, restDays: parseRestDays(r.restDays) } : null;
}

/**
 * The lock of approved periods (decision 051, update of issue 33): a schedule write is refused
 * when a date whose schedule it changes is locked, naming the date it could apply from.
 */
async function refuseLockedChange(db: Db, before: ScheduleSpan | null, after: ScheduleSpan | null): Promise<void> {
  for (const span of changedSpans(before, after)) await refuseLockedSchedule(db, span.employeeId, span);
}

/*
 * Every write below chains the schedule as stored (or its deletion), in the caller's transaction
 * (decision 033, update of issue 33), as it refuses locked dates (decision 051).
 */

/** Inserts one schedule; returns its id. */
export async function insertSchedule(db: Db, schedule: ScheduleValues & { createdAt: string }): Promise<number> {
  await refuseLockedChange(db, null, schedule);
  const row = await db.insertInto('schedules').values(stored(schedule)).returning('id').executeTakeFirstOrThrow();
  await chainFigureRows(db, 'schedule', [row.id]);
  return row.id;
}

/** Inserts several schedules in one statement (returns nothing). */
export async function insertSchedules(db: Db, schedules: readonly (ScheduleValues & { createdAt: string })[]): Promise<void> {
  for (const schedule of schedules) await refuseLockedChange(db, null, schedule);
  if (schedules.length === 0) return;
  const rows = await db.insertInto('schedules').values(schedules.map(stored)).returning('id').execute();
  await chainFigureRows(
    db,
    'schedule',
    rows.map((r) => r.id),
  );
}

/** Rewrites a schedule's employee, shift, dates and status (returns nothing). */
export async function overwriteSchedule(db: Db, id: number, values: ScheduleValues): Promise<void> {
  await refuseLockedChange(db, await spanOf(db, id), values);
  await db.updateTable('schedules').set(stored(values)).where('id', '=', id).execute();
  await chainFigureRows(db, 'schedule', [id]);
}

/** Sets a schedule's end date and status: ended by a newer one, or given back its dates (returns nothing). */
export async function endSchedule(db: Db, id: number, toDate: string | null, at: string, status: 'current' | 'previous' = 'previous'): Promise<void> {
  const before = await spanOf(db, id);
  await refuseLockedChange(db, before, before && { ...before, toDate });
  await db.updateTable('schedules').set({ toDate, status, updatedAt: at }).where('id', '=', id).execute();
  await chainFigureRows(db, 'schedule', [id]);
}

/** Deletes a schedule (returns nothing). */
export async function deleteScheduleRecord(db: Db, id: number): Promise<void> {
  await refuseLockedChange(db, await spanOf(db, id), null);
  const gone = await figureRecords(db, 'schedule', [id]);
  await db.deleteFrom('schedules').where('id', '=', id).execute();
  await chainFigureDeletions(db, gone);
}

/**
 * An employee's current schedule (the latest starting one if several are marked current), with
 * its rest days still the stored JSON (read them with `parseRestDays`).
 */
export async function findCurrentSchedule(db: Db, employeeId: number) {
  return db
    .selectFrom('schedules')
    .select(['startTime', 'offTime', 'totalHours', 'restDays', 'fromDate', 'toDate'])
    .where('employeeId', '=', employeeId)
    .where('status', '=', 'current')
    .orderBy('fromDate', 'desc')
    .executeTakeFirst();
}

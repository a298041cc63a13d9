import { plannedDayRule, type PlannedDay } from '#domain/roster/planned-day.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import type { Period } from '#domain/reports/periods.ts';
import type { Db } from '../connection.ts';
import { chainFigureDeletions, chainFigureRows } from './record-chain.ts';
import { figureRecords } from './record-chain-figures.ts';
import { refuseLockedDays } from './record-lock.ts';
import { employeeWhere, type EmployeeFilter } from './report-data.ts';

/**
 * The published roster (decision 085): one row per employee and date, a shift or a rest day. The
 * only writer of `planned_days`: every write checks the period lock and chains the rows (kind
 * 'shift') in the caller's transaction, so publishing, an approved claim and an approved swap
 * cannot forget either. Readers take the rows as one-day schedule rules (`plannedDayRule`).
 */

const COLUMNS = ['plannedDays.id', 'plannedDays.employeeId', 'plannedDays.date', 'plannedDays.kind', 'plannedDays.startTime', 'plannedDays.endTime', 'plannedDays.breakMinutes', 'plannedDays.publishedAt'] as const;

/** The published days of these employees, within `period` when given, by employee. */
export async function plannedDaysOf(db: Db, employeeIds: readonly number[], period?: Period): Promise<Map<number, PlannedDay[]>> {
  const out = new Map<number, PlannedDay[]>();
  const ids = [...new Set(employeeIds)];
  for (let i = 0; i < ids.length; i += 500) {
    let q = db
      .selectFrom('plannedDays')
      .select(COLUMNS)
      .where('plannedDays.employeeId', 'in', ids.slice(i, i + 500));
    if (period) q = q.where('plannedDays.date', '>=', period.from).where('plannedDays.date', '<=', period.to);
    byEmployee(out, await q.orderBy('plannedDays.date').execute());
  }
  return out;
}

/** The published days of the employees a report's filter selects, within `period` when given. */
export async function plannedDaysWhere(db: Db, filter: EmployeeFilter, period?: Period): Promise<Map<number, PlannedDay[]>> {
  let q = db.selectFrom('plannedDays').innerJoin('employees', 'employees.id', 'plannedDays.employeeId').select(COLUMNS).where(employeeWhere(filter));
  if (period) q = q.where('plannedDays.date', '>=', period.from).where('plannedDays.date', '<=', period.to);
  return byEmployee(new Map(), await q.orderBy('plannedDays.date').execute());
}

function byEmployee(out: Map<number, PlannedDay[]>, rows: readonly PlannedDay[]): Map<number, PlannedDay[]> {
  for (const r of rows) {
    const list = out.get(r.employeeId) ?? [];
    list.push(r);
    out.set(r.employeeId, list);
  }
  return out;
}

/** Adds published days to schedule rules, by employee (the lists every figure, the clock and the warnings read). */
export function mergePlannedDays(schedules: Map<number, ScheduleRule[]>, planned: ReadonlyMap<number, readonly PlannedDay[]>): Map<number, ScheduleRule[]> {
  for (const [employeeId, days] of planned) {
    const list = schedules.get(employeeId) ?? [];
    for (const day of days) list.push(plannedDayRule(day));
    schedules.set(employeeId, list);
  }
  return schedules;
}

/** One employee's schedule rules with their published days added (within `period` when given). */
export async function withPlannedDaysOf(db: Db, employeeId: number, schedules: ScheduleRule[], period?: Period): Promise<ScheduleRule[]> {
  const days = (await plannedDaysOf(db, [employeeId], period)).get(employeeId) ?? [];
  return [...schedules, ...days.map(plannedDayRule)];
}

/** What publishing writes for one employee's date. */
export interface PlannedDayWrite {
  employeeId: number;
  date: string;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
}

const sameDay = (a: Pick<PlannedDayWrite, 'kind' | 'startTime' | 'endTime' | 'breakMinutes'>, b: Pick<PlannedDayWrite, 'kind' | 'startTime' | 'endTime' | 'breakMinutes'>) =>
  a.kind === b.kind && (a.kind === 'rest' || (a.startTime === b.startTime && a.endTime === b.endTime && a.breakMinutes === b.breakMinutes));

/**
 * Publishes days: writes those that differ from what is published (inserting or updating the
 * employee's row for the date) and chains them. Refused (409 `periods.locked`) when any changed day
 * lies in an approved period. Answers the days that changed, with what they replaced (null = none).
 */
export async function writePlannedDays(db: Db, days: readonly PlannedDayWrite[], at: string, by: number | null): Promise<{ day: PlannedDayWrite; before: PlannedDay | null }[]> {
  if (days.length === 0) return [];
  const current = await plannedDaysOf(
    db,
    days.map((d) => d.employeeId),
    spanOf(days),
  );
  const changed: { day: PlannedDayWrite; before: PlannedDay | null }[] = [];
  for (const day of days) {
    const before = current.get(day.employeeId)?.find((p) => p.date === day.date) ?? null;
    if (!before || !sameDay(before, day)) changed.push({ day, before });
  }
  if (changed.length === 0) return [];
  await refuseLockedDays(
    db,
    changed.map((c) => c.day),
  );
  const ids: number[] = [];
  for (const { day, before } of changed) {
    const values = {
      kind: day.kind,
      startTime: day.kind === 'shift' ? day.startTime : null,
      endTime: day.kind === 'shift' ? day.endTime : null,
      breakMinutes: day.kind === 'shift' ? day.breakMinutes : 0,
      publishedAt: at,
      publishedBy: by,
    };
    if (before) {
      await db.updateTable('plannedDays').set(values).where('id', '=', before.id).execute();
      ids.push(before.id);
    } else {
      const row = await db
        .insertInto('plannedDays')
        .values({ employeeId: day.employeeId, date: day.date, ...values })
        .returning('id')
        .executeTakeFirstOrThrow();
      ids.push(row.id);
    }
  }
  await chainFigureRows(db, 'shift', ids);
  return changed;
}

/** Removes an employee's published days with the employee (their deletions chained). */
export async function deletePlannedDaysOf(db: Db, employeeId: number): Promise<void> {
  const rows = await db.selectFrom('plannedDays').select('id').where('employeeId', '=', employeeId).execute();
  const gone = await figureRecords(
    db,
    'shift',
    rows.map((r) => r.id),
  );
  await db.deleteFrom('plannedDays').where('employeeId', '=', employeeId).execute();
  await chainFigureDeletions(db, gone);
}

function spanOf(days: readonly { date: string }[]): Period {
  let from = days[0]!.date;
  let to = from;
  for (const d of days) {
    if (d.date < from) from = d.date;
    if (d.date > to) to = d.date;
  }
  return { from, to };
}

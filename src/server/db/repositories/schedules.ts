import { sql } from 'kysely';
import { type ListQuery } from '../../../domain/lists/list-query.ts';
import { containsText } from '../like.ts';
import type { Db } from '../connection.ts';
import type { ScheduleDto } from '../../../domain/api/records.ts';

export type { ScheduleDto };

export const SCHEDULE_SORTS = {
  employee: ['employees.lastName', 'employees.firstName'],
  fromDate: ['schedules.fromDate'],
  startTime: ['schedules.startTime'],
  department: ['departments.name'],
} as const;

const base = (db: Db) =>
  db
    .selectFrom('schedules')
    .innerJoin('employees', 'employees.id', 'schedules.employeeId')
    .innerJoin('departments', 'departments.id', 'employees.departmentId');

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
    'schedules.id',
    'schedules.employeeId',
    'schedules.startTime',
    'schedules.offTime',
    'schedules.totalHours',
    'schedules.restDays',
    'schedules.fromDate',
    'schedules.toDate',
    'schedules.status',
    'schedules.createdAt',
    'schedules.updatedAt',
    'employees.firstName',
    'employees.lastName',
    'employees.departmentId',
    'departments.name as departmentName',
  ]);

type Row = Awaited<ReturnType<ReturnType<typeof select>['execute']>>[number];

export function parseRestDays(json: string): string[] {
  try {
    const days = JSON.parse(json) as unknown;
    return Array.isArray(days) ? days.filter((d): d is string => typeof d === 'string') : [];
  } catch {
    return [];
  }
}

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
  for (const column of SCHEDULE_SORTS[query.sort as keyof typeof SCHEDULE_SORTS]) ordered = ordered.orderBy(column, query.dir);
  const rows = await ordered.orderBy('schedules.id').limit(query.pageSize).offset((query.page - 1) * query.pageSize).execute();
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

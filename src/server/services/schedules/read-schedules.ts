import type { ListQuery } from '#domain/lists/list-query.ts';
import { scopedEmployeeFilter, type RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { findSchedule, listSchedules, type ScheduleDto } from '../../db/repositories/schedules.ts';
import { notFound } from '../../http/app-error.ts';
import { requireReadable } from '../record-guard.ts';

/** The schedule list, limited to the employees the viewer may read (decision 024), whatever the query names. */
export async function listVisibleSchedules(db: Db, query: ListQuery, viewer: RecordAccount, today: string): Promise<{ data: ScheduleDto[]; total: number }> {
  const employee = scopedEmployeeFilter(viewer);
  if (employee === null) return { data: [], total: 0 };
  const scoped = employee === undefined ? query : { ...query, filters: { ...query.filters, employee: String(employee) } };
  return listSchedules(db, scoped, today);
}

/** One schedule of an employee the viewer may read; another's is answered as missing (404). */
export async function getSchedule(db: Db, id: number, viewer: RecordAccount): Promise<ScheduleDto> {
  const schedule = await findSchedule(db, id);
  if (!schedule) throw notFound();
  requireReadable(viewer, schedule.employee);
  return schedule;
}

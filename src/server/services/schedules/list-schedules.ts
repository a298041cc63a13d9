import type { ScheduleDto } from '#domain/api/records.ts';
import { parseListQuery } from '#domain/lists/list-query.ts';
import type { RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { SCHEDULE_SORTS } from '../../db/repositories/schedules.ts';
import { listVisibleSchedules } from './read-schedules.ts';

/** The page of the schedule list the URL asks for (q, employee, department, status, sort, page, pageSize), only of employees the viewer may read. */
export function listSchedules(db: Db, params: URLSearchParams, viewer: RecordAccount, today: string): Promise<{ data: ScheduleDto[]; total: number }> {
  const query = parseListQuery(params, { sortable: Object.keys(SCHEDULE_SORTS), defaultSort: 'employee' });
  return listVisibleSchedules(db, query, viewer, today);
}

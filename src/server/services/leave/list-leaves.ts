import type { LeaveDto } from '#domain/api/records.ts';
import { parseListQuery } from '#domain/lists/list-query.ts';
import type { RecordAccount } from '#domain/permissions/record-access.ts';
import type { Db } from '../../db/connection.ts';
import { LEAVE_LIST_OPTIONS, listLeaves as leavesPage } from '../../db/repositories/leaves.ts';

/** The page of the leave list the URL asks for; an Employee account lists only its own leave. */
export function listLeaves(db: Db, params: URLSearchParams, viewer: RecordAccount): Promise<{ data: LeaveDto[]; total: number }> {
  return leavesPage(db, parseListQuery(params, LEAVE_LIST_OPTIONS), viewer);
}

import { parseListQuery } from '#domain/lists/list-query.ts';
import type { Db } from '../../db/connection.ts';
import { findUserRecord, listUserRecords, USER_SORT, type UserDto } from '../../db/repositories/user-records.ts';
import { notFound } from '../../http/app-error.ts';

/** `GET /api/users`: q (name, email), filters role/status/accountType/company, sort, pages. */
export function listUsers(db: Db, params: URLSearchParams) {
  return listUserRecords(db, parseListQuery(params, { sortable: Object.keys(USER_SORT), defaultSort: 'name' }));
}

/** One user; 404 when there is none. */
export async function getUser(db: Db, id: number): Promise<UserDto> {
  const user = await findUserRecord(db, id);
  if (!user) throw notFound();
  return user;
}

import type { Db } from '../connection.ts';

/**
 * Workers' private calendar feeds (decision 087): at most one per employee, found by the SHA-256
 * of its secret. The secret itself is never stored.
 */

/** When the employee's feed was made, or undefined without one. */
export async function calendarFeedOf(db: Db, employeeId: number): Promise<{ createdAt: string } | undefined> {
  return db.selectFrom('calendarFeeds').select('createdAt').where('employeeId', '=', employeeId).executeTakeFirst();
}

/** Replaces the employee's feed (any previous secret stops working). */
export async function replaceCalendarFeed(db: Db, employeeId: number, tokenDigest: string, createdAt: string): Promise<void> {
  await db.deleteFrom('calendarFeeds').where('employeeId', '=', employeeId).execute();
  await db.insertInto('calendarFeeds').values({ employeeId, tokenDigest, createdAt }).execute();
}

/** Removes the employee's feed; whether there was one. */
export async function deleteCalendarFeed(db: Db, employeeId: number): Promise<boolean> {
  const result = await db.deleteFrom('calendarFeeds').where('employeeId', '=', employeeId).executeTakeFirst();
  return Number(result.numDeletedRows) > 0;
}

export interface CalendarFeedOwner {
  employeeId: number;
  companyId: number;
  companyName: string;
  /** The language of an account linked to the employee (null: none chosen, or no account). */
  language: string | null;
}

/** Whose feed a digest opens (an active employee's only), or undefined. */
export async function calendarFeedOwner(db: Db, tokenDigest: string): Promise<CalendarFeedOwner | undefined> {
  const row = await db
    .selectFrom('calendarFeeds')
    .innerJoin('employees', 'employees.id', 'calendarFeeds.employeeId')
    .innerJoin('companies', 'companies.id', 'employees.companyId')
    .leftJoin('users', 'users.employeeId', 'employees.id')
    .select(['employees.id as employeeId', 'employees.companyId', 'companies.name as companyName', 'users.language'])
    .where('calendarFeeds.tokenDigest', '=', tokenDigest)
    .where('employees.status', '=', 'active')
    .executeTakeFirst();
  return row ? { ...row, language: row.language ?? null } : undefined;
}

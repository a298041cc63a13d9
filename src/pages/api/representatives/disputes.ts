import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { disputedDays } from '#server/services/disputes/disputed-days.ts';
import { answer } from '#server/http/answer.ts';

/**
 * GET (workTotals.read; about everyone, so not for Employee accounts): the days whose correction
 * the worker rejected, newest first, with the employee's name and dates only (decision 082).
 */
export const GET = endpoint(async (context) => {
  const db = await getDb();
  return answer('GET /api/representatives/disputes', { data: await disputedDays(db, requireUser(context).companyId) });
});

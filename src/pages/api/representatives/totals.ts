import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { recordMonth } from '#server/services/reports/report-downloads.ts';
import { representativeTotals } from '#server/services/reports/representative-totals.ts';
import { answer } from '#server/http/answer.ts';

/**
 * GET ?month=YYYY-MM (workTotals.read; figures about everyone, so not for Employee accounts):
 * per employee the name and the month's totals only (decision 036).
 */
export const GET = endpoint(async (context) => {
  const db = await getDb();
  const data = await representativeTotals(db, await recordMonth(db, context.url.searchParams), requireUser(context).companyId);
  return answer('GET /api/representatives/totals', { data });
});

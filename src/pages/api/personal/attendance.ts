import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { monthlyRecords } from '#server/services/reports/monthly-records.ts';
import { recordMonth } from '#server/services/reports/report-downloads.ts';

/**
 * GET my monthly record (`month=YYYY-MM`, default this month) with the revision history of
 * corrected days. Any `employee` in the query is ignored: it is always the caller's own.
 */
export const GET = endpoint(async (context) => {
  const employee = ownEmployeeId(requireUser(context));
  const db = await getDb();
  const result = await monthlyRecords(db, { employee }, await recordMonth(db, context.url.searchParams), { withRevisions: true });
  return answer('GET /api/personal/attendance', { data: { month: result.month, period: result.period, today: result.today, now: result.now, timezone: result.timezone, record: result.records[0] ?? null } });
});

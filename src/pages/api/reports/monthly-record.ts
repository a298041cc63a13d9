import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { monthlyRecords } from '#server/services/reports/monthly-records.ts';
import { recordFilter, recordMonth } from '#server/services/reports/report-downloads.ts';
import { answer } from '#server/http/answer.ts';

/** GET the monthly working-time records (`month`, `employee`, `department`, `status`) as JSON, of the employees the account may read. */
export const GET = endpoint(async (context) => {
  const params = context.url.searchParams;
  const filter = recordFilter(params, requireUser(context));
  const db = await getDb();
  return answer('GET /api/reports/monthly-record', { data: await monthlyRecords(db, filter, await recordMonth(db, params), { withRevisions: true }) });
});

import { getDb } from '../../../server/db/connection.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/json.ts';
import { monthlyRecords } from '../../../server/services/reports/monthly-records.ts';
import { recordFilter, recordMonth } from '../../../server/services/reports/report-downloads.ts';

/** GET the monthly working-time records (`month`, `employee`, `department`, `status`) as JSON. */
export const GET = endpoint(async ({ url }) => {
  const db = await getDb();
  return json({ data: await monthlyRecords(db, recordFilter(url.searchParams), await recordMonth(db, url.searchParams), { withRevisions: true }) });
});

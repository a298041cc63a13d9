import { isReportName } from '../../../domain/reports/report-table.ts';
import { getDb } from '../../../server/db/connection.ts';
import { notFound } from '../../../server/http/app-error.ts';
import { endpoint } from '../../../server/http/endpoint.ts';
import { json } from '../../../server/http/json.ts';
import { runReport } from '../../../server/services/reports/run-report.ts';

/** GET a report's figures as JSON (`{data: Report}`), with the same filters as its page. */
export const GET = endpoint(async ({ params, url, locals }) => {
  const name = params['report'];
  if (!isReportName(name)) throw notFound();
  return json({ data: await runReport(await getDb(), name, url.searchParams, locals.lang) });
});

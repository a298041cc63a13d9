import { isReportName } from '#domain/reports/report-table.ts';
import { getDb } from '#server/db/connection.ts';
import { notFound } from '#server/http/app-error.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { runReport } from '#server/services/reports/run-report.ts';
import { answer } from '#server/http/answer.ts';

/** GET a report's figures as JSON (`{data: Report}`), with the same filters as its page, over the employees the account may read. */
export const GET = endpoint(async (context) => {
  const name = context.params['report'];
  if (!isReportName(name)) throw notFound();
  return answer('GET /api/reports/{id}', { data: await runReport(await getDb(), name, context.url.searchParams, context.locals.lang, requireUser(context)) });
});

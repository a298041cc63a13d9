import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { downloadLanguage, recordDownload, recordFilter, recordMonth } from '#server/services/reports/report-downloads.ts';

/** GET the monthly working-time records as .xlsx, one sheet per employee. */
export const GET = endpoint(async (context) => {
  const { url, locals } = context;
  const filter = recordFilter(url.searchParams, requireUser(context));
  const db = await getDb();
  return recordDownload(db, filter, await recordMonth(db, url.searchParams), downloadLanguage(url.searchParams, locals.lang));
});

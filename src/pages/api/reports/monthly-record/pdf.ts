import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { downloadLanguage, recordPdfDownload } from '#server/services/reports/report-downloads.ts';

/**
 * GET the monthly working-time record as a PDF (`month`, `employee`, `department`, `status`,
 * `lang`): one employee, or every employee under the filter, one after the other (report.read;
 * the personal area's own month is GET /api/personal/attendance/pdf).
 */
export const GET = endpoint(async (context) => {
  const { url, locals } = context;
  const db = await getDb();
  return recordPdfDownload(db, url.searchParams, requireUser(context), downloadLanguage(url.searchParams, locals.lang));
});

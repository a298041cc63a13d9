import { getDb } from '../../../../server/db/connection.ts';
import { endpoint, requireUser } from '../../../../server/http/endpoint.ts';
import { downloadLanguage, recordPdfDownload } from '../../../../server/services/reports/report-downloads.ts';

/**
 * GET the monthly working-time record as a PDF (`month`, `employee`, `department`, `status`,
 * `lang`): one employee, or every employee under the filter, one after the other. Admins need
 * report.read; an Employee account gets its own month (another employee's is a 404).
 */
export const GET = endpoint(async (context) => {
  const { url, locals } = context;
  const db = await getDb();
  return recordPdfDownload(db, url.searchParams, requireUser(context), downloadLanguage(url.searchParams, locals.lang));
});

import { isReportName } from '#domain/reports/report-table.ts';
import { getDb } from '#server/db/connection.ts';
import { notFound } from '#server/http/app-error.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { downloadLanguage, reportDownload } from '#server/services/reports/report-downloads.ts';

/** GET a report as an .xlsx download (filters as its page; `lang` for the texts). */
export const GET = endpoint(async (context) => {
  const { params, url, locals } = context;
  const name = params['report'];
  if (!isReportName(name)) throw notFound();
  return reportDownload(await getDb(), name, url.searchParams, downloadLanguage(url.searchParams, locals.lang), requireUser(context));
});

import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { recordExportDownload } from '#server/services/record-export/record-export-download.ts';
import { downloadLanguage, recordFilter } from '#server/services/reports/report-downloads.ts';

/**
 * GET the open record export (decision 084): `format=json|csv`, `month`, `employee`, `department`.
 * The API table asks report.read of an account that sees every employee: the export holds each
 * company's whole record chain, every employee's entries with it.
 */
export const GET = endpoint(async (context) => {
  const { url, locals } = context;
  const filter = recordFilter(url.searchParams, requireUser(context));
  return recordExportDownload(await getDb(), filter, url.searchParams, downloadLanguage(url.searchParams, locals.lang));
});

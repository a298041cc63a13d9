import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { downloadLanguage, ownRecordPdfDownload } from '#server/services/reports/report-downloads.ts';

/** GET my monthly working-time record as PDF (own employee only, 404 without one; `month`, `lang`). */
export const GET = endpoint(async (context) => {
  const employee = ownEmployeeId(requireUser(context));
  const db = await getDb();
  return ownRecordPdfDownload(db, employee, context.url.searchParams, downloadLanguage(context.url.searchParams, context.locals.lang));
});

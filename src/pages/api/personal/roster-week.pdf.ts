import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { downloadLanguage } from '#server/services/reports/report-downloads.ts';
import { ownRosterWeekPdf } from '#server/services/roster/roster-week-download.ts';

/** GET my department's published week as a PDF (own employee only, 404 without one; `week`, `lang`; decision 087). */
export const GET = endpoint(async (context) => {
  const employee = ownEmployeeId(requireUser(context));
  return ownRosterWeekPdf(await getDb(), employee, context.url.searchParams, downloadLanguage(context.url.searchParams, context.locals.lang));
});

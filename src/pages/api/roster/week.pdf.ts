import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { downloadLanguage } from '#server/services/reports/report-downloads.ts';
import { adminRosterWeekPdf } from '#server/services/roster/roster-week-download.ts';

/** GET a department's published week as a PDF for the wall (schedule.read; `department`, `week`, `lang`; decision 087). */
export const GET = endpoint(async (context) => adminRosterWeekPdf(await getDb(), requireUser(context), context.url.searchParams, downloadLanguage(context.url.searchParams, context.locals.lang)));

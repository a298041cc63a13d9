import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { downloadPayroll } from '#server/services/payroll/download-payroll.ts';

/** GET the payroll export (`format=csv|xlsx`, `month`, `departmentId`, `employee`, `headers=ids`, `lang`) as a file (docs/payroll-export.md). */
export const GET = endpoint(async (context) => {
  return downloadPayroll(await getDb(), context.url.searchParams, requireUser(context), context.locals.lang);
});

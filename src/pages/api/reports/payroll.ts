import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readPayroll } from '#server/services/payroll/read-payroll.ts';
import { answer } from '#server/http/answer.ts';

/** GET the payroll figures of a month (`month`, `departmentId`, `employee`) as JSON, of the employees the account may read (docs/payroll-export.md). */
export const GET = endpoint(async (context) => {
  return answer('GET /api/reports/payroll', { data: await readPayroll(await getDb(), context.url.searchParams, requireUser(context), context.locals.lang) });
});

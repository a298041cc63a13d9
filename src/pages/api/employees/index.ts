import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { createEmployee } from '#server/services/employees/create-employee.ts';
import { listEmployees } from '#server/services/employees/list-employees.ts';

/** GET list `{data, total}` (q, status, department, company, sort, page, pageSize) of the employees the account may read; POST create. */
export const GET = endpoint(async (context) => {
  return answer('GET /api/employees', await listEmployees(await getDb(), context.url.searchParams, requireUser(context)));
});

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const { generatedPin, ...data } = await createEmployee(await getDb(), await readJson(context.request), user);
  return answer('POST /api/employees', { data, message: translate(context.locals.lang, 'messages.employeeCreated'), ...(generatedPin ? { generatedPin } : {}) });
});

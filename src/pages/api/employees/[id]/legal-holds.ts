import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { requireReadable } from '#server/services/record-guard.ts';
import { employeeLegalHolds, placeEmployeeHold } from '#server/services/retention/legal-holds.ts';

/** GET the holds covering the employee: theirs and their company's (employee.read; decision 083). */
export const GET = endpoint(async (context) => {
  const id = parseId(context.params['id']);
  requireReadable(requireUser(context), id);
  const data = await employeeLegalHolds(await getDb(), id);
  return answer('GET /api/employees/{id}/legal-holds', { data, total: data.length });
});

/** POST {reason} (employee.update) -> 201 `{data: hold}`: a hold on this employee. */
export const POST = endpoint(async (context) => {
  const data = await placeEmployeeHold(await getDb(), requireUser(context), parseId(context.params['id']), await readJson(context.request));
  return answer('POST /api/employees/{id}/legal-holds', { data, message: translate(context.locals.lang, 'legalHold.placed') });
});

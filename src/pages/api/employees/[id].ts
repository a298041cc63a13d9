import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { getEmployee } from '#server/services/employees/get-employee.ts';
import { deleteEmployee } from '#server/services/employees/delete-employee.ts';
import { updateEmployee } from '#server/services/employees/update-employee.ts';

/** GET one (outside the account's employees: 404, decision 024); PATCH; DELETE. */
export const GET = endpoint(async (context) => {
  return answer('GET /api/employees/{id}', { data: await getEmployee(await getDb(), parseId(context.params['id']), requireUser(context)) });
});

export const PATCH = endpoint(async (context) => {
  const user = requireUser(context);
  const { generatedPin, ...data } = await updateEmployee(await getDb(), parseId(context.params['id']), await readJson(context.request), user);
  return answer('PATCH /api/employees/{id}', { data, message: translate(context.locals.lang, 'messages.employeeUpdated'), ...(generatedPin ? { generatedPin } : {}) });
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  await deleteEmployee(await getDb(), parseId(context.params['id']), user);
  return answer('DELETE /api/employees/{id}', { message: translate(context.locals.lang, 'messages.employeeDeleted') });
});

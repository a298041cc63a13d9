import { translate } from '../../../i18n/translate.ts';
import { getDb } from '../../../server/db/connection.ts';
import { findEmployee } from '../../../server/db/repositories/employees.ts';
import { notFound } from '../../../server/http/app-error.ts';
import { endpoint, requireUser } from '../../../server/http/endpoint.ts';
import { json, readJson } from '../../../server/http/json.ts';
import { parseId } from '../../../server/services/crud/crud-service.ts';
import { deleteEmployee } from '../../../server/services/employees/delete-employee.ts';
import { updateEmployee } from '../../../server/services/employees/update-employee.ts';

export const GET = endpoint(async ({ params }) => {
  const employee = await findEmployee(await getDb(), parseId(params['id']));
  if (!employee) throw notFound();
  return json({ data: employee });
});

export const PATCH = endpoint(async (context) => {
  const user = requireUser(context);
  const { generatedPin, ...data } = await updateEmployee(await getDb(), parseId(context.params['id']), await readJson(context.request), user.id);
  return json({ data, message: translate(context.locals.lang, 'messages.employeeUpdated'), ...(generatedPin ? { generatedPin } : {}) });
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  await deleteEmployee(await getDb(), parseId(context.params['id']), user.id);
  return json({ message: translate(context.locals.lang, 'messages.employeeDeleted') });
});

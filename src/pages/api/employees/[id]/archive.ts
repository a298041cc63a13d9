import { EmployeeArchiveInput } from '#domain/employees/employee-schema.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { archiveEmployee } from '#server/services/employees/archive-employee.ts';

/** POST {archived?: boolean = true}: archive (deletes face data) or restore. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const body = context.request.headers.get('content-type') ? await readJson(context.request) : {};
  const { archived } = parseInput(EmployeeArchiveInput, body);
  const data = await archiveEmployee(await getDb(), parseId(context.params['id']), archived, user);
  return answer('POST /api/employees/{id}/archive', { data, message: translate(context.locals.lang, archived ? 'employees.archived' : 'employees.restored') });
});

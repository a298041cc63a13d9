import * as v from 'valibot';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json, parseInput, readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { archiveEmployee } from '#server/services/employees/archive-employee.ts';

const ArchiveInput = v.object({ archived: v.optional(v.boolean('validation.invalidInput'), true) }, 'validation.invalidInput');

/** POST {archived?: boolean = true}: archive (deletes face data) or restore. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const body = context.request.headers.get('content-type') ? await readJson(context.request) : {};
  const { archived } = parseInput(ArchiveInput, body);
  const data = await archiveEmployee(await getDb(), parseId(context.params['id']), archived, user);
  return json({ data, message: translate(context.locals.lang, archived ? 'employees.archived' : 'employees.restored') });
});

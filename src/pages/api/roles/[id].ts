import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { readRole } from '#server/services/roles/read-roles.ts';
import { deleteRole } from '#server/services/roles/delete-role.ts';
import { updateRole } from '#server/services/roles/save-role.ts';

/** GET: the generic read. PATCH `{data, message}` and DELETE `{message}` apply the role rules (decision 021). */
export const GET = endpoint(async ({ params }) => answer('GET /api/roles/{id}', { data: await readRole(await getDb(), parseId(params['id'])) }));

export const PATCH = endpoint(async (context) => {
  const actor = requireUser(context);
  const data = await updateRole(await getDb(), actor, parseId(context.params['id']), await readJson(context.request));
  return answer('PATCH /api/roles/{id}', { data, message: translate(context.locals.lang, 'messages.changesSaved') });
});

export const DELETE = endpoint(async (context) => {
  const actor = requireUser(context);
  await deleteRole(await getDb(), actor, parseId(context.params['id']));
  return answer('DELETE /api/roles/{id}', { message: translate(context.locals.lang, 'messages.recordDeleted') });
});

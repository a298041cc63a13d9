import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { listRoles } from '#server/services/roles/read-roles.ts';
import { createRole } from '#server/services/roles/save-role.ts';

/** GET: the generic list. POST: 201 `{data, message}`, only permissions the actor holds (decision 021). */
export const GET = endpoint(async ({ url }) => answer('GET /api/roles', await listRoles(await getDb(), url.searchParams)));

export const POST = endpoint(async (context) => {
  const actor = requireUser(context);
  const data = await createRole(await getDb(), actor, await readJson(context.request));
  return answer('POST /api/roles', { data, message: translate(context.locals.lang, 'messages.changesSaved') });
});

import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { collectionEndpoints } from '#server/http/crud-endpoints.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json, readJson } from '#server/http/json.ts';
import { createRole } from '#server/services/roles/save-role.ts';

/** GET: the generic list. POST: 201 `{data, message}`, only permissions the actor holds (decision 021). */
export const { GET } = collectionEndpoints('roles');

export const POST = endpoint(async (context) => {
  const actor = requireUser(context);
  const data = await createRole(await getDb(), actor, await readJson(context.request));
  return json({ data, message: translate(context.locals.lang, 'messages.changesSaved') }, 201);
});

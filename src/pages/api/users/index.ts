import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { createUser } from '#server/services/users/create-user.ts';
import { listUsers } from '#server/services/users/list-users.ts';

/** GET: `{data, total}` (never a password hash). POST: 201 `{data, message}`. Authority: user.read / user.create. */
export const GET = endpoint(async ({ url }) => answer('GET /api/users', await listUsers(await getDb(), url.searchParams)));

export const POST = endpoint(async (context) => {
  const actor = requireUser(context);
  const data = await createUser(await getDb(), actor, await readJson(context.request));
  return answer('POST /api/users', { data, message: translate(context.locals.lang, 'messages.userCreated') });
});

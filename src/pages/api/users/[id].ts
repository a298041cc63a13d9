import { translate } from '#i18n/translate.ts';
import { SESSION_COOKIE } from '#server/auth/session-token.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { setSessionCookie } from '#server/http/session-cookie.ts';
import { sessionOrigin } from '#server/http/session-origin.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { startSession } from '#server/services/sign-in/start-session.ts';
import { deleteUser } from '#server/services/users/delete-user.ts';
import { getUser } from '#server/services/users/list-users.ts';
import { updateUser } from '#server/services/users/update-user.ts';

/** GET `{data}`, PATCH `{data, message}`, DELETE `{message}`. Authority: user.read/update/delete. */
export const GET = endpoint(async ({ params }) => answer('GET /api/users/{id}', { data: await getUser(await getDb(), parseId(params['id'])) }));

export const PATCH = endpoint(async (context) => {
  const actor = requireUser(context);
  const id = parseId(context.params['id']);
  const { data, newSessionVersion } = await updateUser(await getDb(), actor, id, await readJson(context.request));
  // Editing one's own password or account type ends all one's sessions; the browser that made the
  // change gets a new one in place of its own.
  if (id === actor.id && newSessionVersion !== undefined && data.status === 'enabled' && context.cookies.get(SESSION_COOKIE)) {
    const token = await startSession(await getDb(), { id, sessionVersion: newSessionVersion }, await sessionOrigin(context));
    await setSessionCookie(context, token);
  }
  return answer('PATCH /api/users/{id}', { data, message: translate(context.locals.lang, 'messages.userUpdated') });
});

export const DELETE = endpoint(async (context) => {
  const actor = requireUser(context);
  await deleteUser(await getDb(), actor, parseId(context.params['id']));
  return answer('DELETE /api/users/{id}', { message: translate(context.locals.lang, 'messages.userDeleted') });
});

import { translate } from '#i18n/translate.ts';
import { SESSION_COOKIE } from '#server/auth/session-token.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { endUserSessions } from '#server/services/sign-in/end-user-sessions.ts';

/**
 * DELETE -> `{ended, message}`: ends every session of the user (authority user.update; only a
 * SuperAdmin for a SuperAdmin). Ending one's own also clears this browser's cookie.
 */
export const DELETE = endpoint(async (context) => {
  const actor = requireUser(context);
  const id = parseId(context.params['id']);
  const ended = await endUserSessions(await getDb(), actor, id);
  if (id === actor.id) context.cookies.delete(SESSION_COOKIE, { path: '/' });
  return answer('DELETE /api/users/{id}/sessions', { ended, message: translate(context.locals.lang, 'messages.userSessionsEnded') });
});

import { translate } from '#i18n/translate.ts';
import { SESSION_COOKIE } from '#server/auth/session-token.ts';
import { getDb } from '#server/db/connection.ts';
import { notFound } from '#server/http/app-error.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { endAccountSession } from '#server/services/sessions/account-sessions.ts';
import { isSessionPublicId } from '#server/services/sign-in/session-public-id.ts';

/**
 * DELETE -> `{current, message}`: ends one of the signed-in account's own sessions by its public id
 * (decision 093); another account's or an unknown one is a 404. Ending this very session signs
 * this browser out (its cookie is cleared).
 */
export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  const publicId = context.params['id'];
  if (!isSessionPublicId(publicId)) throw notFound();
  const { current } = await endAccountSession(await getDb(), user.id, publicId, context.locals.sessionId);
  if (current) context.cookies.delete(SESSION_COOKIE, { path: '/' });
  return answer('DELETE /api/account/sessions/{id}', { current, message: translate(context.locals.lang, current ? 'sessions.endedCurrent' : 'sessions.ended') });
});

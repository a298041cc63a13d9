import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { unauthenticated } from '#server/http/app-error.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { endOtherSessions } from '#server/services/sign-in/end-other-sessions.ts';

/** POST (no body) -> `{ended, message}`: ends every other session of the signed-in account; this one stays. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const sessionId = context.locals.sessionId;
  if (!sessionId) throw unauthenticated();
  const ended = await endOtherSessions(await getDb(), user.id, sessionId);
  return answer('POST /api/account/sign-out-everywhere', { ended, message: translate(context.locals.lang, 'messages.otherSessionsEnded') });
});

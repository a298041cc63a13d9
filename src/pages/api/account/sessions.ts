import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { listAccountSessions } from '#server/services/sessions/account-sessions.ts';

/** GET -> `{data: AccountSessionDto[]}`: the signed-in account's own live sessions (decision 093). */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return answer('GET /api/account/sessions', { data: await listAccountSessions(await getDb(), user.id, context.locals.sessionId) });
});

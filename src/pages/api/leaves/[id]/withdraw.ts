import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { withdrawLeave } from '#server/services/leave/withdraw-leave.ts';

/** POST: the employee withdraws a pending request ("Leave discarded!"); needs `leave.update`. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  await withdrawLeave(await getDb(), parseId(context.params['id']), user);
  return answer('POST /api/leaves/{id}/withdraw', { message: translate(context.locals.lang, 'messages.leaveDiscarded') });
});

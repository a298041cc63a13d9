import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { answerSwap } from '#server/services/roster/shift-swaps.ts';

/** POST: decline a swap (decision 086): the colleague's answer to a proposed swap; anyone else's 404, 409 once past that step. */
export const POST = endpoint(async (context) => {
  const data = await answerSwap(await getDb(), requireUser(context), parseId(context.params['id']), 'decline');
  return answer('POST /api/personal/swaps/{id}/decline', { data, message: translate(context.locals.lang, 'rosterRequests.swap_decline') });
});

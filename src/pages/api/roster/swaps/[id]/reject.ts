import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { decideSwap } from '#server/services/roster/shift-swaps.ts';

/** POST: an administrator's decision (decision 086): 404 outside the managed companies, 403 on their own employee (four eyes), 409 once decided, a locked day or a day taken. */
export const POST = endpoint(async (context) => {
  const data = await decideSwap(await getDb(), requireUser(context), parseId(context.params['id']), 'rejected');
  return answer('POST /api/roster/swaps/{id}/reject', { data, message: translate(context.locals.lang, 'rosterRequests.swaps_rejected') });
});

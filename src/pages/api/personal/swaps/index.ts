import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { ownSwaps, proposeSwap } from '#server/services/roster/shift-swaps.ts';

/** GET: my swaps (either side), my upcoming published shifts and my department's colleagues with theirs (decision 086). */
export const GET = endpoint(async (context) => answer('GET /api/personal/swaps', { data: await ownSwaps(await getDb(), ownEmployeeId(requireUser(context))) }));

/**
 * POST {shift, colleague, otherShift?, note?}: proposes one of my published shifts to a colleague
 * of my department (a trade with `otherShift`) -> 201 {data: SwapDto}. 404 not my shift; 422 bad
 * body, colleague or other shift; 409 begun, unpublished, a day taken or a swap already open; 403 an API token.
 */
export const POST = endpoint(async (context) => {
  const data = await proposeSwap(await getDb(), requireUser(context), await readJson(context.request));
  return answer('POST /api/personal/swaps', { data, message: translate(context.locals.lang, 'rosterRequests.swapProposed') });
});

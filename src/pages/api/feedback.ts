import { getDb } from '../../server/db/connection.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { answer } from '../../server/http/answer.ts';
import { readJson } from '../../server/http/json.ts';
import { translate } from '../../i18n/translate.ts';
import { listFeedback, sendFeedback } from '../../server/services/feedback.ts';

/** POST {message}: any signed-in user; GET: the SuperAdmin's list. */
export const POST = endpoint(async (context) => {
  await sendFeedback(await getDb(), requireUser(context), await readJson(context.request));
  return answer('POST /api/feedback', { message: translate(context.locals.lang, 'settings.feedbackThanks') });
});

export const GET = endpoint(async (context) => answer('GET /api/feedback', { data: await listFeedback(await getDb(), requireUser(context)) }));

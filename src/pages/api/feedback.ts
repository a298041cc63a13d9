import { getDb } from '../../server/db/connection.ts';
import { endpoint, requireUser } from '../../server/http/endpoint.ts';
import { json, readJson } from '../../server/http/json.ts';
import { translate } from '../../i18n/translate.ts';
import { listFeedback, sendFeedback } from '../../server/services/feedback.ts';

/** POST {message}: any signed-in user; GET: the SuperAdmin's list. */
export const POST = endpoint(async (context) => {
  await sendFeedback(await getDb(), requireUser(context), await readJson(context.request));
  return json({ message: translate(context.locals.lang, 'settings.feedbackThanks') }, 201);
});

export const GET = endpoint(async (context) => json({ data: await listFeedback(await getDb(), requireUser(context)) }));

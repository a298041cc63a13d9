import { translate } from '../../../../i18n/translate.ts';
import { getDb } from '../../../../server/db/connection.ts';
import { endpoint, requireUser } from '../../../../server/http/endpoint.ts';
import { json, readJson } from '../../../../server/http/json.ts';
import { parseId } from '../../../../server/services/crud/crud-service.ts';
import { answerCorrection } from '../../../../server/services/corrections/answer-correction.ts';

/**
 * POST `{revision, answer: accepted|rejected, comment}`: the worker answers an administrator's
 * correction of their own day (decision 034); a rejection needs a comment.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const body = await readJson(context.request);
  await answerCorrection(await getDb(), parseId(context.params['id']), body, user);
  const rejected = typeof body === 'object' && body !== null && (body as { answer?: unknown }).answer === 'rejected';
  return json({ message: translate(context.locals.lang, rejected ? 'corrections.rejectedMessage' : 'corrections.acceptedMessage') });
});

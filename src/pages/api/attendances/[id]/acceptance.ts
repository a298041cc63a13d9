import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { answerCorrection } from '#server/services/corrections/answer-correction.ts';
import { answer } from '#server/http/answer.ts';

/**
 * POST `{revision, answer: accepted|rejected, comment}`: the worker answers an administrator's
 * correction of their own day (decision 034); a rejection needs a comment.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const given = await answerCorrection(await getDb(), parseId(context.params['id']), await readJson(context.request), user);
  return answer('POST /api/attendances/{id}/acceptance', { message: translate(context.locals.lang, given === 'rejected' ? 'corrections.rejectedMessage' : 'corrections.acceptedMessage') });
});

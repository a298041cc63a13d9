import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { answerVoluntaryOffer } from '#server/services/complementary/complementary-hours.ts';

/**
 * POST {answer: 'accept'|'decline'}: the worker's answer to an offer of voluntary complementary
 * hours of their own (decision 081) -> 200 {data, message}. 404 for another's offer, 409 when
 * already answered or the period is approved, 403 through an API token.
 */
export const POST = endpoint(async (context) => {
  const data = await answerVoluntaryOffer(await getDb(), requireUser(context), parseId(context.params['id']), await readJson(context.request));
  return answer('POST /api/personal/complementary-offers/{id}', { data, message: translate(context.locals.lang, 'complementary.answerRecorded') });
});

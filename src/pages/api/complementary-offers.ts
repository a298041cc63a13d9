import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { offerVoluntaryHours } from '#server/services/complementary/complementary-hours.ts';
import { answer } from '#server/http/answer.ts';

/**
 * POST {employee, date, minutes}: offers a part-time worker voluntary complementary hours for a
 * date (decision 081) -> 201 {data, message}. 422 beyond 15 % (30 % by collective agreement) of
 * the month's ordinary hours, for a full-time employee or bad input; 409 `periods.locked`.
 */
export const POST = endpoint(async (context) => {
  const data = await offerVoluntaryHours(await getDb(), await readJson(context.request), requireUser(context));
  return answer('POST /api/complementary-offers', { data, message: translate(context.locals.lang, 'complementary.offerRecorded') });
});

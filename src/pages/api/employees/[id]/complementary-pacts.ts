import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { recordPact } from '#server/services/complementary/complementary-hours.ts';

/**
 * POST {signedOn, validFrom, validTo?, sharePercent, collectiveAgreement?}: records the employee's
 * pact of complementary hours (decision 081) -> 201 {data, message}. 422 for bad input (share over
 * 30 % without the collective agreement, over 60 %, dates) or a full-time employee; 409
 * `periods.locked` when it would apply from a date of an approved period.
 */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await recordPact(await getDb(), parseId(context.params['id']), await readJson(context.request), user);
  return answer('POST /api/employees/{id}/complementary-pacts', { data, message: translate(context.locals.lang, 'complementary.pactRecorded') });
});

import { AcknowledgeMonthSchema } from '#domain/access/record-acknowledgement.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer, answerAlso } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { acknowledgeMonth } from '#server/services/personal/acknowledge-month.ts';

/**
 * POST {month, employee?}: "I have received my record for <month>" for the account's own employee
 * (decision 036). 201 the first time; 200 with the first acknowledgement afterwards; 404 for
 * another employee or without one; 422 for a future month.
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(AcknowledgeMonthSchema, await readJson(context.request));
  const { created, data } = await acknowledgeMonth(await getDb(), requireUser(context), input);
  const message = translate(context.locals.lang, created ? 'acknowledgement.done' : 'acknowledgement.already');
  return created ? answer('POST /api/personal/acknowledgements', { data, message }) : answerAlso('POST /api/personal/acknowledgements', { data, message });
});

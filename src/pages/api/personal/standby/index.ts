import { PersonalStandbySchema } from '#domain/worktime/time-apart-schema.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { recordOwnStandby } from '#server/services/time-apart/personal-time-apart.ts';

/**
 * POST {kind: 'waiting'|'on_call', startAt, endAt, calledInSeconds?, note?}: the worker's own
 * standby period (issue 38 point 1, decision 080) -> 201 {data: {id, date}, message}. 403 through
 * an API token or without a linked employee; 409 for an approved period; 422 for bad input.
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(PersonalStandbySchema, await readJson(context.request));
  const data = await recordOwnStandby(await getDb(), requireUser(context), input);
  return answer('POST /api/personal/standby', { data, message: translate(context.locals.lang, 'timeApart.standbySaved') });
});

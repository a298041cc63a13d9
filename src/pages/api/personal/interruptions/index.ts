import { PersonalInterruptionSchema } from '#domain/worktime/time-apart-schema.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { recordOwnInterruption } from '#server/services/time-apart/personal-time-apart.ts';

/**
 * POST {at, channel: 'phone'|'message'|'email'|'other', durationSeconds, workDone, note?}: the
 * worker was contacted outside working hours (issue 38 point 1) -> 201 {data: {id, date}, message}.
 * 403 through an API token or without a linked employee; 409 for an approved period; 422 for bad input.
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(PersonalInterruptionSchema, await readJson(context.request));
  const data = await recordOwnInterruption(await getDb(), requireUser(context), input);
  return answer('POST /api/personal/interruptions', { data, message: translate(context.locals.lang, 'timeApart.interruptionSaved') });
});

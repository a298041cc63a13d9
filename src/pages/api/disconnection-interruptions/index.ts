import { InterruptionSchema } from '#domain/worktime/time-apart-schema.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { recordInterruptionFor } from '#server/services/time-apart/admin-time-apart.ts';
import { answer } from '#server/http/answer.ts';

/**
 * POST (attendance.create) {employee, at, channel, durationSeconds, workDone, note?}: an
 * employee's interruption of digital disconnection entered by an administrator (issue 38 point 1) -> 201 {data: {id, date}}.
 * 403 for one's own record (four eyes); 404 for an employee out of reach; 409 approved; 422 bad input.
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(InterruptionSchema, await readJson(context.request));
  const data = await recordInterruptionFor(await getDb(), requireUser(context), input);
  return answer('POST /api/disconnection-interruptions', { data, message: translate(context.locals.lang, 'timeApart.interruptionSaved') });
});

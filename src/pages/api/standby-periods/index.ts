import { StandbySchema } from '#domain/worktime/time-apart-schema.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { parseInput, readJson } from '#server/http/json.ts';
import { recordStandbyFor } from '#server/services/time-apart/admin-time-apart.ts';
import { answer } from '#server/http/answer.ts';

/**
 * POST (attendance.create) {employee, kind, startAt, endAt, calledInSeconds?, note?}: an
 * employee's standby period entered by an administrator (issue 38 point 1) -> 201 {data: {id, date}}.
 * 403 for one's own record (four eyes); 404 for an employee out of reach; 409 approved; 422 bad input.
 */
export const POST = endpoint(async (context) => {
  const input = parseInput(StandbySchema, await readJson(context.request));
  const data = await recordStandbyFor(await getDb(), requireUser(context), input);
  return answer('POST /api/standby-periods', { data, message: translate(context.locals.lang, 'timeApart.standbySaved') });
});

import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { createRosterShift } from '#server/services/roster/save-roster-shift.ts';

/** POST {department, employee|null, date, template?, startTime?, endTime?, breakMinutes?} -> 201 `{data, warnings, message}`. */
export const POST = endpoint(async (context) => {
  const saved = await createRosterShift(await getDb(), requireUser(context), await readJson(context.request));
  return answer('POST /api/roster/shifts', { ...saved, message: translate(context.locals.lang, 'messages.changesSaved') });
});

import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { deleteRosterShiftById, updateRosterShiftById } from '#server/services/roster/save-roster-shift.ts';

/** PATCH (partial; moving = a new employee or date) -> `{data, warnings, message}`; DELETE. */
export const PATCH = endpoint(async (context) => {
  const saved = await updateRosterShiftById(await getDb(), requireUser(context), parseId(context.params['id']), await readJson(context.request));
  return answer('PATCH /api/roster/shifts/{id}', { ...saved, message: translate(context.locals.lang, 'messages.changesSaved') });
});

export const DELETE = endpoint(async (context) => {
  await deleteRosterShiftById(await getDb(), requireUser(context), parseId(context.params['id']));
  return answer('DELETE /api/roster/shifts/{id}', { message: translate(context.locals.lang, 'messages.changesSaved') });
});

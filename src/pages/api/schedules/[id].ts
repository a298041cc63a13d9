import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { getSchedule } from '#server/services/schedules/read-schedules.ts';
import { deleteSchedule, updateSchedule } from '#server/services/schedules/save-schedule.ts';

/** GET one (another employee's, outside the account's reach, answers 404); PATCH; DELETE. */
export const GET = endpoint(async (context) => {
  return answer('GET /api/schedules/{id}', { data: await getSchedule(await getDb(), parseId(context.params['id']), requireUser(context)) });
});

export const PATCH = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await updateSchedule(await getDb(), parseId(context.params['id']), await readJson(context.request), user);
  return answer('PATCH /api/schedules/{id}', { data, message: translate(context.locals.lang, 'messages.scheduleUpdated') });
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  await deleteSchedule(await getDb(), parseId(context.params['id']), user);
  return answer('DELETE /api/schedules/{id}', { message: translate(context.locals.lang, 'messages.scheduleDeleted') });
});

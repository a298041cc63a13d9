import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { assignDepartmentSchedule } from '#server/services/schedules/save-schedule.ts';

/** POST {department, startTime, offTime, totalHours, restDays, fromDate, toDate?}: one schedule per active employee. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const count = await assignDepartmentSchedule(await getDb(), await readJson(context.request), user);
  return answer('POST /api/schedules/bulk', { created: count, message: translate(context.locals.lang, 'schedules.assigned', { count }) });
});

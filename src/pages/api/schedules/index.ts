import { localDateOf } from '#domain/time/zoned-time.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { listSchedules } from '#server/services/schedules/list-schedules.ts';
import { createSchedule } from '#server/services/schedules/save-schedule.ts';
import { nowMs } from '#server/clock/now.ts';

/** GET list (q, employee, department, status, sort, page, pageSize), only of employees the account may read; POST create. */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  const db = await getDb();
  return answer('GET /api/schedules', await listSchedules(db, context.url.searchParams, user, localDateOf(nowMs(), (await getSettings(db)).timezone)));
});

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await createSchedule(await getDb(), await readJson(context.request), user);
  return answer('POST /api/schedules', { data, message: translate(context.locals.lang, 'messages.scheduleCreated') });
});

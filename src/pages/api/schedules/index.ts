import { parseListQuery } from '../../../domain/lists/list-query.ts';
import { ownEmployeeScope } from '../../../domain/permissions/record-scope.ts';
import { localDateOf } from '../../../domain/time/zoned-time.ts';
import { getSettings } from '../../../server/services/get-settings.ts';
import { translate } from '../../../i18n/translate.ts';
import { getDb } from '../../../server/db/connection.ts';
import { listSchedules, SCHEDULE_SORTS } from '../../../server/db/repositories/schedules.ts';
import { endpoint, requireUser } from '../../../server/http/endpoint.ts';
import { json, readJson } from '../../../server/http/json.ts';
import { createSchedule } from '../../../server/services/schedules/save-schedule.ts';

/** GET list (q, employee, department, status, sort, page, pageSize); POST create. */
export const GET = endpoint(async (context) => {
  const query = parseListQuery(context.url.searchParams, { sortable: Object.keys(SCHEDULE_SORTS), defaultSort: 'employee' });
  const own = ownEmployeeScope(requireUser(context));
  if (own === null) return json({ data: [], total: 0 });
  if (own !== undefined) query.filters['employee'] = String(own);
  const db = await getDb();
  return json(await listSchedules(db, query, localDateOf(new Date(), (await getSettings(db)).timezone)));
});

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await createSchedule(await getDb(), await readJson(context.request), user.id);
  return json({ data, message: translate(context.locals.lang, 'messages.scheduleCreated') }, 201);
});

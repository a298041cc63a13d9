import { ownEmployeeScope } from '../../../domain/permissions/record-scope.ts';
import { translate } from '../../../i18n/translate.ts';
import { getDb } from '../../../server/db/connection.ts';
import { findSchedule } from '../../../server/db/repositories/schedules.ts';
import { notFound } from '../../../server/http/app-error.ts';
import { endpoint, requireUser } from '../../../server/http/endpoint.ts';
import { json, readJson } from '../../../server/http/json.ts';
import { parseId } from '../../../server/services/crud/crud-service.ts';
import { deleteSchedule, updateSchedule } from '../../../server/services/schedules/save-schedule.ts';

export const GET = endpoint(async (context) => {
  const schedule = await findSchedule(await getDb(), parseId(context.params['id']));
  const own = ownEmployeeScope(requireUser(context));
  // Another employee's schedule is answered as missing: its existence is not revealed.
  if (!schedule || (own !== undefined && schedule.employee !== own)) throw notFound();
  return json({ data: schedule });
});

export const PATCH = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await updateSchedule(await getDb(), parseId(context.params['id']), await readJson(context.request), user.id);
  return json({ data, message: translate(context.locals.lang, 'messages.scheduleUpdated') });
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  await deleteSchedule(await getDb(), parseId(context.params['id']), user.id);
  return json({ message: translate(context.locals.lang, 'messages.scheduleDeleted') });
});

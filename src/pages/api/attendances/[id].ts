import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { deleteAttendance } from '#server/services/attendance/delete-attendance.ts';
import { getAttendance } from '#server/services/attendance/get-attendance.ts';
import { updateAttendance } from '#server/services/attendance/update-attendance.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { answer } from '#server/http/answer.ts';

/**
 * GET one with `breaks`, `revisions` (newest first) and `punches` (count); PATCH a correction;
 * DELETE always refuses (409): a day is voided with a reason instead (`./[id]/void`, decision 033).
 */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return answer('GET /api/attendances/{id}', { data: await getAttendance(await getDb(), parseId(context.params['id']), user) });
});

export const PATCH = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await updateAttendance(await getDb(), parseId(context.params['id']), await readJson(context.request), user);
  return answer('PATCH /api/attendances/{id}', { data, message: translate(context.locals.lang, 'messages.attendanceUpdated') });
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  return deleteAttendance(await getDb(), parseId(context.params['id']), user);
});

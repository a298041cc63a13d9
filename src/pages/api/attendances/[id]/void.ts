import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { voidAttendance } from '#server/services/attendance/void-attendance.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { answer } from '#server/http/answer.ts';

/** POST `{reason}`: voids a manual day (decision 033); answers the day as it now is. */
export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await voidAttendance(await getDb(), parseId(context.params['id']), await readJson(context.request), user);
  return answer('POST /api/attendances/{id}/void', { data, message: translate(context.locals.lang, 'messages.attendanceVoided') });
});

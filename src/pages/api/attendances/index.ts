import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { readJson } from '#server/http/json.ts';
import { createAttendance } from '#server/services/attendance/create-attendance.ts';
import { listAttendances } from '#server/services/attendance/list-attendances.ts';
import { answer } from '#server/http/answer.ts';

/**
 * GET list `{data, total}`: q (employee name or national ID), from, to, employee, department,
 * status (open/closed), late, early (yes/no), source, sort (date/employee/timeIn/department),
 * dir, page, pageSize. An Employee account lists only its own days. POST: manual create.
 */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return answer('GET /api/attendances', await listAttendances(await getDb(), context.url.searchParams, user));
});

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await createAttendance(await getDb(), await readJson(context.request), user, context.locals.lang);
  return answer('POST /api/attendances', { data, message: translate(context.locals.lang, 'messages.attendanceCreated') });
});

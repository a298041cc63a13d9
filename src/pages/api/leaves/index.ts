import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { createLeave } from '#server/services/leave/create-leave.ts';
import { listLeaves } from '#server/services/leave/list-leaves.ts';

/**
 * GET list `{data, total}`: q (employee name), status, leaveType, employee, department, from/to
 * (leave sharing a day with the range), sort (from/employee/department/leaveType/status/createdAt),
 * dir, page, pageSize. An Employee account lists only its own leave. POST: a request (pending), or
 * with `approved: true` an absence an administrator records, approved at once (decision 031).
 */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return answer('GET /api/leaves', await listLeaves(await getDb(), context.url.searchParams, user));
});

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const data = await createLeave(await getDb(), await readJson(context.request), user, context.locals.lang);
  return answer('POST /api/leaves', { data, message: translate(context.locals.lang, data.status === 'approved' ? 'messages.leaveRecorded' : 'messages.leaveCreated') });
});

import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { readJson } from '#server/http/json.ts';
import { parseId } from '#server/services/crud/crud-service.ts';
import { decideLeave } from '#server/services/leave/decide-leave.ts';
import { visibleLeave } from '#server/services/leave/leave-checks.ts';
import { updateLeaveRequest } from '#server/services/leave/update-leave.ts';
import { deleteLeave } from '#server/services/leave/withdraw-leave.ts';

/** GET one (another employee's answers 404 to an Employee account). */
export const GET = endpoint(async (context) => {
  const user = requireUser(context);
  return answer('GET /api/leaves/{id}', { data: await visibleLeave(await getDb(), parseId(context.params['id']), user) });
});

/**
 * PATCH: a body with `status` is a decision `{status, comment?}` (administrators only); otherwise
 * an edit of a pending request `{leaveType, from, to, reason}`.
 */
export const PATCH = endpoint(async (context) => {
  const user = requireUser(context);
  const id = parseId(context.params['id']);
  const input = await readJson(context.request);
  const db = await getDb();
  const decision = typeof input === 'object' && input !== null && 'status' in input;
  const data = decision ? await decideLeave(db, id, input, user, context.locals.lang) : await updateLeaveRequest(db, id, input, user, context.locals.lang);
  return answer('PATCH /api/leaves/{id}', { data, message: translate(context.locals.lang, 'messages.leaveUpdated') });
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  await deleteLeave(await getDb(), parseId(context.params['id']), user);
  return answer('DELETE /api/leaves/{id}', { message: translate(context.locals.lang, 'messages.leaveDeleted') });
});

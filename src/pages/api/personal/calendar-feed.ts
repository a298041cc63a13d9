import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { answer } from '#server/http/answer.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { calendarFeedState, createCalendarFeed, revokeCalendarFeed } from '#server/services/personal/calendar-feed.ts';

/**
 * The worker's private calendar feed (decision 087), own employee only (404 without one), never
 * an API token (SESSION_ONLY_API). GET: whether one is active; POST: a new secret URL, shown once
 * (replaces any previous); DELETE: revokes it.
 */
export const GET = endpoint(async (context) => answer('GET /api/personal/calendar-feed', await calendarFeedState(await getDb(), ownEmployeeId(requireUser(context)))));

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const created = await createCalendarFeed(await getDb(), { id: user.id, employeeId: ownEmployeeId(user) }, context.url.origin);
  return answer('POST /api/personal/calendar-feed', { url: created.url, createdAt: created.createdAt }, { 'cache-control': 'no-store' });
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  await revokeCalendarFeed(await getDb(), { id: user.id, employeeId: ownEmployeeId(user) });
  return answer('DELETE /api/personal/calendar-feed', { message: translate(context.locals.lang, 'rosterWorker.feedRevoked') });
});

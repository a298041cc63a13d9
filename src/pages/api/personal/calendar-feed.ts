import { translate } from '#i18n/translate.ts';
import { getDb } from '#server/db/connection.ts';
import { endpoint, requireUser } from '#server/http/endpoint.ts';
import { json } from '#server/http/json.ts';
import { ownEmployeeId } from '#server/services/personal/own-employee.ts';
import { calendarFeedState, createCalendarFeed, revokeCalendarFeed } from '#server/services/personal/calendar-feed.ts';

/**
 * The worker's private calendar feed (decision 087), own employee only (404 without one), never
 * an API token (SESSION_ONLY_API). GET: whether one is active; POST: a new secret URL, shown once
 * (replaces any previous); DELETE: revokes it.
 */
export const GET = endpoint(async (context) => json(await calendarFeedState(await getDb(), ownEmployeeId(requireUser(context)))));

export const POST = endpoint(async (context) => {
  const user = requireUser(context);
  const created = await createCalendarFeed(await getDb(), { id: user.id, employeeId: ownEmployeeId(user) }, context.url.origin);
  return json({ url: created.url, createdAt: created.createdAt }, 201, { 'cache-control': 'no-store' });
});

export const DELETE = endpoint(async (context) => {
  const user = requireUser(context);
  await revokeCalendarFeed(await getDb(), { id: user.id, employeeId: ownEmployeeId(user) });
  return json({ message: translate(context.locals.lang, 'rosterWorker.feedRevoked') });
});

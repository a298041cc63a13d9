import { createHash, randomBytes } from 'node:crypto';
import { CALENDAR_SECRET_BYTES, calendarFeedPath } from '#domain/roster/calendar-feed.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { calendarFeedOf, deleteCalendarFeed, replaceCalendarFeed } from '../../db/repositories/calendar-feeds.ts';
import { AppError } from '../../http/app-error.ts';

/** What the database keeps of a feed secret: its SHA-256, hex. */
export const calendarSecretDigest = (secret: string): string => createHash('sha256').update(secret, 'utf8').digest('hex');

export interface CalendarFeedState {
  active: boolean;
  createdAt: string | null;
}

/** GET /api/personal/calendar-feed: whether the worker has a feed (never its secret: it is not kept). */
export async function calendarFeedState(db: Db, employeeId: number): Promise<CalendarFeedState> {
  const feed = await calendarFeedOf(db, employeeId);
  return { active: feed !== undefined, createdAt: feed?.createdAt ?? null };
}

/**
 * POST: a new secret for the worker's feed, replacing any previous one (regenerating is creating
 * again). Answers the feed's URL, shown once: only the digest is stored (decision 087).
 */
export async function createCalendarFeed(db: Db, user: { id: number; employeeId: number }, origin: string): Promise<{ url: string; createdAt: string }> {
  const secret = randomBytes(CALENDAR_SECRET_BYTES).toString('base64url');
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    const replaced = (await calendarFeedOf(trx, user.employeeId)) !== undefined;
    await replaceCalendarFeed(trx, user.employeeId, calendarSecretDigest(secret), at);
    await appendAudit(trx, { userId: user.id, entity: 'calendarFeed', entityId: user.employeeId, action: replaced ? 'regenerate' : 'create', at });
  });
  return { url: new URL(calendarFeedPath(secret), origin).toString(), createdAt: at };
}

/** DELETE: revokes the worker's feed; 404 when there is none. */
export async function revokeCalendarFeed(db: Db, user: { id: number; employeeId: number }): Promise<void> {
  await db.transaction().execute(async (trx) => {
    if (!(await deleteCalendarFeed(trx, user.employeeId))) throw new AppError('rosterWorker.feedNotFound', 404);
    await appendAudit(trx, { userId: user.id, entity: 'calendarFeed', entityId: user.employeeId, action: 'revoke' });
  });
}

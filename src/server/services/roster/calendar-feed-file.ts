import { calendarFeedIcs } from '#domain/roster/calendar-feed-ics.ts';
import { calendarFeedWindow } from '#domain/roster/calendar-feed.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { isLanguage } from '#i18n/languages.ts';
import { nowIso, nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { calendarFeedOwner } from '../../db/repositories/calendar-feeds.ts';
import { plannedDaysOf } from '../../db/repositories/planned-days.ts';
import { SharedRateLimiter } from '../../auth/shared-rate-limiter.ts';
import { tooManyAttempts } from '../../auth/sign-in-guard.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { calendarSecretDigest } from '../personal/calendar-feed.ts';

/**
 * Unknown feed secrets per client address: 20 in ten minutes, then 429, as the inspection links
 * (a secret has 256 bits: this only keeps a guesser from loading the server). A known secret never
 * counts and never waits: a calendar app polls it for ever from one address.
 */
export const calendarGuessLimiter = new SharedRateLimiter('calendar-guess', 20, 10 * 60_000);

/**
 * GET /calendar/{secret}.ics (decision 087): no session, the secret is the key. Any secret is
 * digested and looked up by digest (an unknown, malformed or revoked one takes the same path and
 * answers the same 404), then the worker's published shifts from 60 days back to 180 ahead.
 */
export async function calendarFeedText(db: Db, secret: string, address: string): Promise<string> {
  const owner = await calendarFeedOwner(db, calendarSecretDigest(secret.slice(0, 200)));
  if (!owner) {
    const reservation = await calendarGuessLimiter.reserve(address);
    if (!reservation.ok) throw tooManyAttempts('rosterWorker.feedTooManyAttempts', reservation.retryAfterMs);
    try {
      await reservation.ticket.fail();
    } finally {
      await reservation.ticket.release();
    }
    throw new AppError('rosterWorker.feedNotFound', 404);
  }
  const settings = await getSettings(db);
  const window = calendarFeedWindow(localDateOf(nowMs(), settings.timezone));
  const days = (await plannedDaysOf(db, [owner.employeeId], window)).get(owner.employeeId) ?? [];
  const lang = isLanguage(owner.language) ? owner.language : settings.defaultLanguage;
  return calendarFeedIcs({ days, timeZone: settings.timezone, lang, companyName: owner.companyName, now: nowIso() });
}

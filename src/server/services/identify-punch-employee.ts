import type { PunchIdentity } from '../../domain/clock/clock-request.ts';
import { PUNCH_MESSAGES } from '../../domain/clock/punch-messages.ts';
import { pinKey } from '../auth/pin-key.ts';
import { RateLimiter } from '../auth/rate-limiter.ts';
import { nowMs } from '../clock/now.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../http/app-error.ts';
import type { Settings } from '../../domain/settings/settings.ts';

/** Five failed identifications per client address in five minutes lock the address. */
export const IDENTIFY_WINDOW_MS = 5 * 60_000;
export const identifyLimiter = new RateLimiter(5, IDENTIFY_WINDOW_MS, nowMs);

export interface PunchEmployee {
  id: number;
  firstName: string;
  lastName: string;
  image: string | null;
}

/**
 * The employee a PIN or RFID card names. A PIN is found by its HMAC key, never compared in
 * plain text. Refusals: 429 while the address is locked; 403 when the card clock is off or the
 * employee is archived; 401 for an unknown PIN or card (which counts as a failure); 501 for a
 * face descriptor (face matching arrives with the kiosk).
 */
export async function identifyPunchEmployee(
  db: Db,
  identity: PunchIdentity,
  address: string,
  settings: Pick<Settings, 'rfidClock'>,
): Promise<PunchEmployee> {
  if (identity.kind === 'face') throw new AppError(PUNCH_MESSAGES.faceClockUnavailable, 501);
  if (identity.kind === 'card' && !settings.rfidClock) throw new AppError(PUNCH_MESSAGES.cardClockOff, 403);
  const wait = identifyLimiter.retryAfterMs(address);
  if (wait > 0) {
    throw new AppError(PUNCH_MESSAGES.tooManyAttempts, 429, {
      minutes: Math.max(1, Math.ceil(wait / 60_000)),
      retryAfterSeconds: Math.ceil(wait / 1000),
    });
  }

  let query = db.selectFrom('employees').select(['id', 'firstName', 'lastName', 'image', 'status']);
  query = identity.kind === 'pin' ? query.where('pinKey', '=', pinKey(identity.pin)) : query.where('rfidCard', '=', identity.card);
  const rows = await query.limit(3).execute();
  const active = rows.filter((r) => r.status === 'active');
  // One active match identifies; the same PIN in two companies identifies nobody.
  if (active.length === 1) {
    const { id, firstName, lastName, image } = active[0]!;
    return { id, firstName, lastName, image };
  }
  if (active.length === 0 && rows.length > 0) throw new AppError(PUNCH_MESSAGES.employeeArchived, 403);
  identifyLimiter.fail(address);
  throw new AppError(identity.kind === 'pin' ? PUNCH_MESSAGES.unknownPin : PUNCH_MESSAGES.unknownCard, 401);
}

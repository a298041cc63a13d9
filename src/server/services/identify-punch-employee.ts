import type { PunchIdentity } from '../../domain/clock/clock-request.ts';
import { matchFaceFrames } from '../../domain/clock/face-match.ts';
import { PUNCH_MESSAGES } from '../../domain/clock/punch-messages.ts';
import { FACE_MESSAGES } from '../../domain/messages/spec-messages.ts';
import { pinKey } from '../auth/pin-key.ts';
import { RateLimiter } from '../auth/rate-limiter.ts';
import { nowMs } from '../clock/now.ts';
import type { Db } from '../db/connection.ts';
import { AppError } from '../http/app-error.ts';
import type { Settings } from '../../domain/settings/settings.ts';
import { faceGallery } from './face-gallery.ts';

/** Five failed identifications per client address in five minutes lock the address. */
export const IDENTIFY_WINDOW_MS = 5 * 60_000;
export const identifyLimiter = new RateLimiter(5, IDENTIFY_WINDOW_MS, nowMs);
/**
 * Unknown faces have their own count: ten in five minutes lock face identification from that
 * address (429) while the PIN pad stays usable. A face that is not enrolled is an everyday event
 * (a new employee, bad light) followed by the PIN, and must not use up the PIN's five tries.
 */
export const FACE_FAILURE_LIMIT = 10;
export const faceLimiter = new RateLimiter(FACE_FAILURE_LIMIT, IDENTIFY_WINDOW_MS, nowMs);

export interface PunchEmployee {
  id: number;
  firstName: string;
  lastName: string;
  image: string | null;
}

const locked = (wait: number) =>
  new AppError(PUNCH_MESSAGES.tooManyAttempts, 429, {
    minutes: Math.max(1, Math.ceil(wait / 60_000)),
    retryAfterSeconds: Math.ceil(wait / 1000),
  });

async function activeEmployee(db: Db, id: number): Promise<PunchEmployee> {
  const row = await db.selectFrom('employees').select(['id', 'firstName', 'lastName', 'image', 'status']).where('id', '=', id).executeTakeFirst();
  if (!row || row.status !== 'active') throw new AppError(PUNCH_MESSAGES.employeeArchived, 403);
  return { id: row.id, firstName: row.firstName, lastName: row.lastName, image: row.image };
}

/**
 * The employee a PIN, RFID card or face names. A PIN is found by its HMAC key, never compared in
 * plain text. A face is the nearest enrolled person within the `faceThreshold` setting and at
 * least `faceMargin` nearer than the next person, in every frame sent (face-match.ts); the
 * browser never names anyone. Refusals: 429 while the address is locked (faces: `faceLimiter`);
 * 403 when the card or face clock is off or the employee is archived; 401 for an unknown PIN,
 * card or face (each counts as a failure).
 */
export async function identifyPunchEmployee(
  db: Db,
  identity: PunchIdentity,
  address: string,
  settings: Pick<Settings, 'rfidClock' | 'faceRecognition' | 'faceThreshold' | 'faceMargin'>,
): Promise<PunchEmployee> {
  if (identity.kind === 'face') {
    if (!settings.faceRecognition) throw new AppError(PUNCH_MESSAGES.faceClockUnavailable, 403);
    // The place is taken before the look-up, so parallel attempts cannot all pass the check.
    const reservation = faceLimiter.reserve(address);
    if (!reservation.ok) throw locked(reservation.retryAfterMs);
    try {
      const match = matchFaceFrames(await faceGallery(db), identity.descriptors, { threshold: settings.faceThreshold, margin: settings.faceMargin });
      if (match.kind === 'none') {
        reservation.ticket.fail();
        throw new AppError(FACE_MESSAGES.faceNotRecognized, 401, { reason: match.reason });
      }
      return await activeEmployee(db, match.personId);
    } finally {
      reservation.ticket.release();
    }
  }
  if (identity.kind === 'card' && !settings.rfidClock) throw new AppError(PUNCH_MESSAGES.cardClockOff, 403);
  const reservation = identifyLimiter.reserve(address);
  if (!reservation.ok) throw locked(reservation.retryAfterMs);
  try {
    return await identifyByPinOrCard(db, identity);
  } catch (error) {
    if (error instanceof AppError && error.status === 401) reservation.ticket.fail();
    throw error;
  } finally {
    reservation.ticket.release();
  }
}

/** The one active employee with the PIN or card; 401 when nobody has it, 403 when archived. */
async function identifyByPinOrCard(db: Db, identity: Exclude<PunchIdentity, { kind: 'face' }>): Promise<PunchEmployee> {
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
  throw new AppError(identity.kind === 'pin' ? PUNCH_MESSAGES.unknownPin : PUNCH_MESSAGES.unknownCard, 401);
}

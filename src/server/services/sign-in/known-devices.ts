import { createHash, randomBytes } from 'node:crypto';
import type { Db } from '../../db/connection.ts';
import { findUserDevice, insertUserDevice, touchUserDevice } from '../../db/repositories/user-devices.ts';
import type { SessionOrigin } from './start-session.ts';
import { sessionNow } from './start-session.ts';

/**
 * The browsers an account signed in from (decision 093). A browser is named by a random cookie
 * (`jornada_device`, HttpOnly, 400 days) that it keeps across accounts; each account stores its
 * SHA-256. A sign-in without a known cookie is a new device (an email, when the user wants it);
 * "remember this device" sets `trusted_until` 30 days ahead, so the second factor is not asked there.
 */
export const TRUST_DAYS = 30;

const hashOf = (token: string) => createHash('sha256').update(token).digest('hex');
const wellFormed = (token: unknown): token is string => typeof token === 'string' && /^[A-Za-z0-9_-]{43}$/.test(token);

export function newDeviceToken(): string {
  return randomBytes(32).toString('base64url');
}

/** True when this browser was remembered by the user and the 30 days have not passed. */
export async function isTrustedDevice(db: Db, userId: number, deviceToken: string | undefined): Promise<boolean> {
  if (!wellFormed(deviceToken)) return false;
  const row = await findUserDevice(db, userId, hashOf(deviceToken));
  return !!row?.trustedUntil && row.trustedUntil > new Date(sessionNow()).toISOString();
}

export interface RecognizedDevice {
  id: number;
  /** The cookie the browser keeps (a new one when it came without a well-formed one). */
  token: string;
  /** First sign-in of this account from this browser. */
  isNew: boolean;
}

/** Records the sign-in's browser for the user (and trusts it for 30 days when asked). */
export async function recognizeDevice(db: Db, userId: number, deviceToken: string | undefined, origin: SessionOrigin, trust: boolean): Promise<RecognizedDevice> {
  const token = wellFormed(deviceToken) ? deviceToken : newDeviceToken();
  const now = sessionNow();
  const at = new Date(now).toISOString();
  const trustedUntil = trust ? new Date(now + TRUST_DAYS * 86_400_000).toISOString() : undefined;
  const userAgent = origin.userAgent?.slice(0, 255) ?? null;
  const address = origin.address?.slice(0, 64) ?? null;
  const row = await findUserDevice(db, userId, hashOf(token));
  if (row) {
    await touchUserDevice(db, row.id, { lastSeenAt: at, userAgent, address, ...(trustedUntil ? { trustedUntil } : {}) });
    return { id: row.id, token, isNew: false };
  }
  const id = await insertUserDevice(db, { userId, tokenHash: hashOf(token), userAgent, address, firstSeenAt: at, lastSeenAt: at, trustedUntil: trustedUntil ?? null });
  return { id, token, isNew: true };
}

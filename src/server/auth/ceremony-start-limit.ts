import { SharedRateLimiter } from './shared-rate-limiter.ts';

/**
 * Sign-in ceremonies anyone may start per client address and minute: a passkey sign-in's options
 * and a single sign-on's start. Each start writes a challenge row (auth_challenges, kept five to
 * ten minutes), so without a limit one address could fill the database of a small server. Sixty
 * leaves room for an office behind one address signing in at nine; a start is counted whatever
 * follows (never given back).
 */
export const CEREMONY_STARTS_PER_MINUTE = 60;

export const ceremonyStartLimiter = new SharedRateLimiter('ceremony-start', CEREMONY_STARTS_PER_MINUTE, 60_000);

/** Takes a start's place for `address`: 0, or the milliseconds to wait (then nothing is taken). */
export async function takeCeremonyStart(address: string): Promise<number> {
  const reservation = await ceremonyStartLimiter.reserve(address);
  if (!reservation.ok) return reservation.retryAfterMs;
  await reservation.ticket.fail(); // counted for the whole minute
  return 0;
}

/**
 * Face punch challenges (decision 043): a paired terminal asks the server for a nonce just before
 * it sends a face punch, and the punch carries it. A nonce is single use, expires after
 * CHALLENGE_TTL_MS and is bound to the terminal it was issued to, so a recorded punch body,
 * a nonce kept for later or a nonce taken to another device is refused. Pure rules; the book that
 * holds the nonces in memory is src/server/clock/challenge-book.ts.
 */

/** How long an issued nonce stays valid: the kiosk asks right before sending (under a second). */
export const CHALLENGE_TTL_MS = 60_000;
/**
 * Open nonces kept per terminal; issuing one more drops the oldest. A kiosk has one punch in
 * flight, a few spare cover retries; the book's memory stays bounded by the paired terminals.
 */
export const MAX_OPEN_CHALLENGES = 4;
/** A nonce is 32 random bytes in base64url: 43 characters. */
export const CHALLENGE_PATTERN = /^[A-Za-z0-9_-]{43}$/;

export interface IssuedChallenge {
  terminalId: number;
  /** Epoch milliseconds after which the nonce is refused. */
  expiresAt: number;
}

export type ChallengeVerdict = { ok: true } | { ok: false; reason: 'missing' | 'unknown' | 'expired' | 'otherTerminal' };

/**
 * Whether a punch of `terminalId` at `now` may redeem the nonce it carries. `issued` is what the
 * book holds under that nonce (undefined: never issued, already used, or forgotten). Every
 * refusal is the same answer to the client (401 punch.challengeInvalid); the reason is for logs.
 */
export function judgeChallenge(nonce: string | undefined, issued: IssuedChallenge | undefined, terminalId: number, now: number): ChallengeVerdict {
  if (nonce === undefined || nonce === '') return { ok: false, reason: 'missing' };
  if (!issued) return { ok: false, reason: 'unknown' };
  if (issued.terminalId !== terminalId) return { ok: false, reason: 'otherTerminal' };
  if (now > issued.expiresAt) return { ok: false, reason: 'expired' };
  return { ok: true };
}

/**
 * The nonces of one terminal to drop before a new one is added, oldest first: the expired ones,
 * then as many of the oldest open ones as keep the terminal at MAX_OPEN_CHALLENGES with the new.
 * `open` is in issue order.
 */
export function challengesToDrop(open: readonly { nonce: string; expiresAt: number }[], now: number, max = MAX_OPEN_CHALLENGES): string[] {
  const expired = open.filter((c) => now > c.expiresAt);
  const live = open.filter((c) => now <= c.expiresAt);
  const excess = Math.max(0, live.length - (max - 1));
  return [...expired, ...live.slice(0, excess)].map((c) => c.nonce);
}

import type { Db } from '../../db/connection.ts';
import { createChallenge, takeChallenge, type Challenge } from '../sign-in/auth-challenge.ts';

/**
 * A WebAuthn challenge is the id of its auth_challenges row (decision 091): 32 random bytes, whose
 * base64url is both the id the server hashes and the challenge the authenticator signs. The
 * browser's clientDataJSON names it, so the finishing request needs no other reference; it is
 * taken (used up) before the response is verified, so a replayed response finds nothing.
 */
export const PASSKEY_CHALLENGE_TTL_MS = 5 * 60 * 1000;

export type PasskeyChallengeKind = 'passkey-register' | 'passkey-sign-in';

export async function newPasskeyChallenge(db: Db, kind: PasskeyChallengeKind, userId: number | null): Promise<{ id: string; bytes: Uint8Array<ArrayBuffer> }> {
  const id = await createChallenge(db, kind, userId, {}, PASSKEY_CHALLENGE_TTL_MS);
  return { id, bytes: new Uint8Array(Buffer.from(id, 'base64url')) };
}

/** The challenge a browser response signed (from its clientDataJSON), or undefined when unreadable. */
export function challengeOfResponse(response: { response: { clientDataJSON: string } }): string | undefined {
  try {
    const data = JSON.parse(Buffer.from(response.response.clientDataJSON, 'base64url').toString('utf8')) as { challenge?: unknown };
    return typeof data.challenge === 'string' ? data.challenge : undefined;
  } catch {
    return undefined;
  }
}

/** Uses the challenge up: undefined when unknown, expired, of another kind or already used. */
export function takePasskeyChallenge(db: Db, kind: PasskeyChallengeKind, id: string | undefined): Promise<Challenge<Record<string, never>> | undefined> {
  return takeChallenge(db, kind, id);
}

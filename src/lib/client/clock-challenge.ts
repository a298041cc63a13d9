import type { Language } from '../../i18n/languages.ts';
import { api } from './api.ts';

/**
 * The nonce a face punch carries (decision 043): asked of `POST /api/clock/challenge` for one
 * punch, never kept beyond it (single use, valid 60 s, bound to this paired terminal by its
 * credential cookie). A refusal (revoked terminal, face not allowed here) is thrown as the
 * ApiError the kiosk shows like any refused punch.
 */
export async function faceChallenge(lang: Language): Promise<string> {
  const { nonce } = await api('POST /api/clock/challenge', { lang, redirectOnExpiry: false });
  return nonce;
}

/** A nonce asked for early is used only this long after asking (the server keeps it CHALLENGE_TTL_MS, 60 s). */
export const EARLY_CHALLENGE_USE_MS = 40_000;

/**
 * Asks for a face punch's nonce now, while the camera looks for the face (decision 045: one
 * round trip less between the face and "Recorded"), and returns what hands it out once, for the
 * punch. A nonce that is older than EARLY_CHALLENGE_USE_MS or whose request failed is asked for
 * again at hand-out, so a refusal still reaches the kiosk from the punch. An unused nonce (the
 * face was not found) simply expires on the server.
 */
export function earlyFaceChallenge(lang: Language): () => Promise<string> {
  const askedAt = Date.now();
  const early = faceChallenge(lang);
  early.catch(() => {}); // a failure is met at hand-out
  let handedOut = false;
  return async () => {
    if (handedOut || Date.now() - askedAt > EARLY_CHALLENGE_USE_MS) return faceChallenge(lang);
    handedOut = true;
    try {
      return await early;
    } catch {
      return faceChallenge(lang);
    }
  };
}

import type { Language } from '../../i18n/languages.ts';
import { api } from './api.ts';

/**
 * The nonce a face punch carries (decision 043): asked of `POST /api/clock/challenge` right
 * before the punch is sent, never kept (single use, valid 60 s, bound to this paired terminal by
 * its credential cookie). A refusal (revoked terminal, face not allowed here) is thrown as the
 * ApiError the kiosk shows like any refused punch.
 */
export async function faceChallenge(lang: Language): Promise<string> {
  const { nonce } = await api<{ nonce: string; expiresAt: string }>('/clock/challenge', { method: 'POST', lang, redirectOnExpiry: false });
  return nonce;
}

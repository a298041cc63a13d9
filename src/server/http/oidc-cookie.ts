import type { APIContext } from 'astro';
import { getDb } from '../db/connection.ts';
import { getSettings } from '../services/get-settings.ts';
import { requestIsHttps } from './terminal-address.ts';

/**
 * Binds an SSO sign-in to the browser that started it (decision 092): the 'oidc' challenge's id,
 * HttpOnly, only sent to /api/auth/oidc, for the challenge's 10 minutes. SameSite=Lax: the
 * provider's redirect back is a top-level GET, which Lax lets through.
 */
export const OIDC_COOKIE = 'jornada_oidc';
const PATH = '/api/auth/oidc';

export async function setOidcCookie(context: APIContext, challengeId: string, maxAgeSeconds: number): Promise<void> {
  const secure = requestIsHttps(context, await getSettings(await getDb()));
  context.cookies.set(OIDC_COOKIE, challengeId, { httpOnly: true, sameSite: 'lax', secure, path: PATH, maxAge: maxAgeSeconds });
}

export function oidcChallengeOf(context: APIContext): string | undefined {
  return context.cookies.get(OIDC_COOKIE)?.value;
}

export function clearOidcCookie(context: APIContext): void {
  context.cookies.delete(OIDC_COOKIE, { path: PATH });
}

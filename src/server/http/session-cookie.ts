import type { APIContext } from 'astro';
import { SESSION_COOKIE, sessionCookieOptions } from '../auth/session-token.ts';
import { getDb } from '../db/connection.ts';
import { getSettings } from '../services/get-settings.ts';
import { requestIsHttps } from './terminal-address.ts';

/**
 * Sets the `token` cookie on the answer: Secure when the browser came over HTTPS, directly or
 * through a trusted TLS-terminating proxy (requestIsHttps).
 */
export async function setSessionCookie(context: APIContext, token: string): Promise<void> {
  const secure = requestIsHttps(context, await getSettings(await getDb()));
  context.cookies.set(SESSION_COOKIE, token, sessionCookieOptions(secure));
}

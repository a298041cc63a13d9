import { randomBytes } from 'node:crypto';
import { sealData, unsealData } from 'iron-session';
import { instanceConfig } from '../config/instance-config.ts';

/** Cookie holding the sealed session, and its lifetime (spec section 9: `token`, one day). */
export const SESSION_COOKIE = 'token';
export const SESSION_TTL_SECONDS = 24 * 60 * 60;

/**
 * What the sealed token carries: the id of its server-side session row (decision 023). The row,
 * not the token, decides whether the session is alive, so it can be ended before the token expires.
 */
export interface SessionClaims {
  sid: string;
}

/** A new random session id: 32 bytes, base64url (43 characters). */
export function newSessionId(): string {
  return randomBytes(32).toString('base64url');
}

/** Seals the claims with the instance's session password (iron-session). */
export function sealSession(claims: SessionClaims): Promise<string> {
  return sealData(claims, { password: instanceConfig().sessionPassword, ttl: SESSION_TTL_SECONDS });
}

/** The claims of a valid, unexpired token; undefined for anything else. */
export async function unsealSession(token: string | undefined): Promise<SessionClaims | undefined> {
  if (!token || token.length > 4096) return undefined;
  try {
    const data = await unsealData<Partial<SessionClaims>>(token, {
      password: instanceConfig().sessionPassword,
      ttl: SESSION_TTL_SECONDS,
    });
    // Tokens of the earlier `{uid, sv}` form carry no session id: they are refused (sign in again).
    if (typeof data.sid !== 'string' || !/^[A-Za-z0-9_-]{43}$/.test(data.sid)) return undefined;
    return { sid: data.sid };
  } catch {
    return undefined;
  }
}

/** The token of a request: the `token` cookie, else `Authorization: Bearer <token>`. */
export function tokenFromRequest(request: Request, cookieValue: string | undefined): string | undefined {
  if (cookieValue) return cookieValue;
  const header = request.headers.get('authorization');
  const match = header?.match(/^Bearer\s+(\S+)$/i);
  return match?.[1];
}

/** Cookie attributes: HttpOnly, SameSite=Lax, one day, Secure when the request came over HTTPS. */
export function sessionCookieOptions(secure: boolean) {
  return {
    httpOnly: true,
    sameSite: 'lax' as const,
    secure,
    path: '/',
    maxAge: SESSION_TTL_SECONDS,
  };
}

import { SESSION_COOKIE } from '../../server/auth/session-token.ts';
import { endpoint } from '../../server/http/endpoint.ts';

/**
 * Clears the session cookie (204). Works without a session, so the browser always ends signed out.
 * Ending every session of a user is `endUserSessions` (session version), not this.
 */
export const POST = endpoint(async (context) => {
  context.cookies.delete(SESSION_COOKIE, { path: '/' });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

import { SESSION_COOKIE, tokenFromRequest } from '../../server/auth/session-token.ts';
import { getDb } from '../../server/db/connection.ts';
import { endpoint } from '../../server/http/endpoint.ts';
import { signOut } from '../../server/services/sign-in/sign-out.ts';

/**
 * Ends the session of the request's token (cookie, else Bearer) on the server and clears the
 * cookie (204). Works without a valid session, so the browser always ends signed out. Ending
 * every session of a user is `endOtherSessions` / `endUserSessions`, not this.
 */
export const POST = endpoint(async (context) => {
  await signOut(await getDb(), tokenFromRequest(context.request, context.cookies.get(SESSION_COOKIE)?.value));
  context.cookies.delete(SESSION_COOKIE, { path: '/' });
  return new Response(null, { status: 204, headers: { 'cache-control': 'no-store' } });
});

import { getDb } from '#server/db/connection.ts';
import { setOidcCookie } from '#server/http/oidc-cookie.ts';
import { redirectTo, ssoFailureRedirect } from '#server/http/sso-redirect.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { OIDC_CHALLENGE_TTL_MS, startOidcSignIn } from '#server/services/sso/oidc-flow.ts';
import type { APIRoute } from 'astro';

/**
 * GET ?redirectUrl= (public): 302 to the OpenID provider (decision 092) with a fresh challenge bound
 * to this browser by the `jornada_oidc` cookie; SSO off, the provider unreachable or too many starts
 * from this address: 302 to /sign-in?sso=<code>.
 */
export const GET: APIRoute = async (context) => {
  try {
    const db = await getDb();
    const address = terminalAddress(context, await getSettings(db));
    const { challengeId, authorizationUrl } = await startOidcSignIn(db, { redirectUrl: context.url.searchParams.get('redirectUrl'), requestOrigin: context.url.origin, address });
    await setOidcCookie(context, challengeId, OIDC_CHALLENGE_TTL_MS / 1000);
    return redirectTo(authorizationUrl);
  } catch (error) {
    return ssoFailureRedirect(error);
  }
};

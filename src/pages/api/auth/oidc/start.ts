import { getDb } from '#server/db/connection.ts';
import { setOidcCookie } from '#server/http/oidc-cookie.ts';
import { redirectTo, ssoFailureRedirect } from '#server/http/sso-redirect.ts';
import { OIDC_CHALLENGE_TTL_MS, startOidcSignIn } from '#server/services/sso/oidc-flow.ts';
import type { APIRoute } from 'astro';

/**
 * GET ?redirectUrl= (public): 302 to the OpenID provider (decision 092) with a fresh challenge bound
 * to this browser by the `jornada_oidc` cookie; SSO off or the provider unreachable: 302 to
 * /sign-in?sso=<code>.
 */
export const GET: APIRoute = async (context) => {
  try {
    const { challengeId, authorizationUrl } = await startOidcSignIn(await getDb(), { redirectUrl: context.url.searchParams.get('redirectUrl'), requestOrigin: context.url.origin });
    await setOidcCookie(context, challengeId, OIDC_CHALLENGE_TTL_MS / 1000);
    return redirectTo(authorizationUrl);
  } catch (error) {
    return ssoFailureRedirect(error);
  }
};

import { entryPath } from '#domain/routing/entry-path.ts';
import { getDb } from '#server/db/connection.ts';
import { setDeviceCookie, deviceTokenOf } from '#server/http/device-cookie.ts';
import { clearOidcCookie, oidcChallengeOf } from '#server/http/oidc-cookie.ts';
import { setSessionCookie } from '#server/http/session-cookie.ts';
import { redirectTo, ssoFailureRedirect } from '#server/http/sso-redirect.ts';
import { terminalAddress } from '#server/http/terminal-address.ts';
import { getSettings } from '#server/services/get-settings.ts';
import { finishOidcSignIn } from '#server/services/sso/oidc-flow.ts';
import type { APIRoute } from 'astro';

/**
 * GET (public): the OpenID provider's redirect back (decision 092). Signed in: the `token` and
 * device cookies and a 302 to the page asked for (a local path) or the entry page. Any failure:
 * 302 to /sign-in?sso=<code>. The browser's challenge cookie is cleared either way.
 */
export const GET: APIRoute = async (context) => {
  const challengeId = oidcChallengeOf(context);
  clearOidcCookie(context);
  try {
    const db = await getDb();
    const { signedIn, redirectUrl } = await finishOidcSignIn(db, {
      challengeId,
      callbackUrl: context.url,
      origin: { userAgent: context.request.headers.get('user-agent'), address: terminalAddress(context, await getSettings(db)) },
      deviceToken: deviceTokenOf(context),
    });
    await setSessionCookie(context, signedIn.token);
    await setDeviceCookie(context, signedIn.deviceToken);
    return redirectTo(redirectUrl ?? entryPath(signedIn.user.accountType, signedIn.user.permissions));
  } catch (error) {
    return ssoFailureRedirect(error);
  }
};

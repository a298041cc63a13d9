import { SIGN_IN_PATH } from '#domain/routing/entry-path.ts';
import { log } from '../log.ts';
import { SsoError } from '../services/sso/sso-error.ts';

/** A 302 to a path of this site. */
export function redirectTo(path: string): Response {
  return new Response(null, { status: 302, headers: { Location: path, 'Cache-Control': 'no-store' } });
}

/** Every SSO failure lands on /sign-in with its code (the page shows its message); anything else is logged as 'provider'. */
export function ssoFailureRedirect(error: unknown): Response {
  const failure = error instanceof SsoError ? error.failure : 'provider';
  if (!(error instanceof SsoError) || failure === 'provider') log.warn({ err: error instanceof SsoError ? error.detail : error }, 'single sign-on failed');
  return redirectTo(`${SIGN_IN_PATH}?sso=${failure}`);
}

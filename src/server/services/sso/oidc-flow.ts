import * as client from 'openid-client';
import { issuerIsInsecureLoopback, ssoRedirectUri, ssoUsable, type SsoSettings } from '#domain/auth/sso-settings.ts';
import { safeLocalPath } from '#domain/routing/entry-path.ts';
import type { Db } from '../../db/connection.ts';
import { takeCeremonyStart } from '../../auth/ceremony-start-limit.ts';
import { readMailSettings } from '../../mail/mail-settings.ts';
import { createChallenge, takeChallenge } from '../sign-in/auth-challenge.ts';
import { completeSignIn, type SignedIn } from '../sign-in/complete-sign-in.ts';
import type { SessionOrigin } from '../sign-in/start-session.ts';
import { matchSsoAccount } from './match-account.ts';
import { SsoError } from './sso-error.ts';
import { readSsoSettings } from './sso-settings.ts';

/** An SSO sign-in started and not come back within 10 minutes is over. */
export const OIDC_CHALLENGE_TTL_MS = 10 * 60_000;
const PROVIDER_TIMEOUT_MS = 10_000;

/** What the 'oidc' challenge keeps (auth_challenges.data): the checks the callback needs. */
interface OidcChallenge {
  issuer: string;
  clientId: string;
  state: string;
  nonce: string;
  codeVerifier: string;
  redirectUri: string;
  redirectUrl: string | null;
}

/** The provider's configuration by discovery; http only on a loopback issuer. Unreachable: 'provider'. */
async function configurationFor(settings: SsoSettings): Promise<client.Configuration> {
  const insecure = issuerIsInsecureLoopback(settings.issuer);
  try {
    return await client.discovery(new URL(settings.issuer), settings.clientId, settings.clientSecret === '' ? undefined : settings.clientSecret, undefined, {
      [client.customFetch]: (url, options) => fetch(url, { ...options, signal: AbortSignal.timeout(PROVIDER_TIMEOUT_MS) } as RequestInit),
      ...(insecure ? { execute: [client.allowInsecureRequests] } : {}),
    });
  } catch (error) {
    throw new SsoError('provider', error);
  }
}

/** The redirect URI to register at the provider: the app's address for links (Settings › Email), else this request's origin. */
export async function ssoRedirectUriFor(db: Db, requestOrigin: string): Promise<string> {
  return ssoRedirectUri((await readMailSettings(db)).appUrl, requestOrigin);
}

async function usableSettings(db: Db): Promise<SsoSettings> {
  const settings = await readSsoSettings(db);
  if (!ssoUsable(settings)) throw new SsoError('off');
  return settings;
}

/**
 * Starts an SSO sign-in (decision 092): authorization code with PKCE (S256), state and nonce kept
 * server-side in an 'oidc' challenge for 10 minutes; the caller binds its id to this browser with
 * a short HttpOnly cookie. Returns the provider's address to send the browser to. Starts count per
 * client address (ceremony-start-limit.ts): past the limit, `busy`.
 */
export async function startOidcSignIn(db: Db, input: { redirectUrl: string | null; requestOrigin: string; address: string }): Promise<{ challengeId: string; authorizationUrl: string }> {
  // Before anything else: a flood of starts from one address writes no challenge and asks the provider nothing.
  if ((await takeCeremonyStart(input.address)) > 0) throw new SsoError('busy');
  const settings = await usableSettings(db);
  const config = await configurationFor(settings);
  const codeVerifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const nonce = client.randomNonce();
  const redirectUri = await ssoRedirectUriFor(db, input.requestOrigin);
  const data: OidcChallenge = { issuer: settings.issuer, clientId: settings.clientId, state, nonce, codeVerifier, redirectUri, redirectUrl: safeLocalPath(input.redirectUrl) ?? null };
  const challengeId = await createChallenge(db, 'oidc', null, data, OIDC_CHALLENGE_TTL_MS);
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: redirectUri,
    scope: 'openid email profile',
    response_type: 'code',
    code_challenge: await client.calculatePKCECodeChallenge(codeVerifier),
    code_challenge_method: 'S256',
    state,
    nonce,
  });
  return { challengeId, authorizationUrl: url.href };
}

/** `email_verified` as providers send it (a boolean; a few send the string). */
const verified = (value: unknown) => value === true || value === 'true';

/** The failure a refused code exchange or ID token stands for. */
function exchangeFailure(error: unknown): SsoError {
  if (error instanceof client.AuthorizationResponseError) return new SsoError('denied', error);
  if (error instanceof client.ResponseBodyError && error.error === 'invalid_grant') return new SsoError('code', error);
  return new SsoError('provider', error);
}

/**
 * The provider's answer (GET /api/auth/oidc/callback): the challenge named by this browser's
 * cookie is used once ('state' when missing, expired, used or of another browser); the code is
 * exchanged and the ID token validated by openid-client (signature, issuer, audience, nonce,
 * expiry, PKCE); the email must be verified; the account is matched (match-account.ts) and the
 * sign-in ends like every other (completeSignIn, method 'oidc', no local second factor).
 */
export async function finishOidcSignIn(
  db: Db,
  input: { challengeId: string | undefined; callbackUrl: URL; origin: SessionOrigin; deviceToken: string | undefined },
): Promise<{ signedIn: SignedIn; redirectUrl: string | null }> {
  const challenge = await takeChallenge<OidcChallenge>(db, 'oidc', input.challengeId);
  if (!challenge || input.callbackUrl.searchParams.get('state') !== challenge.data.state) throw new SsoError('state');
  const data = challenge.data;
  const settings = await usableSettings(db);
  if (settings.issuer !== data.issuer || settings.clientId !== data.clientId) throw new SsoError('off');
  if (input.callbackUrl.searchParams.has('error')) throw new SsoError('denied', input.callbackUrl.searchParams.get('error'));
  const config = await configurationFor(settings);
  // The address the provider redirected to, as registered (a proxy may have rewritten the request's own).
  const currentUrl = new URL(data.redirectUri);
  currentUrl.search = input.callbackUrl.search;
  let tokens;
  try {
    tokens = await client.authorizationCodeGrant(config, currentUrl, { pkceCodeVerifier: data.codeVerifier, expectedState: data.state, expectedNonce: data.nonce, idTokenExpected: true });
  } catch (error) {
    throw exchangeFailure(error);
  }
  const claims = tokens.claims();
  if (!claims) throw new SsoError('provider');
  let email: unknown = claims['email'];
  let emailVerified: unknown = claims['email_verified'];
  if (email === undefined || emailVerified === undefined) {
    // Some providers keep the email for the userinfo endpoint (the subject must match the ID token's).
    try {
      const info = await client.fetchUserInfo(config, tokens.access_token, claims.sub);
      email = info.email;
      emailVerified = info.email_verified;
    } catch (error) {
      throw new SsoError('provider', error);
    }
  }
  if (typeof email !== 'string' || email === '' || !verified(emailVerified)) throw new SsoError('unverified');
  const row = await matchSsoAccount(db, { issuer: claims.iss, subject: claims.sub, email }, { createAccounts: settings.createAccounts });
  const signedIn = await completeSignIn(db, row, { origin: input.origin, method: 'oidc', deviceToken: input.deviceToken });
  return { signedIn, redirectUrl: data.redirectUrl };
}

import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import Provider, { type KoaContextWithOIDC } from 'oidc-provider';

/**
 * A real OpenID provider on loopback for the tests of single sign-on (decision 092): `oidc-provider`
 * with one confidential client, the given accounts (their `email` and `email_verified` come from
 * findAccount, answered at userinfo like most providers do without `claims`), PKCE required, and
 * its development login form (any password) with consent taken as given. `signIn` walks that form
 * with fetch and a cookie jar of its own, as a browser would, and returns the address the provider
 * sends the browser back to (the app's callback with `code`, `state` and `iss`).
 */
export interface TestAccount {
  email: string;
  email_verified: boolean;
}

export interface OidcTestProvider {
  issuer: string;
  clientId: string;
  clientSecret: string;
  accounts: Map<string, TestAccount>;
  /** Follows the provider's pages from the authorization URL as `login`; returns the redirect back. */
  signIn(authorizationUrl: string, login: string): Promise<URL>;
  /** Makes an issued code unusable (expired), as the provider's own expiry would. */
  expireCode(code: string): Promise<void>;
  close(): Promise<void>;
}

export async function startOidcProvider(options: { redirectUris: string[]; accounts: Record<string, TestAccount> }): Promise<OidcTestProvider> {
  const clientId = 'jornada-test';
  const clientSecret = 'test-client-secret-0123456789';
  const accounts = new Map(Object.entries(options.accounts));
  const server: Server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        response_types: ['code'],
        grant_types: ['authorization_code'],
        token_endpoint_auth_method: 'client_secret_post',
      },
    ],
    claims: { openid: ['sub'], email: ['email', 'email_verified'], profile: ['name'] },
    features: { devInteractions: { enabled: true } },
    pkce: { required: () => true },
    cookies: { keys: ['oidc-test-provider-cookie-key'] },
    async findAccount(_ctx: KoaContextWithOIDC, id: string) {
      const account = accounts.get(id);
      if (!account) return undefined;
      return { accountId: id, claims: () => ({ sub: id, name: id, ...account }) };
    },
    // Consent is taken as given: the test signs in and comes straight back.
    async loadExistingGrant(ctx: KoaContextWithOIDC) {
      const grant = new ctx.oidc.provider.Grant({ clientId: ctx.oidc.client!.clientId, accountId: ctx.oidc.session!.accountId! });
      grant.addOIDCScope('openid email profile');
      await grant.save();
      return grant;
    },
  });
  server.on('request', provider.callback());

  async function signIn(authorizationUrl: string, login: string): Promise<URL> {
    const jar = new Map<string, string>();
    const cookieHeader = () => [...jar].map(([k, v]) => `${k}=${v}`).join('; ');
    const keep = (res: Response) => {
      for (const line of res.headers.getSetCookie()) {
        const [pair] = line.split(';');
        const at = pair!.indexOf('=');
        jar.set(pair!.slice(0, at), pair!.slice(at + 1));
      }
    };
    let url = new URL(authorizationUrl);
    for (let hop = 0; hop < 10; hop++) {
      if (url.origin !== issuer) return url; // back at the app
      let res: Response;
      const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname);
      if (interaction) {
        const body = new URLSearchParams({ prompt: 'login', login, password: 'any' });
        res = await fetch(url, { method: 'POST', body, redirect: 'manual', headers: { cookie: cookieHeader(), 'content-type': 'application/x-www-form-urlencoded' } });
      } else {
        res = await fetch(url, { redirect: 'manual', headers: { cookie: cookieHeader() } });
      }
      keep(res);
      const location = res.headers.get('location');
      if (!location) throw new Error(`the test provider answered ${res.status} at ${url.pathname}: ${(await res.text()).slice(0, 300)}`);
      url = new URL(location, url);
    }
    throw new Error('the test provider never sent the browser back');
  }

  async function expireCode(code: string): Promise<void> {
    const found = await provider.AuthorizationCode.find(code);
    await found?.destroy();
  }

  return {
    issuer,
    clientId,
    clientSecret,
    accounts,
    signIn,
    expireCode,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

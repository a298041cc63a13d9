import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/hydrated.ts';
import { setChecked } from '../helpers/set-checked.ts';
import { startOidcProvider, type OidcTestProvider } from '../helpers/oidc-test-provider.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 40.3 in the browser (decision 092): the SuperAdmin sets up single sign-on in Settings ›
 * Single sign-on against a real OpenID provider on loopback (oidc-provider), and a worker signs in
 * with "Sign in with Keycloak" through the provider's own login page. Screenshots (es/en, 1440/390
 * px) go to tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let session: E2eSession;
let server: TestServer;
let page: Page;
let provider: OidcTestProvider;

const setLanguage = (lang: 'es' | 'en') => page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'es-ES', preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page } = session);
  provider = await startOidcProvider({
    redirectUris: [`${server.url}/api/auth/oidc/callback`],
    accounts: { worker: { email: 'employee@demo.jornada', email_verified: true }, stranger: { email: 'nadie@fuera.test', email_verified: true } },
  });
}, 120_000);
afterAll(async () => {
  await session?.close();
  await provider?.close();
});

describe('single sign-on in the browser', () => {
  it('the SuperAdmin sets up the provider, with the redirect URI to register and the secret write-only', async () => {
    await page.goto(`${server.url}/setting#sso`);
    await hydrated(page, '[data-testid=sso-settings]');
    expect(await page.textContent('[data-testid=sso-redirect-uri]')).toBe(`${server.url}/api/auth/oidc/callback`);
    await setChecked(page, '[data-testid=sso-enabled]', true);
    await page.click('[data-testid=sso-save]');
    await page.waitForSelector('[data-testid=sso-clientId-error]');
    await page.fill('[data-testid=sso-displayName]', 'Keycloak');
    await page.fill('[data-testid=sso-issuer]', provider.issuer);
    await page.fill('[data-testid=sso-clientId]', provider.clientId);
    await page.fill('[data-testid=sso-clientSecret]', provider.clientSecret);
    await page.click('[data-testid=sso-save]');
    await page.waitForSelector('[data-testid=sso-state]:has-text("Keycloak")');
    expect(await page.inputValue('[data-testid=sso-clientSecret]')).toBe('');
    await shootWidthsAndThemes(page, SHOTS, '40-sso-settings-es', { fullPage: true });
    await setLanguage('en');
    await page.reload();
    await hydrated(page, '[data-testid=sso-settings]');
    await shootWidthsAndThemes(page, SHOTS, '40-sso-settings-en', { fullPage: true });
  });

  it('a worker signs in through the provider and lands in the personal area', async () => {
    await page.context().clearCookies();
    await setLanguage('es');
    await page.goto(`${server.url}/sign-in`);
    expect(await page.textContent('[data-testid=sso-sign-in]')).toContain('Entrar con Keycloak');
    await shootWidthsAndThemes(page, SHOTS, '40-sso-sign-in-es');
    await page.click('[data-testid=sso-sign-in]');
    // The provider's own login page (its development form: any password).
    await page.waitForURL((url) => url.origin === provider.issuer, { waitUntil: 'domcontentloaded' });
    await page.fill('input[name=login]', 'worker');
    await page.fill('input[name=password]', 'cualquiera');
    await page.click('button[type=submit]');
    await page.waitForURL(`${server.url}/personal/dashboard`);
    expect(sqlIn(server.dataDir, "select count(*) as n from sessions s join users u on u.id = s.user_id where u.email = 'employee@demo.jornada' and s.method = 'oidc'")).toEqual([{ n: 1 }]);
  });

  it('an unknown account comes back to /sign-in with the reason, in both languages', async () => {
    await page.context().clearCookies();
    await setLanguage('en');
    await page.goto(`${server.url}/sign-in`);
    await page.click('[data-testid=sso-sign-in]');
    await page.waitForURL((url) => url.origin === provider.issuer, { waitUntil: 'domcontentloaded' });
    await page.fill('input[name=login]', 'stranger');
    await page.fill('input[name=password]', 'x');
    await page.click('button[type=submit]');
    await page.waitForURL(`${server.url}/sign-in?sso=unknown`);
    expect(await page.textContent('[data-testid=sso-failure]')).toContain('There is no Jornada account for that email address');
    await shootWidthsAndThemes(page, SHOTS, '40-sso-refused-en');
    await setLanguage('es');
    await page.reload();
    expect(await page.textContent('[data-testid=sso-failure]')).toContain('No hay ninguna cuenta de Jornada con ese email');
  });
});

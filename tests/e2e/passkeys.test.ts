import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { DEMO_PASSWORD } from '../helpers/e2e-session.ts';
import { watchProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { signIn, signOut } from '../helpers/shell.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Passkeys in the browser (decision 091), with Chromium's virtual authenticator (DevTools protocol
 * `WebAuthn`): an administrator adds a passkey in account settings (and sees the recovery codes
 * of a first factor once), signs out, and signs in with the passkey alone, no password. The
 * pages are opened on `localhost`: an IP address cannot be a WebAuthn relying party.
 * Screenshots (es/en, light/dark, 1440/390 px) in tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let base: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ args: ['--demo'] });
  base = server.url.replace('127.0.0.1', 'localhost');
  browser = await launchBrowser({ locale: 'es-ES' });
  page = await browser.context.newPage();
  await page.setViewportSize({ width: 1440, height: 1000 });
  const cdp = await browser.context.newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: { protocol: 'ctap2', transport: 'internal', hasResidentKey: true, hasUserVerification: true, isUserVerified: true },
  });
  await signIn(page, base, 'admin@demo.jornada', DEMO_PASSWORD, '/dashboard');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The passkeys card at 1440 and 390 px, each width loaded afresh (the shell lays itself out on load). */
async function shootSection(prefix: string): Promise<void> {
  for (const width of [1440, 390]) {
    await page.setViewportSize({ width, height: 1000 });
    await page.reload();
    const section = page.locator('[data-testid=passkeys-section]');
    await section.locator('[data-testid=passkey-row]').first().waitFor();
    await section.scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, `${prefix}-${width}.png`) });
  }
  await page.setViewportSize({ width: 1440, height: 1000 });
}

const setLanguage = (lang: 'es' | 'en') => page.context().addCookies([{ name: 'lang', value: lang, url: base }]);

describe('passkeys', () => {
  it('adds a passkey in account settings and shows the recovery codes once', async () => {
    const { take } = await watchProblems(page);
    await page.goto(`${base}/account-setting`);
    await page.getByText('Aún no tienes llaves de acceso.').waitFor();
    await page.click('[data-testid=passkey-add]');
    const name = page.locator('[data-testid=passkey-name]');
    expect(await name.inputValue()).toMatch(/Chrome en Linux/);
    await name.fill('Portátil de pruebas');
    await page.click('[data-testid=passkey-submit]');
    const codes = page.locator('[data-testid=passkey-recovery-codes] li');
    await codes.first().waitFor();
    expect(await codes.count()).toBe(10);
    await shootWidthsAndThemes(page, SHOTS, 'passkeys-recovery-codes-es');
    await page.getByRole('button', { name: 'Ya los he guardado' }).click();
    const row = page.locator('[data-testid=passkey-row]');
    await row.getByText('Portátil de pruebas').waitFor();
    expect(await row.textContent()).toContain('Sin usar todavía');
    await shootSection('passkeys-account-es');
    const problems = await take();
    expect(problems.pageErrors).toEqual([]);
    expect(problems.csp).toEqual([]);
  });

  it('signs out and signs in again with the passkey alone', async () => {
    await signOut(page);
    await page.locator('[data-testid=passkey-sign-in-button]').waitFor();
    await shootWidthsAndThemes(page, SHOTS, 'passkeys-sign-in-es');
    expect(await page.inputValue('input[name=password]')).toBe('');
    await page.click('[data-testid=passkey-sign-in-button]');
    await page.waitForURL('**/dashboard');
    await page.goto(`${base}/account-setting`);
    const row = page.locator('[data-testid=passkey-row]');
    await row.getByText('Portátil de pruebas').waitFor();
    expect(await row.textContent()).toContain('Último uso');
  });

  it('reads in English too', async () => {
    await setLanguage('en');
    await page.goto(`${base}/account-setting`);
    await page.getByRole('heading', { name: 'Passkeys' }).waitFor();
    await shootSection('passkeys-account-en');
    await signOut(page);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await shootWidthsAndThemes(page, SHOTS, 'passkeys-sign-in-en');
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../src/domain/routing/api-table.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { layoutProblems, watchProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 22 point 5 (decision 057) in the browser: an administrator makes an API token on
 * Settings › API tokens choosing permissions among its own, copies it from the one-time box, a
 * program uses it, the administrator revokes it and the program is refused. The API reference
 * page lists every endpoint. Screenshots (es/en, light/dark, 1440/390 px) in tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let session: E2eSession;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'es-ES', preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page } = session);
});
afterAll(async () => {
  await session?.close();
});

/** Layout problems of the page loaded afresh at 390 px (the shell lays itself out on load). */
async function narrowProblems(selector: string): Promise<string[]> {
  await page.setViewportSize({ width: 390, height: 1000 });
  await page.reload();
  await page.waitForSelector(selector);
  const problems = await layoutProblems(page);
  await page.setViewportSize({ width: 1440, height: 1000 });
  return problems;
}

const setLanguage = (lang: 'es' | 'en') => page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
const asProgram = (token: string, p: string) => fetch(`${server.url}${p}`, { headers: { authorization: `Bearer ${token}` } });

describe('Settings › API tokens', () => {
  let token: string;

  it('makes a token with some of one’s own permissions and shows it once', async () => {
    const { take } = await watchProblems(page);
    await page.goto(`${server.url}/settings/api-tokens`);
    // Hydrated (Astro drops `ssr` from the island): typing before would be lost.
    await page.waitForSelector('astro-island:not([ssr]) [data-testid=api-token-create]');
    await page.fill('[data-testid=api-token-name]', 'Exportación de nóminas');
    await page.check('[data-testid=api-token-employee-read]');
    await page.check('[data-testid=api-token-report-read]');
    await page.click('[data-testid=api-token-submit]');
    await page.waitForSelector('[data-testid=api-token-value]');
    token = await page.inputValue('[data-testid=api-token-value]');
    expect(token).toMatch(/^jt_[A-Za-z0-9_-]{43}$/);
    await page.waitForSelector('[data-testid=api-token-row]:has-text("Exportación de nóminas")');
    expect(await page.textContent('[data-testid=api-token-row]')).toContain(token.slice(0, 7));
    await shootWidthsAndThemes(page, SHOTS, '22-api-tokens-created-es', { fullPage: true });
    expect((await take()).pageErrors).toEqual([]);
  });

  it('a program uses it for what it allows, and nothing else', async () => {
    expect((await asProgram(token, '/api/employees?pageSize=1')).status).toBe(200);
    expect((await asProgram(token, '/api/users')).status).toBe(403);
    // Reloaded, the page never shows the token again.
    await page.reload();
    await page.waitForSelector('[data-testid=api-token-row]');
    expect(await page.content()).not.toContain(token);
    expect(await narrowProblems('[data-testid=api-token-row]')).toEqual([]);
    // Its first use is shown.
    expect((await page.textContent('[data-testid=api-token-last-used]'))?.trim()).not.toBe('Nunca');
  });

  it('is revoked from the list; the program gets 401', async () => {
    await page.waitForSelector('astro-island:not([ssr]) [data-testid=api-token-revoke]');
    await page.click('[data-testid=api-token-revoke]');
    await page.click('[data-testid=confirm-action]');
    await page.waitForSelector('[data-testid=api-token-row]:has-text("Revocado")');
    expect((await asProgram(token, '/api/employees?pageSize=1')).status).toBe(401);
    await setLanguage('en');
    await page.reload();
    await page.waitForSelector('[data-testid=api-token-row]:has-text("Revoked")');
    await shootWidthsAndThemes(page, SHOTS, '22-api-tokens-en', { fullPage: true });
  });
});

describe('the API reference page', () => {
  it('lists every endpoint, in both languages, with nothing wider than a phone at 390 px', async () => {
    for (const lang of ['en', 'es'] as const) {
      await setLanguage(lang);
      await page.goto(`${server.url}/api-docs`);
      await page.waitForSelector('[data-testid=api-docs-group]');
      expect(await page.locator('[data-testid=api-docs-operation]').count()).toBe(API_ROUTES.length);
      expect(await narrowProblems('[data-testid=api-docs-group]')).toEqual([]);
      await shootWidthsAndThemes(page, SHOTS, `22-api-docs-${lang}`);
    }
  });
});

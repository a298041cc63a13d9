import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../helpers/browser.ts';
import { Client } from '../helpers/http-client.ts';
import { signOut } from '../helpers/shell.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/hydrated.ts';

/** "Sign out everywhere" in account settings and "End sessions" in the users list (decision 023). */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const PASSWORD = 'Demo#2026';
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'manager', locale: 'en-GB' });
  ({ server, browser, page } = session);
});
afterAll(() => session?.close());

/** A Bearer session of `email` elsewhere (another device), and a check of whether it still works. */
async function elsewhere(email: string) {
  const res = await new Client(server.url).signIn(email, PASSWORD);
  expect(res.status).toBe(200);
  const token = (await res.json()).accessToken as string;
  return async () => (await new Client(server.url).get('/api/me', { authorization: `Bearer ${token}` })).status;
}

describe('ending sessions in the browser', () => {
  it('account settings: "Sign out everywhere" asks, ends the other sessions and keeps this one', async () => {
    const phone = await elsewhere('manager@demo.jornada');
    expect(await phone()).toBe(200);
    await page.goto(`${server.url}/account-setting`);
    await hydrated(page, '[data-testid=sign-out-everywhere]');
    await page.click('[data-testid=sign-out-everywhere]');
    await page.waitForSelector('dialog[open] [data-testid=confirm-action]');
    await page.screenshot({ path: path.join(SHOTS, 'sign-out-everywhere-confirm.png') });
    await page.click('dialog[open] [data-testid=confirm-action]');
    await page.waitForSelector('text=Your other sessions have been signed out.');
    await page.screenshot({ path: path.join(SHOTS, 'sign-out-everywhere-done.png') });
    expect(await phone()).toBe(401);
    await page.reload();
    expect(new URL(page.url()).pathname).toBe('/account-setting');
  });

  it('users list: "End sessions" signs the user out everywhere', async () => {
    const worker = await elsewhere('employee@demo.jornada');
    await page.goto(`${server.url}/users`);
    await hydrated(page, '#panel-users [data-testid=end-sessions]');
    const row = page.locator('#panel-users tbody tr', { hasText: 'employee@demo.jornada' });
    await row.locator('[data-testid=end-sessions]').click();
    await page.waitForSelector('dialog[open] [data-testid=confirm-action]');
    expect(await page.textContent('dialog[open]')).toContain('will be signed out on every device');
    await page.click('dialog[open] [data-testid=confirm-action]');
    await page.waitForSelector('text=The user’s sessions have been ended.');
    await page.screenshot({ path: path.join(SHOTS, 'users-end-sessions-done.png') });
    expect(await worker()).toBe(401);
  });

  it('signing out in the browser ends the session on the server', async () => {
    const cookie = (await browser.context.cookies()).find((c) => c.name === 'token')!.value;
    await signOut(page);
    const copy = new Client(server.url);
    copy.cookie = cookie;
    expect((await copy.get('/api/me')).status).toBe(401);
  });
});

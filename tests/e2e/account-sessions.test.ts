import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { signInDemo, startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/hydrated.ts';
import { layoutProblems, watchProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT } from '../helpers/test-server.ts';

/**
 * Your sessions (issue 40.4, decision 093) in two browsers signed in as the same account: each
 * lists both, "This device" on its own; the laptop ends the phone's session after confirming and
 * the phone is sent to sign-in on its next page. Screenshots en (laptop) and es (phone), 1440 and 390 px.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let session: E2eSession;
let laptop: Page;
let phoneBrowser: TestBrowser;
let phone: Page;

const cards = (page: Page) => page.locator('[data-testid=account-session]');

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'manager', locale: 'en-GB' });
  laptop = session.page;
  phoneBrowser = await launchBrowser({ locale: 'es-ES' });
  phone = await phoneBrowser.context.newPage();
  await phone.setViewportSize({ width: 390, height: 900 });
  await signInDemo(phone, session.server.url, 'manager');
}, 120_000);

afterAll(async () => {
  await phoneBrowser?.close();
  await session?.close();
});

describe('account settings › sessions', () => {
  it('lists both browsers, each marking itself as this device', async () => {
    const seen = (await watchProblems(laptop)).take;
    await laptop.goto(`${session.server.url}/account-setting`);
    await hydrated(laptop, '[data-testid=account-sessions]');
    await expect.poll(() => cards(laptop).count()).toBe(2);
    const current = cards(laptop).and(laptop.locator('[data-current=true]'));
    await expect.poll(() => current.count()).toBe(1);
    expect(await current.locator('[data-testid=this-device]').textContent()).toBe('This device');
    expect(await current.locator('[data-testid=end-session]').count()).toBe(0);
    expect(await laptop.locator('[data-testid=this-device]').count()).toBe(1);
    expect(await cards(laptop).first().textContent()).toContain('Password');
    await laptop.locator('[data-testid=account-sessions]').scrollIntoViewIfNeeded();
    await shootWidthsAndThemes(laptop, SHOTS, 'account-sessions-en', { fullPage: true });
    const problems = await seen();
    expect([...problems.console, ...problems.pageErrors, ...problems.csp, ...(await layoutProblems(laptop))]).toEqual([]);

    await phone.goto(`${session.server.url}/account-setting`);
    await hydrated(phone, '[data-testid=account-sessions]');
    await expect.poll(() => cards(phone).count()).toBe(2);
    expect(await phone.locator('[data-current=true] [data-testid=this-device]').textContent()).toBe('Este dispositivo');
    expect(await layoutProblems(phone)).toEqual([]);
    await shootWidthsAndThemes(phone, SHOTS, 'account-sessions-es', { fullPage: true });
  });

  it('ends the other browser’s session after confirming; that browser is sent to sign-in', async () => {
    await cards(laptop).and(laptop.locator('[data-current=false]')).locator('[data-testid=end-session]').click();
    await laptop.waitForSelector('dialog[open] [data-testid=confirm-action]');
    expect(await laptop.textContent('dialog[open]')).toContain('will be signed out');
    await laptop.screenshot({ path: path.join(SHOTS, 'account-sessions-end-confirm.png') });
    await laptop.click('dialog[open] [data-testid=confirm-action]');
    await laptop.waitForSelector('text=Session ended.');
    await expect.poll(() => cards(laptop).count()).toBe(1);
    expect(await laptop.locator('[data-current=true]').count()).toBe(1);

    await phone.goto(`${session.server.url}/dashboard`);
    await expect.poll(() => new URL(phone.url()).pathname).toBe('/sign-in');
    // The laptop is still signed in.
    await laptop.reload();
    expect(new URL(laptop.url()).pathname).toBe('/account-setting');
  });
});

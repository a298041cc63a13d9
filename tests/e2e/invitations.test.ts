import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { layoutProblems, watchProblems, type PageProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 36.1–2 (decision 066) where a browser is needed: the administrator's printed QR sheet,
 * and the worker's side on a 390 px phone — the invitation link's page, choosing a password,
 * landing in the personal area; the forgot-password page. The rules are service tests, the email
 * path an integration test. Screenshots (es/en, light/dark, 1440/390 px) in tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const NONE: PageProblems = { console: [], pageErrors: [], csp: [] };
let session: E2eSession;
let server: TestServer;
let admin: Page;
let phone: TestBrowser | undefined;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'es-ES', preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page: admin } = session);
});
afterAll(async () => {
  await phone?.close();
  await session?.close();
});

describe('invitations in the browser', () => {
  let link: string;

  it('the administrator prints a QR sheet for the selected employees', async () => {
    const { take } = await watchProblems(admin);
    await admin.goto(`${server.url}/employees`);
    await admin.waitForSelector('[data-testid=account-status]');
    await admin.locator('tbody input[type=checkbox]').nth(0).check();
    await admin.locator('tbody input[type=checkbox]').nth(1).check();
    await admin.click('[data-testid=bulk-sheet]');
    await admin.waitForSelector('[data-testid=invitation-sheet] svg');
    expect(await admin.locator('[data-testid=sheet-entry]').count()).toBe(2);
    await expect.poll(() => admin.locator('[data-testid=sheet-entry] svg').count()).toBe(2);
    await shootWidthsAndThemes(admin, SHOTS, '36-invitation-sheet-es', { fullPage: true });
    await admin.click('[data-testid=close-sheet]');
    await admin.waitForSelector('[data-testid=account-status]:has-text("Invitado")');
    await shootWidthsAndThemes(admin, SHOTS, '36-employees-accounts-es');
    expect(await take()).toEqual(NONE);
    // The worker's link, as the sheet's QR code carries it (answered once to the administrator).
    link = await admin.evaluate(async () => {
      const list = await (await fetch('/api/employees?withBalance=1&pageSize=100')).json();
      const id = list.data.find((e: { account: string; status: string }) => e.account === 'none' && e.status === 'active')._id;
      const res = await fetch('/api/invitations', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ employees: [id], delivery: 'sheet' }) });
      return (await res.json()).data.invited[0].url as string;
    });
    expect(link).toMatch(new RegExp(`^${server.url}/join/[A-Za-z0-9_-]{43}$`));
  });

  it('on a 390 px phone the worker opens the link, chooses a password and lands in the personal area', async () => {
    phone = await launchBrowser({ locale: 'es-ES' });
    const page = await phone.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    const { take } = await watchProblems(page);
    await page.goto(link);
    await page.waitForSelector('[data-testid=set-password-form]');
    expect(await layoutProblems(page)).toEqual([]);
    await shootWidthsAndThemes(page, SHOTS, '36-join-es', { fullPage: true });
    await phone.context.addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.reload();
    await page.waitForSelector('[data-testid=set-password-form]');
    await shootWidthsAndThemes(page, SHOTS, '36-join-en', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    // A password outside the policy is named on its field; then a good one.
    await page.fill('#field-password', 'sinnumeros');
    await page.fill('#field-confirmPassword', 'sinnumeros');
    await page.click('[data-testid=set-password-submit]');
    await page.waitForSelector('#field-password-error');
    await page.fill('#field-password', 'Mi#Clave2026');
    await page.fill('#field-confirmPassword', 'Mi#Clave2026');
    await page.click('[data-testid=set-password-submit]');
    await page.waitForURL(/\/personal\//);
    // Only the refused password's 422 (the browser logs every 4xx answer).
    const problems = await take();
    expect({ ...problems, console: problems.console.filter((line) => !line.includes('422 (Unprocessable Entity) @') || !line.includes('/api/invitations/accept')) }).toEqual(NONE);
    // The same link again: it does not open.
    await page.goto(link);
    await page.waitForSelector('[data-testid=link-closed]');
  });

  it('the sign-in page leads to "Forgot your password?", which answers without saying whether the address exists', async () => {
    const context = phone!.context;
    await context.clearCookies();
    const page = await context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/sign-in`);
    await page.click('[data-testid=forgot-password-link]');
    await page.waitForSelector('[data-testid=forgot-form]');
    expect(await layoutProblems(page)).toEqual([]);
    await shootWidthsAndThemes(page, SHOTS, '36-forgot-es', { fullPage: true });
    await page.fill('#field-email', 'nadie@demo.jornada');
    await page.click('[data-testid=forgot-form] button[type=submit]');
    await page.waitForSelector('[data-testid=forgot-sent]');
  });
});

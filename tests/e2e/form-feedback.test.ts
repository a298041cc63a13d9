import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { watchProblems, type PageProblems } from '../helpers/page-audit.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Issue 17.10 on a fresh install (no demo data, just after sign-up): `/department?new=1` opens
 * its form with no CSP violation and no React error; "Discard" asks before throwing away a changed
 * form; an edit shows a translated success toast, below the header; the owner's last sign-in is
 * the sign-up, not "never".
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let take: () => Promise<PageProblems>;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer();
  browser = await launchBrowser({ locale: 'en-GB' });
  page = await browser.context.newPage();
  ({ take } = await watchProblems(page));
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

/** The toast settles (it slides in) below the header's bottom edge. */
async function belowHeader(toast: Locator): Promise<void> {
  const header = (await page.locator('.shell-header').boundingBox())!;
  await waitFor(
    'the toast to settle below the header',
    async () => {
      const box = await toast.boundingBox();
      return !!box && box.y >= header.y + header.height;
    },
    5_000,
  );
}

const problems = async () => {
  const p = await take();
  return [...p.console, ...p.pageErrors, ...p.csp];
};

describe('a fresh install, just after sign-up', () => {
  it('signs up', async () => {
    await page.goto(`${server.url}/sign-up`);
    await page.fill('input[name=company]', 'Panadería Trigo');
    await page.fill('input[name=full_name]', 'Marta Trigo');
    await page.fill('input[name=email]', 'marta@trigo.es');
    await page.fill('input[name=password]', 'Trigo#2026pan');
    await page.fill('input[name=confirmPassword]', 'Trigo#2026pan');
    await page.click('button[type=submit]');
    await page.waitForURL('**/dashboard');
    expect(await problems()).toEqual([]);
  });

  it('opens /department?new=1 with its form and no console error, CSP violation or React error', async () => {
    await page.goto(`${server.url}/department?new=1`);
    await page.waitForSelector('[data-testid=org-form]');
    expect(page.url()).toBe(`${server.url}/department`);
    expect(await problems()).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'department-new-fresh.png') });
  });

  it('shows a translated success toast after an edit, below the header', async () => {
    await page.fill('#org-name', 'Obrador');
    await page.selectOption('#org-company', { index: 1 });
    await page.click('[data-testid=org-form] button[type=submit]');
    await page.waitForSelector('[data-sonner-toast][data-type=success]');
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-sonner-toast]', { state: 'detached', timeout: 15_000 }).catch(() => {});
    // Now edit it.
    await page.locator('td[data-column="_actions"] button').first().click();
    await page.waitForSelector('[data-testid=org-form]');
    await page.fill('#org-name', 'Obrador central');
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/departments/')), page.click('[data-testid=org-form] button[type=submit]')]);
    const message = (await answer.json()).message as string;
    expect(message).toMatch(/updated|saved/i);
    const toast = page.locator('[data-sonner-toast][data-type=success]').filter({ hasText: message });
    await toast.waitFor();
    await belowHeader(toast);
    await page.screenshot({ path: path.join(SHOTS, 'toast-below-header-1280.png') });
    expect(await problems()).toEqual([]);
  });

  it('in Spanish too, and below the header on a phone', async () => {
    await browser.context.addCookies([{ name: 'lang', value: 'es', url: server.url }]);
    await page.evaluate(() => localStorage.setItem('lang', 'es'));
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${server.url}/department`);
    await page.locator('td[data-column="_actions"] button').first().click();
    await page.waitForSelector('[data-testid=org-form]');
    await page.fill('#org-name', 'Obrador norte');
    const [answer] = await Promise.all([page.waitForResponse((r) => r.request().method() === 'PATCH' && r.url().includes('/api/departments/')), page.click('[data-testid=org-form] button[type=submit]')]);
    const message = (await answer.json()).message as string;
    expect(message).toMatch(/actualizad|guardad/i);
    const toast = page.locator('[data-sonner-toast][data-type=success]').filter({ hasText: message });
    await toast.waitFor();
    await belowHeader(toast);
    await page.screenshot({ path: path.join(SHOTS, 'toast-below-header-390-es.png') });
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('asks before discarding a changed form, and leaves an untouched one at once', async () => {
    await page.goto(`${server.url}/employee-create`);
    await page.waitForSelector('#emp-firstName');
    // Untouched: Discard leaves at once.
    await Promise.all([page.waitForURL('**/employees'), page.click('[data-testid=discard]')]);
    await page.goto(`${server.url}/employee-create`);
    await page.fill('#emp-firstName', 'Lucía');
    await page.click('[data-testid=discard]');
    await page.waitForSelector('[data-testid=confirm-discard]');
    expect(await page.textContent('dialog[open]')).toContain('¿Descartar los cambios?');
    await page.screenshot({ path: path.join(SHOTS, 'discard-confirm-es.png') });
    await page.click('[data-testid=keep-editing]');
    expect(page.url()).toContain('/employee-create');
    expect(await page.inputValue('#emp-firstName')).toBe('Lucía');
    await page.click('[data-testid=discard]');
    await Promise.all([page.waitForURL('**/employees'), page.click('[data-testid=confirm-discard]')]);
    expect(await problems()).toEqual([]);
  });

  it('shows the owner signed in, not "never", in the user list', async () => {
    await page.goto(`${server.url}/users`);
    const row = page.locator('tbody tr').filter({ hasText: 'marta@trigo.es' });
    await row.waitFor();
    await waitFor('the last sign-in cell', async () => ((await row.locator('td[data-column=lastSignInAt]').textContent()) ?? '').trim().length > 0);
    const text = await row.locator('td[data-column=lastSignInAt]').textContent();
    expect(text).toMatch(/\d/);
    expect(text).not.toMatch(/nunca|never/i);
  });
});

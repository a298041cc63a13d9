import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { ROOT } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Issue 17.3: the blank layout hides the header and the menu, but never locks anyone out: a small
 * floating button opens the menu (as a drawer), the theme panel, the previous layout and sign-out.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let session: E2eSession;
let page: Page;
let base: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ page } = session);
  base = session.server.url;
});
afterAll(() => session?.close());

const layout = () => page.evaluate(() => document.documentElement.dataset['layout']);
const visible = (selector: string) => page.locator(selector).isVisible();

async function chooseBlank(): Promise<void> {
  await page.click('[data-testid=open-theme-panel]');
  await page.click('#theme-panel [data-theme-field="layout"][data-theme-value="blank"]');
  await page.click('#theme-panel [data-action=close-panel]');
  expect(await layout()).toBe('blank');
}

async function openFloatingMenu(): Promise<void> {
  await page.click('[data-testid=blank-layout-menu] > summary');
  await page.locator('[data-testid=blank-open-nav]').waitFor({ state: 'visible' });
}

describe('the blank layout keeps a way out', () => {
  it('hides the header but shows the floating button, only in the blank layout', async () => {
    await page.goto(`${base}/employees`);
    expect(await visible('[data-testid=blank-layout-menu]')).toBe(false);
    await page.click('[data-testid=open-theme-panel]');
    await page.click('#theme-panel [data-theme-field="layout"][data-theme-value="topBarClassic"]');
    await page.click('#theme-panel [data-action=close-panel]');
    await chooseBlank();
    expect(await visible('.shell-header')).toBe(false);
    expect(await visible('[data-testid=blank-layout-menu]')).toBe(true);
    // Still there after a reload (the choice is stored).
    await page.reload();
    expect(await layout()).toBe('blank');
    expect(await visible('[data-testid=blank-layout-menu]')).toBe(true);
  });

  it('opens the menu as a drawer and navigates', async () => {
    await openFloatingMenu();
    await page.click('[data-testid=blank-open-nav]');
    const side = page.locator('#side-nav');
    await waitFor('the drawer to slide in', async () => (await side.boundingBox())!.x === 0);
    await page.screenshot({ path: path.join(SHOTS, 'blank-layout-drawer-light-1280.png') });
    await Promise.all([page.waitForURL('**/attendance'), side.locator('a[href="/attendance"]').first().click()]);
    expect(await layout()).toBe('blank');
  });

  it('opens the theme panel, where any layout can be chosen', async () => {
    await openFloatingMenu();
    await page.click('[data-testid=blank-open-panel]');
    await page.locator('#theme-panel').waitFor({ state: 'visible' });
    await page.click('#theme-panel [data-theme-field="layout"][data-theme-value="stackedSide"]');
    expect(await layout()).toBe('stackedSide');
    expect(await visible('.shell-header')).toBe(true);
    expect(await visible('[data-testid=blank-layout-menu]')).toBe(false);
    await page.click('#theme-panel [data-action=close-panel]');
  });

  it('goes back to the previous layout in one click', async () => {
    await chooseBlank();
    await openFloatingMenu();
    await page.click('[data-testid=blank-restore-layout]');
    expect(await layout()).toBe('stackedSide');
    expect(await visible('.shell-header')).toBe(true);
  });

  it('looks right in light and dark, 1440 and 390 px (tests/.tmp/screenshots)', async () => {
    await chooseBlank();
    for (const mode of ['light', 'dark'] as const) {
      for (const width of [1440, 390]) {
        await page.setViewportSize({ width, height: 860 });
        await page.evaluate((m) => {
          const t = JSON.parse(localStorage.getItem('theme') ?? '{}');
          localStorage.setItem('theme', JSON.stringify({ ...t, mode: m }));
        }, mode);
        await page.goto(`${base}/dashboard`);
        expect(await visible('[data-testid=blank-layout-menu]')).toBe(true);
        await openFloatingMenu();
        await page.screenshot({ path: path.join(SHOTS, `blank-layout-menu-${mode}-${width}.png`) });
        await page.keyboard.press('Escape');
      }
    }
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('signs out from the floating menu, and an employee has the same way out', async () => {
    await openFloatingMenu();
    await Promise.all([page.waitForURL('**/sign-in'), page.click('[data-testid=blank-sign-out]')]);
    await signInDemo(page, base, 'employee');
    // The theme is the browser's: still blank for the next account.
    expect(await layout()).toBe('blank');
    await openFloatingMenu();
    await page.click('[data-testid=blank-open-nav]');
    await waitFor('the drawer to slide in', async () => (await page.locator('#side-nav').boundingBox())!.x === 0);
    expect(await page.locator('#side-nav a[href="/personal/leave"]').first().isVisible()).toBe(true);
    await page.keyboard.press('Escape');
    await openFloatingMenu();
    await page.click('[data-testid=blank-restore-layout]');
    expect(await layout()).toBe('stackedSide');
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestBrowser } from '../helpers/browser.ts';
import { signOut } from '../helpers/shell.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession, signInDemo } from '../helpers/e2e-session.ts';

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let server: TestServer;
let browser: TestBrowser;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'manager', locale: 'es-ES' });
  ({ server, browser, page } = session);
});
afterAll(() => session?.close());

const html = (name: string) => page.evaluate((n) => document.documentElement.getAttribute(n), name);
const stored = () => page.evaluate(() => JSON.parse(localStorage.getItem('theme') ?? '{}'));

/** Reloads with the app's bundled scripts blocked: what shows now was applied by the blocking head script. */
async function reloadWithoutBundles(): Promise<void> {
  await page.route('**/_astro/*.js', (route) => route.abort());
  await page.reload();
  await page.unroute('**/_astro/*.js');
}

async function openPanel(): Promise<void> {
  if ((await html('data-panel-expand')) !== 'true') await page.click('[data-testid=open-theme-panel]');
  await page.locator('#theme-panel').waitFor({ state: 'visible' });
}

async function choose(field: string, value: string): Promise<void> {
  await openPanel();
  await page.click(`#theme-panel [data-theme-field="${field}"][data-theme-value="${value}"]`);
}

describe('theme settings persist and apply before paint', () => {
  it('starts with the defaults of the spec', async () => {
    expect(await html('data-layout')).toBe('collapsibleSide');
    expect(await html('dir')).toBe('ltr');
    expect(await html('class')).toContain('light');
    expect(await html('data-control-size')).toBe('md');
  });

  it('switches every layout, remembers it across reloads and shows the choice in the panel', async () => {
    for (const layout of ['stackedSide', 'topBarClassic', 'framelessSide', 'contentOverlay', 'blank', 'collapsibleSide']) {
      if (layout === 'collapsibleSide') {
        // The blank layout hides the header: set the field alone, as the spec allows.
        await page.evaluate(() => {
          const t = JSON.parse(localStorage.getItem('theme') ?? '{}');
          localStorage.setItem('theme', JSON.stringify({ ...t, layout: { ...t.layout, type: 'collapsibleSide' } }));
        });
        await page.reload();
      } else {
        await choose('layout', layout);
      }
      expect(await html('data-layout'), layout).toBe(layout);
      expect((await stored()).layout.type).toBe(layout);
      await reloadWithoutBundles();
      expect(await html('data-layout'), `${layout} after reload`).toBe(layout);
      await page.reload();
      if (layout !== 'blank') {
        await openPanel();
        const pressed = await page.getAttribute(`#theme-panel [data-theme-field="layout"][data-theme-value="${layout}"]`, 'aria-pressed');
        expect(pressed, layout).toBe('true');
      }
    }
    // Chosen in the panel, blank remembered contentOverlay as the previous layout.
    expect((await stored()).layout.previousType).toBe('contentOverlay');
    await page.click('#theme-panel [data-action=close-panel]');
  });

  it('dark mode from the header, schema, direction and control size, each on its own', async () => {
    await page.click('[data-testid=toggle-mode]');
    expect(await html('class')).toContain('dark');
    await choose('themeSchema', 'green');
    expect(await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--primary').trim())).toBe('#047857');
    await choose('direction', 'rtl');
    expect(await html('dir')).toBe('rtl');
    await choose('controlSize', 'lg');
    expect(await html('data-control-size')).toBe('lg');
    expect(await stored()).toMatchObject({ mode: 'dark', themeSchema: 'green', direction: 'rtl', controlSize: 'lg', panelExpand: true });

    await reloadWithoutBundles();
    expect(await html('class')).toContain('dark');
    expect(await html('dir')).toBe('rtl');
    expect(await html('data-schema')).toBe('green');
    expect(await html('data-control-size')).toBe('lg');
    expect(await html('data-panel-expand')).toBe('true');
    const inputHeight = await page.evaluate(() => getComputedStyle(document.documentElement).getPropertyValue('--control-h').trim());
    expect(inputHeight).toBe('3.5rem');

    await page.reload();
    await choose('themeSchema', '');
    await choose('direction', 'ltr');
    await choose('controlSize', 'md');
    await page.click('#theme-panel [data-action=close-panel]');
    expect((await stored()).panelExpand).toBe(false);
    await page.click('[data-testid=toggle-mode]');
    expect(await html('class')).not.toContain('dark');
  });

  it('collapses the side menu to icons and keeps it collapsed', async () => {
    const width = () => page.evaluate(() => document.getElementById('side-nav')!.getBoundingClientRect().width);
    expect(await width()).toBe(290);
    await page.click('[data-action=toggle-nav]');
    expect(await html('data-nav-collapsed')).toBe('true');
    // The width animates: poll until it settles instead of sleeping through the transition.
    await expect.poll(width).toBe(80);
    await reloadWithoutBundles();
    expect(await width()).toBe(80);
    await page.reload();
    await page.click('[data-action=toggle-nav]');
    expect((await stored()).layout.sideNavCollapse).toBe(false);
  });
});

describe('screenshots of the frame', () => {
  it('light/dark × ltr/rtl look right (tests/.tmp/screenshots)', async () => {
    for (const mode of ['light', 'dark']) {
      for (const direction of ['ltr', 'rtl']) {
        await page.evaluate((t) => localStorage.setItem('theme', JSON.stringify(t)), { mode, direction });
        await page.goto(`${server.url}/reports/employee-list`);
        expect(await html('dir')).toBe(direction);
        const file = path.join(SHOTS, `frame-${mode}-${direction}.png`);
        await page.screenshot({ path: file });
        // The side menu sits on the start side for the direction.
        const box = await page.locator('#side-nav').boundingBox();
        expect(box!.x, `${mode} ${direction}`).toBe(direction === 'ltr' ? 0 : 1280 - 290);
      }
    }
    await page.evaluate(() => localStorage.removeItem('theme'));
  });
});

describe('issue 37: top bar, theme panel, names', () => {
  it('the theme panel is modal: Tab stays in it, Escape closes it and gives the focus back', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.focus('[data-testid=open-theme-panel]');
    await page.keyboard.press('Enter');
    await page.locator('#theme-panel').waitFor({ state: 'visible' });
    expect(await page.getAttribute('#theme-panel', 'role')).toBe('dialog');
    await expect.poll(() => page.evaluate(() => !!document.activeElement?.closest('#theme-panel'))).toBe(true);
    for (let i = 0; i < 40; i++) {
      await page.keyboard.press(i % 3 === 2 ? 'Shift+Tab' : 'Tab');
      expect(await page.evaluate(() => !!document.activeElement?.closest('#theme-panel')), `Tab ${i}`).toBe(true);
    }
    await page.keyboard.press('Escape');
    await page.locator('#theme-panel').waitFor({ state: 'hidden' });
    await expect.poll(() => page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('open-theme-panel');
    // The page behind is usable again.
    expect(await page.evaluate(() => document.querySelector<HTMLElement>('.shell-main')!.inert)).toBe(false);
  });

  it('the language and account menus are named by what they show (WCAG 2.5.3)', async () => {
    await page.goto(`${server.url}/dashboard`);
    const language = page.locator('[data-testid=language-menu]');
    expect(await language.getAttribute('aria-label')).toBeNull();
    expect((await language.textContent())!.replace(/\s+/g, ' ').trim()).toBe('ES Idioma');
    const account = page.locator('[data-testid=user-menu] > summary');
    expect(await account.getAttribute('aria-label')).toBeNull();
    const name = (await page.textContent('[data-testid=current-user]'))!.trim();
    expect(await account.textContent()).toContain(name);
    expect((await account.textContent())!.trim()).toMatch(/ Menú de la cuenta$/);
  });

  it('the top bar keeps to the window; what does not fit is under "More" (1440 and 390 px)', async () => {
    await signOut(page);
    await signInDemo(page, server.url, 'admin');
    await page.evaluate(() => localStorage.setItem('theme', JSON.stringify({ layout: { type: 'topBarClassic' } })));
    await page.setViewportSize({ width: 1440, height: 900 });
    await page.goto(`${server.url}/dashboard`);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(1440);
    const more = page.locator('[data-testid=top-nav-more]');
    await more.waitFor({ state: 'visible' });
    const inBar = await page.$$eval('.nav-top > [data-nav-index]', (els) => els.filter((e) => !(e as HTMLElement).hidden).map((e) => e.getAttribute('data-nav-index')));
    const inMore = await page.$$eval('.nav-more [data-more-index]', (els) => els.filter((e) => !(e as HTMLElement).hidden).map((e) => e.getAttribute('data-more-index')));
    const total = await page.locator('.nav-top > [data-nav-index]').count();
    expect(inBar.length).toBeGreaterThan(3);
    expect(inMore.length).toBeGreaterThan(0);
    expect([...inBar, ...inMore].map(Number).sort((a, b) => a - b)).toEqual(Array.from({ length: total }, (_, i) => i));
    // The bar ends before the header's own buttons; the account menu and its sign-out are on screen.
    const bar = (await page.locator('.nav-top').boundingBox())!;
    const account = (await page.locator('[data-testid=user-menu] > summary').boundingBox())!;
    expect(bar.x + bar.width).toBeLessThanOrEqual(account.x);
    expect(account.x + account.width).toBeLessThanOrEqual(1440);
    await more.locator('summary').click();
    await page.locator('.nav-more li:not([hidden]) a').first().waitFor({ state: 'visible' });
    await page.screenshot({ path: path.join(SHOTS, 'top-bar-more-open.png') });
    await page.keyboard.press('Escape');
    await shootWidthsAndThemes(page, SHOTS, 'top-bar');
    await page.setViewportSize({ width: 1280, height: 800 });
    await page.evaluate(() => localStorage.removeItem('theme'));
    await signOut(page);
    await signInDemo(page, server.url, 'manager');
  });
});

describe('header menu', () => {
  it('offers quick access and new employee to an admin', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.click('[data-testid=quick-access]');
    await page.click('details[open] a[href="/attendance"]');
    await page.waitForURL('**/attendance');
    await page.click('[data-testid=new-employee]');
    await page.waitForURL('**/employee-create');
  });

  it('switches an admin linked to an employee to their own area and back', async () => {
    await page.click('[data-testid=user-menu] > summary');
    await page.click('[data-testid=switch-personal]');
    await page.waitForURL('**/personal/dashboard');
    expect(await page.locator('#side-nav a[href="/personal/leave"]').count()).toBeGreaterThan(0);
    await page.click('[data-testid=user-menu] > summary');
    await page.click('[data-testid=switch-admin]');
    await page.waitForURL('**/dashboard');
  });

  it('switches the language: the server renders the page in it, and it persists', async () => {
    expect(await page.textContent('[data-testid=page-title]')).toBe('Panel');
    await page.click('[data-testid=language-menu]');
    await Promise.all([page.waitForEvent('load'), page.click('[data-action=set-language][data-lang=en]')]);
    expect(await page.textContent('[data-testid=page-title]')).toBe('Dashboard');
    expect(await html('lang')).toBe('en');
    const cookies = await browser.context.cookies(server.url);
    expect(cookies.find((c) => c.name === 'lang')?.value).toBe('en');
    // Server-rendered: the HTML as sent is already English.
    const sent = await page.evaluate(async () => (await fetch('/dashboard')).text());
    expect(sent).toContain('data-testid="page-title">Dashboard<');
    await page.goto(`${server.url}/employees`);
    expect(await page.textContent('[data-testid=page-title]')).toBe('Employees');
    await page.click('[data-testid=language-menu]');
    await Promise.all([page.waitForEvent('load'), page.click('[data-action=set-language][data-lang=es]')]);
    expect(await page.textContent('[data-testid=page-title]')).toBe('Empleados');
  });

  it('footer shows the year, product name and the two inert links', async () => {
    const footer = await page.textContent('.shell-footer');
    expect(footer).toContain(`© ${new Date().getFullYear()} Jornada`);
    const url = page.url();
    await page.click('[data-testid=terms]');
    await page.click('[data-testid=privacy]');
    expect(page.url()).toBe(url);
  });

  it('is usable by keyboard: skip link first, visible focus, Escape closes menus', async () => {
    await page.goto(`${server.url}/dashboard`);
    await page.keyboard.press('Tab');
    expect(await page.evaluate(() => document.activeElement?.getAttribute('href'))).toBe('#content');
    await page.keyboard.press('Tab');
    const outline = await page.evaluate(() => getComputedStyle(document.activeElement!).outlineStyle);
    expect(outline).toBe('solid');
    await page.focus('[data-testid=user-menu] > summary');
    await page.keyboard.press('Enter');
    expect(await page.getAttribute('[data-testid=user-menu]', 'open')).not.toBeNull();
    await page.keyboard.press('Escape');
    expect(await page.getAttribute('[data-testid=user-menu]', 'open')).toBeNull();
  });

  it('turns the side menu into a drawer on a phone', async () => {
    await page.setViewportSize({ width: 390, height: 800 });
    await page.goto(`${server.url}/employees`);
    const box = () => page.locator('#side-nav').boundingBox();
    expect((await box())!.x).toBeLessThan(0);
    await page.click('[data-action=toggle-nav]');
    await expect.poll(async () => (await box())!.x).toBe(0);
    await page.screenshot({ path: path.join(SHOTS, 'phone-drawer.png') });
    await page.keyboard.press('Escape');
    await expect.poll(async () => (await box())!.x).toBeLessThan(0);
    await page.setViewportSize({ width: 1280, height: 800 });
  });

  it('shows an employee only the personal menu, without admin shortcuts', async () => {
    await signOut(page);
    await signInDemo(page, server.url, 'employee');
    const links = await page.$$eval('#side-nav .nav-full a[href]', (as) => as.map((a) => a.getAttribute('href')));
    expect(links.every((href) => href!.startsWith('/personal/') || href === '/clock')).toBe(true);
    expect(links).toContain('/personal/leave');
    expect(await page.locator('[data-testid=new-employee]').count()).toBe(0);
    expect(await page.locator('[data-testid=switch-admin]').count()).toBe(0);
  });
});

describe('open pages', () => {
  it('the demo banner prints kiosk PINs on admin pages and on the clock, where a visitor punches with one (issue 37.14)', async () => {
    const visitor = await browser.newContext({ locale: 'es-ES' });
    const anon = await visitor.newPage();
    try {
      await anon.goto(`${server.url}/clock`);
      const banner = anon.getByTestId('demo-banner');
      expect(await banner.textContent()).toContain('Prueba el fichaje con uno de estos PIN:');
      expect(await anon.getByTestId('demo-pin').allTextContents()).toEqual(['100002', '100003', '100005']);
      await shootWidthsAndThemes(anon, SHOTS, '37-demo-banner-clock-es', { fullPage: true });
      // The PIN read off the banner is a worker's: the kiosk names them (any answer but "unknown PIN").
      const answer = await anon.evaluate(
        async () => (await (await fetch('/api/clock', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'check-in', pin: '100003' }) })).json()) as { code?: string },
      );
      expect(answer.code).not.toBe('punch.unknownPin');
    } finally {
      await visitor.close();
    }
    // The test before signed the page in as the employee: the admin pages are the manager's.
    await signOut(page);
    await signInDemo(page, server.url, 'manager');
    await page.goto(`${server.url}/employees`);
    expect(await page.getByTestId('demo-banner').locator('a[href="/clock"]').textContent()).toBe('Abrir el fichaje');
    await shootWidthsAndThemes(page, SHOTS, '37-demo-banner-employees-es');
  });

  it('shows the clock in the full layout when signed out, and sign-in in the side variant', async () => {
    const visitor = await browser.newContext({ locale: 'es-ES' });
    const anon = await visitor.newPage();
    try {
      await anon.goto(`${server.url}/clock`);
      expect(await anon.evaluate(() => document.documentElement.dataset['layout'])).toBe('collapsibleSide');
      expect(await anon.locator('#side-nav .nav-full a[href="/sign-in"]').count()).toBe(1);
      await anon.screenshot({ path: path.join(SHOTS, 'clock-signed-out.png') });
      await anon.goto(`${server.url}/sign-in`);
      expect(await anon.evaluate(() => document.documentElement.dataset['layout'])).toBe('blank');
      expect(await anon.locator('label[for=field-email]').textContent()).toBe('Correo electrónico');
      // Focus order: language menu, then the form (email, password, submit).
      const order: (string | null)[] = [];
      for (let i = 0; i < 4; i++) {
        await anon.keyboard.press('Tab');
        order.push(await anon.evaluate(() => document.activeElement?.getAttribute('name') ?? document.activeElement?.getAttribute('data-testid') ?? document.activeElement?.tagName ?? null));
      }
      expect(order).toEqual(['language-menu', 'email', 'password', 'BUTTON']);
      await anon.screenshot({ path: path.join(SHOTS, 'sign-in.png') });
    } finally {
      await visitor.close();
    }
  });
});

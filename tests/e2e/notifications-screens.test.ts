import { mkdirSync } from 'node:fs';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { layoutProblems, watchProblems, type PageProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { setChecked } from '../helpers/set-checked.ts';
import type { TestServer } from '../helpers/test-server.ts';

/**
 * Decision 055 in the browser: Settings › Notifications (the company's switches, a translated
 * field error for bad minutes, saved and shown again) and My account › My notifications (mutes and
 * email language of one's own account). Screenshots go to SCREENSHOT_DIR (default
 * /tmp/jornada-notify-shots).
 */
let server: TestServer;
let page: Page;
let session: E2eSession;
let take: () => Promise<PageProblems>;
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/jornada-notify-shots';

beforeAll(async () => {
  session = await startDemoSession({
    account: 'admin',
    locale: 'en-GB',
    preparePage: async (p) => {
      ({ take } = await watchProblems(p));
    },
  });
  ({ server, page } = session);
  mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => session?.close());

const useLanguage = (lang: 'en' | 'es') => page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);

describe('notification screens', () => {
  it('switches a company’s kinds, refuses bad minutes with the field’s message and keeps what was saved', async () => {
    for (const lang of ['en', 'es'] as const) {
      await useLanguage(lang);
      // A real load in the new language (the same address with a hash would not reload).
      await page.goto('about:blank');
      await page.goto(`${server.url}/setting#notifications`);
      await page.waitForSelector('[data-testid=notify-row-missedCheckIn]');
      // No SMTP server on the demo: the screen says nothing is sent.
      await page.waitForSelector('[data-testid=notifications-mail-off]');
      await page.fill('[data-testid=notify-missedCheckIn-minutes]', '2');
      await page.click('[data-testid=notifications-save]');
      const error = await page.waitForSelector('#notify-missedCheckIn-minutes-error');
      expect(await error.textContent()).toBe(lang === 'en' ? 'Enter between 5 and 240 minutes' : 'Introduce entre 5 y 240 minutos');
      await shootWidthsAndThemes(page, SHOTS, `settings-notifications-${lang}`, { fullPage: true });
    }
    await page.fill('[data-testid=notify-missedCheckIn-minutes]', '45');
    await setChecked(page, '[data-testid=notify-missedCheckIn-managers]', true);
    await setChecked(page, '[data-testid=notify-terminalSilent-enabled]', false);
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/settings/notifications') && r.request().method() === 'PUT' && r.status() === 200), page.click('[data-testid=notifications-save]')]);
    await page.reload();
    await page.waitForSelector('[data-testid=notify-row-missedCheckIn]');
    expect(await page.inputValue('[data-testid=notify-missedCheckIn-minutes]')).toBe('45');
    expect(await page.isChecked('[data-testid=notify-missedCheckIn-managers]')).toBe(true);
    expect(await page.isChecked('[data-testid=notify-terminalSilent-enabled]')).toBe(false);
    expect(await page.isChecked('[data-testid=notify-leaveRequested-enabled]')).toBe(true);
  });

  it('lets the account mute its optional messages and choose their language', async () => {
    for (const lang of ['en', 'es'] as const) {
      await useLanguage(lang);
      await page.goto(`${server.url}/account-setting`);
      await page.waitForSelector('[data-testid=my-notify-leaveRequested]');
      // Required kinds are not offered.
      expect(await page.$('[data-testid=my-notify-monthlySummary]')).toBeNull();
      await shootWidthsAndThemes(page, SHOTS, `my-notifications-${lang}`, { fullPage: true });
    }
    await page.uncheck('[data-testid=my-notify-leaveRequested]');
    await page.selectOption('[data-testid=my-notifications-language]', 'en');
    await Promise.all([page.waitForResponse((r) => r.url().includes('/api/account/notifications') && r.request().method() === 'PUT' && r.status() === 200), page.click('[data-testid=my-notifications-save]')]);
    await page.reload();
    await page.waitForSelector('[data-testid=my-notify-leaveRequested]');
    expect(await page.isChecked('[data-testid=my-notify-leaveRequested]')).toBe(false);
    expect(await page.isChecked('[data-testid=my-notify-leaveDecided]')).toBe(true);
    expect(await page.inputValue('[data-testid=my-notifications-language]')).toBe('en');
  });

  it('loads both screens at 390 px without errors or sideways scrolling, also for an Employee account', async () => {
    await page.setViewportSize({ width: 390, height: 900 });
    await take();
    for (const [where, ready] of [
      ['/setting#notifications', 'notify-row-missedCheckIn'],
      ['/account-setting', 'my-notify-leaveRequested'],
    ] as const) {
      await page.goto('about:blank');
      await page.goto(`${server.url}${where}`);
      await page.waitForSelector(`[data-testid=${ready}]`);
      const problems = await take();
      expect([...problems.console, ...problems.pageErrors, ...problems.csp, ...(await layoutProblems(page))], where).toEqual([]);
    }
    // The same browser context signs in as the employee now (this is the file's last test).
    const other = await session.browser.context.newPage();
    try {
      await other.setViewportSize({ width: 390, height: 900 });
      const seen = (await watchProblems(other)).take;
      await session.browser.context.clearCookies();
      await useLanguage('es');
      await signInDemo(other, server.url, 'employee');
      await other.goto(`${server.url}/personal/account-setting`);
      await other.waitForSelector('[data-testid=my-notify-leaveDecided]');
      // An Employee account approves nothing and manages no terminal: only its own record's kinds.
      expect(await other.$$eval('[data-testid^=my-notify-]', (els) => els.map((e) => e.getAttribute('data-testid')))).toEqual([
        'my-notify-leaveDecided',
        'my-notify-missingCheckOut',
        'my-notify-missedCheckIn',
        'my-notify-correctionDecided',
        'my-notify-openShiftDecided',
        'my-notify-shiftSwapProposed',
        'my-notify-shiftSwapDecided',
        'my-notify-rosterPublished',
        'my-notify-newDeviceSignIn',
      ]);
      const problems = await seen();
      expect([...problems.console, ...problems.pageErrors, ...problems.csp, ...(await layoutProblems(other))]).toEqual([]);
      await shootWidthsAndThemes(other, SHOTS, 'my-notifications-employee', { fullPage: true });
    } finally {
      await other.close();
    }
  });
});

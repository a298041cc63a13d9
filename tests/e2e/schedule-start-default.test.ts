import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';

/**
 * Issue 33 point 6 in the browser: on a Saturday (the server's clock fixed at noon, Lisbon), the
 * new-schedule form shows the next working day as the first day, never today: Sunday without rest
 * days, Monday once Saturday and Sunday are rest days; a first day the person typed is kept.
 */
let session: E2eSession;
let page: Page;

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB', env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW: '2026-11-28T12:00:00.000Z' } });
  page = session.page;
}, 120_000);
afterAll(() => session?.close());

describe('the schedule form on a Saturday', () => {
  it('shows the next working day as the first day and follows the rest days until it is edited', async () => {
    await page.goto(`${session.server.url}/schedule-create`);
    await page.waitForSelector('[data-testid=schedule-form]');
    expect(await page.inputValue('#shift-fromDate')).toBe('2026-11-29');
    await page.check('[data-testid=schedule-form] input[type=checkbox][value=Sunday]');
    await page.waitForFunction(() => (document.querySelector('#shift-fromDate') as HTMLInputElement).value === '2026-11-30');
    await page.check('[data-testid=schedule-form] input[type=checkbox][value=Monday]');
    await page.waitForFunction(() => (document.querySelector('#shift-fromDate') as HTMLInputElement).value === '2026-12-01');
    await page.fill('#shift-fromDate', '2026-12-02');
    await page.uncheck('[data-testid=schedule-form] input[type=checkbox][value=Monday]');
    expect(await page.inputValue('#shift-fromDate')).toBe('2026-12-02');
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, weekdayOf } from '../../src/domain/time/zoned-time.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';

/**
 * Issue 21.2 in the browser (decision 050): Settings › Working time (a bad value answered beside
 * its field, a good one saved), a long day without a break shown with its badges on the
 * attendance list and in the dashboard's Exceptions widget. Screenshots go to SCREENSHOT_DIR
 * (default /tmp/jornada-work-time-shots).
 */
let server: TestServer;
let page: Page;
let session: E2eSession;
const SHOTS = process.env.SCREENSHOT_DIR ?? '/tmp/jornada-work-time-shots';
const today = localDateOf(new Date(), 'Europe/Lisbon');
/** The latest weekday before today: in the widget's window. */
const workDay = (() => {
  for (let back = 1; back < 8; back++) {
    const date = addDays(today, -back);
    if (!['Saturday', 'Sunday'].includes(weekdayOf(date))) return date;
  }
  throw new Error('no date');
})();

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ server, page } = session);
  (await import('node:fs')).mkdirSync(SHOTS, { recursive: true });
});
afterAll(() => session?.close());

async function useLanguage(lang: 'en' | 'es') {
  await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
}

describe('work-time warnings and break rules in the browser', () => {
  it('Settings › Working time refuses a bad value beside its field and saves a good one', async () => {
    for (const lang of ['es', 'en'] as const) {
      await useLanguage(lang);
      // A query that differs per language: a change of the hash alone would not load the page again.
      await page.goto(`${server.url}/setting?lang=${lang}#worktime`);
      await page.waitForSelector('#setting-autoBreakAfterMinutes');
      await page.fill('#setting-autoBreakAfterMinutes', '2000');
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.status() === 422), page.click('[data-testid=save-settings]')]);
      expect(await page.textContent('#setting-autoBreakAfterMinutes-error')).toBe(lang === 'en' ? 'Enter a whole number of minutes between 0 and 960' : 'Introduce un número entero de minutos entre 0 y 960');
      await page.fill('#setting-autoBreakAfterMinutes', '360');
      // Break rules are effective-dated (issue 33): from the day the next test looks at, not from today.
      await page.fill('#setting-effectiveFrom', workDay);
      // The period the close screen approves (decision 051): a week, named in the page's language.
      expect(await page.locator('#setting-approvalPeriod option[value=week]').textContent()).toBe(lang === 'en' ? 'Week' : 'Semana');
      await page.selectOption('#setting-approvalPeriod', 'week');
      await Promise.all([page.waitForResponse((r) => r.url().endsWith('/api/settings') && r.status() === 200), page.click('[data-testid=save-settings]')]);
      expect(await page.$('#setting-autoBreakAfterMinutes-error')).toBeNull();
      await shootWidthsAndThemes(page, SHOTS, `settings-worktime-${lang}`, { fullPage: true });
    }
    const stored = await page.evaluate(async () => (await (await fetch('/api/settings')).json()).data as Record<string, unknown>);
    expect(stored).toMatchObject({ autoBreakAfterMinutes: 360, autoBreakMinutes: 30, approvalPeriod: 'week' });
  });

  it('a long day without a break shows on the list and in the dashboard widget', async () => {
    const carmen = await page.evaluate(async () => (await (await fetch('/api/employees?q=Carmen%20Ruiz')).json()).data[0]._id as number);
    const existing = await page.evaluate(async ([employee, date]) => (await (await fetch(`/api/attendances?employee=${employee}&from=${date}&to=${date}`)).json()).data as { _id: number }[], [carmen, workDay] as const);
    const status = await page.evaluate(
      async ([employee, date, id]) => {
        const body = { timeIn: '07:00', timeOut: '18:30', reason: 'Inventario' };
        const res = id
          ? await fetch(`/api/attendances/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) })
          : await fetch('/api/attendances', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ employee, date, ...body }) });
        return res.status;
      },
      [carmen, workDay, existing[0]?._id ?? 0] as const,
    );
    expect([200, 201]).toContain(status);
    for (const lang of ['en', 'es'] as const) {
      await useLanguage(lang);
      await page.goto(`${server.url}/attendance?employee=${carmen}&from=${workDay}&to=${workDay}`);
      // Beyond the schedule it is overtime, not ordinary work, so no long day (issue 33): the missing break shows.
      await page.waitForSelector('[data-testid=work-time-warning][data-kind=shortBreak]');
      expect(await page.textContent('[data-testid=work-time-warning][data-kind=shortBreak]')).toBe(lang === 'en' ? 'No break' : 'Sin pausa');
      expect(await page.$('[data-testid=work-time-warning][data-kind=longDay]')).toBeNull();
      // 11 h 30 without a punched break, 30 min deducted after 6 h.
      expect(await page.textContent('[data-testid=counted-time]')).toBe(lang === 'en' ? 'Counts 11 h 00 min (−0 h 30 min)' : 'Computa 11 h 00 min (−0 h 30 min)');
      await shootWidthsAndThemes(page, SHOTS, `attendance-warnings-${lang}`);
      await page.goto(`${server.url}/dashboard`);
      const item = await page.waitForSelector(`[data-testid=work-time-exception][data-employee="${carmen}"][data-date="${workDay}"]`);
      await item.scrollIntoViewIfNeeded();
      await shootWidthsAndThemes(page, SHOTS, `dashboard-exceptions-${lang}`);
      await Promise.all([page.waitForURL(/\/attendance\?/), item.$eval('a', (a) => (a as HTMLAnchorElement).click())]);
      expect(page.url()).toContain(`employee=${carmen}&from=${workDay}&to=${workDay}`);
    }
  });
});

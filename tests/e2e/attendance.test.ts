import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, weekdayOf } from '../../src/domain/time/zoned-time.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { hydrated } from '../helpers/hydrated.ts';

let server: TestServer;
let page: Page;
let session: E2eSession;

const today = localDateOf(new Date(), 'Europe/Lisbon');
/** Days before the demo's 60 days of attendance, within its schedules (Carmen rests at weekends). */
const older = (weekend: boolean) => {
  for (let back = 62; back < 89; back++) {
    const date = addDays(today, -back);
    if (['Saturday', 'Sunday'].includes(weekdayOf(date)) === weekend) return date;
  }
  throw new Error('no date');
};
const workDay = older(false);
const restDay = older(true);
const shortDate = (date: string) => `${date.slice(8, 10)}/${date.slice(5, 7)}/${date.slice(0, 4)}`;

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ server, page } = session);
});
afterAll(() => session?.close());

/** Runs a filter change and waits for the list it fetches. */
async function changed(action: () => Promise<unknown>): Promise<void> {
  await Promise.all([page.waitForResponse((r) => r.url().includes('/api/attendances?')), action()]);
  await page.waitForFunction(() => document.querySelector('table[aria-busy=false]') !== null);
}

async function rows(): Promise<string[]> {
  return page.$$eval('tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
}

describe('attendance in the browser', () => {
  it('filters the list by employee, lateness and status', async () => {
    await page.goto(`${server.url}/attendance`);
    await page.waitForSelector('tbody tr');
    expect(await page.textContent('[data-testid=page-title]')).toBe('Attendance');
    await changed(() => page.selectOption('[data-testid=filter-employee]', { label: 'Carmen Ruiz Navarro' }));
    await changed(() => page.selectOption('[data-testid=filter-late]', 'yes'));
    await changed(() => page.selectOption('[data-testid=filter-status]', 'closed'));
    const shown = await rows();
    expect(shown.length).toBeGreaterThan(0);
    for (const text of shown) {
      expect(text).toContain('Carmen Ruiz Navarro');
      expect(text).toMatch(/Late \d+ h \d\d min/);
      expect(text).toContain('Out');
    }
    const href = await page.getAttribute('[data-testid=export-excel]', 'href');
    expect(href).toMatch(/^\/api\/attendances\/export\?/);
    expect(href).toContain('late=yes');
    expect(href).toContain('status=closed');
    expect(href).toContain('lang=en');
    const download = page.waitForEvent('download');
    await page.click('[data-testid=export-excel]');
    expect((await download).suggestedFilename()).toMatch(/^attendance-\d{4}-\d{2}-\d{2}\.xlsx$/);

    await page.selectOption('[data-testid=filter-late]', 'no');
    await page.fill('[data-testid=filter-from]', today);
    await page.fill('[data-testid=filter-to]', today);
    await page.selectOption('[data-testid=filter-status]', '');
    await page.selectOption('[data-testid=filter-employee]', '');
    await page.fill('[data-testid=table-search]', 'nobody with this name');
    // Polled: early in the day today's filters alone already empty the list ("Nothing matches these
    // filters"), so the table need not change again when the search applies.
    await expect.poll(() => page.textContent('[data-testid=table-empty]'), { timeout: 15_000 }).toContain('Nothing matches your search.');
    await changed(() => page.fill('[data-testid=table-search]', ''));
    await changed(() => page.fill('[data-testid=filter-from]', addDays(today, 5)));
    await changed(() => page.fill('[data-testid=filter-to]', addDays(today, 6)));
    expect(await page.textContent('[data-testid=table-empty]')).toContain('No attendance found!');
  });

  it('records an attendance by hand: time and reason required, rest days refused', async () => {
    await page.goto(`${server.url}/attendance`);
    await page.click('[data-testid=add-attendance]');
    await page.waitForURL('**/attendance-create');
    // Reached by a link, not goto: wait for the form's island to hydrate before pressing Save (on a
    // loaded machine a click on the inert server-rendered form was lost).
    await hydrated(page, '[data-testid=attendance-form]');
    await page.click('[data-testid=save]');
    expect(await page.textContent('#att-timeIn-error')).toBe('You must enter the time.');
    expect(await page.textContent('#att-reason-error')).toBe('The reason must be written.');

    await page.selectOption('#att-employee', { label: 'Carmen Ruiz Navarro' });
    await page.fill('#att-date', restDay);
    await page.fill('#att-timeIn', '09:15');
    await page.fill('#att-timeOut', '17:00');
    await page.fill('#att-breakIn', '13:00');
    await page.fill('#att-breakOut', '13:30');
    await page.fill('#att-reason', 'Badge reader broken; confirmed by the shop manager');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=form-error]');
    expect(await page.textContent('[data-testid=form-error]')).toMatch(/^This day .+ is a rest day for this employee\.$/);

    await page.fill('#att-date', workDay);
    await page.click('[data-testid=save]');
    await page.waitForURL('**/attendance');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Attendance created successfully!');
  });

  it('corrects it with a reason and shows the history of changes', async () => {
    await page.waitForSelector('tbody tr');
    await changed(() => page.selectOption('[data-testid=filter-employee]', { label: 'Carmen Ruiz Navarro' }));
    await changed(() => page.fill('[data-testid=filter-from]', workDay));
    await changed(() => page.fill('[data-testid=filter-to]', workDay));
    const shown = await rows();
    expect(shown).toHaveLength(1);
    expect(shown[0]).toContain('09:15');
    expect(shown[0]).toContain('7 h 15 min');
    expect(shown[0]).toContain('Badge reader broken');
    await page.click(`a[aria-label="Edit the attendance of Carmen Ruiz Navarro on ${shortDate(workDay)}"]`);
    await page.waitForURL('**/attendance-edit/*');
    await hydrated(page, '[data-testid=attendance-form]');
    expect(await page.textContent('[data-testid=fixed-employee]')).toBe('Carmen Ruiz Navarro');
    expect(await page.inputValue('#att-timeIn')).toBe('09:15');
    expect(await page.inputValue('#att-reason')).toBe('');
    expect(await page.$$eval('[data-testid=revision-row]', (r) => r.length)).toBe(1);

    await page.fill('#att-timeIn', '09:00');
    await page.click('[data-testid=save]');
    expect(await page.textContent('#att-reason-error')).toBe('The reason must be written.');
    await page.fill('#att-reason', 'Was on time: the badge reader started late');
    await page.click('[data-testid=save]');
    await page.waitForURL('**/attendance');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Attendance updated successfully!');

    await page.goBack();
    await page.reload();
    await page.waitForSelector('[data-testid=revision-history]');
    const history = await page.$$eval('[data-testid=revision-row]', (trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(history).toHaveLength(2);
    expect(history[0]).toContain('2');
    expect(history[0]).toContain('Current');
    expect(history[0]).toContain('Demo Administrator');
    expect(history[0]).toContain('09:00');
    expect(history[0]).toContain('Was on time: the badge reader started late');
    expect(history[1]).toContain('09:15');
    expect(history[1]).toContain('Badge reader broken; confirmed by the shop manager');
    expect(await page.inputValue('#att-timeIn')).toBe('09:00');
  });
});

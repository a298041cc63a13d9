import { mkdirSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';

/**
 * The payroll month page (issue 21.4, decision 052) in Chromium on the demo data: the table, the
 * two downloads of exactly the filters shown, in Spanish and English, light and dark, wide and
 * narrow (screenshots in PAYROLL_SHOTS, /tmp/payroll-shots by default).
 */
const SHOTS = process.env['PAYROLL_SHOTS'] ?? '/tmp/payroll-shots';
let session: E2eSession;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'es' });
}, 120_000);
afterAll(async () => {
  await session?.close();
});

describe('payroll month page', () => {
  it('lists the demo employees and downloads the csv and xlsx of the same filters', async () => {
    const { page, server } = session;
    await page.goto(`${server.url}/reports`);
    await page.getByTestId('report-link-payroll').click();
    await page.waitForURL(/\/reports\/payroll/);
    await expect.poll(() => page.getByTestId('payroll-table').locator('tbody tr').count()).toBeGreaterThan(3);
    expect(await page.getByTestId('page-title').textContent()).toBe('Nómina del mes');
    // The wide table scrolls sideways from the keyboard (issue 37.16, WCAG 2.1.1): its box is a
    // named region that takes the focus, and the arrow keys scroll it.
    const scroll = page.getByTestId('payroll-scroll');
    expect(await scroll.getAttribute('role')).toBe('region');
    expect(await scroll.getAttribute('tabindex')).toBe('0');
    expect(await scroll.getAttribute('aria-label')).toBe('Nómina del mes');
    await page.setViewportSize({ width: 390, height: 900 });
    await scroll.focus();
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('payroll-scroll');
    await page.keyboard.press('ArrowRight');
    await expect.poll(() => scroll.evaluate((el) => el.scrollLeft)).toBeGreaterThan(0);
    await page.setViewportSize({ width: 1280, height: 800 });
    const csvHref = await page.getByTestId('export-csv').getAttribute('href');
    const xlsxHref = await page.getByTestId('export-excel').getAttribute('href');
    expect(csvHref).toMatch(/^\/api\/reports\/payroll\/export\?month=\d{4}-\d{2}&format=csv&lang=es$/);
    const csv = await page.request.get(`${server.url}${csvHref}`);
    expect(csv.status()).toBe(200);
    expect((await csv.text()).split('\r\n')[0]).toContain('Horas ordinarias');
    const xlsx = await page.request.get(`${server.url}${xlsxHref}`);
    expect(xlsx.status()).toBe(200);
    expect(xlsx.headers()['content-type']).toContain('spreadsheetml');
    await shootWidthsAndThemes(page, SHOTS, 'payroll-es', { fullPage: true });
    await page.setExtraHTTPHeaders({ 'accept-language': 'en' });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.reload();
    await shootWidthsAndThemes(page, SHOTS, 'payroll-en', { fullPage: true });
  });
});

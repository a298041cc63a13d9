import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { signInDemo, startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { watchProblems, type PageProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 18.9 (decision 036) in the browser: an administrator creates a read-only link for the
 * labour inspectorate; a browser with no session opens it and sees an employee's monthly record.
 * Then the employee acknowledges their month, and the representatives' totals. Screenshots of
 * each new screen (es/en, light/dark, 1440/390 px) go to tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let session: E2eSession;
let server: TestServer;
let admin: Page;
let fresh: TestBrowser | undefined;
let adminProblems: () => Promise<PageProblems>;
const NONE: PageProblems = { console: [], pageErrors: [], csp: [] };

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'es-ES', preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page: admin } = session);
});
afterAll(async () => {
  await fresh?.close();
  await session?.close();
});

const setLanguage = (page: Page, lang: 'es' | 'en') => page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);

describe('the labour inspectorate link (issue 18.9)', () => {
  let url: string;

  it('an administrator creates it and sees the full address once', async () => {
    ({ take: adminProblems } = await watchProblems(admin));
    await admin.goto(`${server.url}/inspection-links`);
    await admin.waitForSelector('[data-testid=inspection-create]');
    await admin.fill('[data-testid=inspection-days]', '14');
    await admin.fill('[data-testid=inspection-label]', 'Requerimiento 2026/18');
    await admin.click('[data-testid=inspection-submit]');
    await admin.waitForSelector('[data-testid=inspection-url]');
    url = await admin.inputValue('[data-testid=inspection-url]');
    expect(url).toMatch(new RegExp(`^${server.url}/inspection/[A-Za-z0-9_-]{43}$`));
    await admin.waitForSelector('[data-testid=inspection-link-row]:has-text("Requerimiento 2026/18")');
    await shootWidthsAndThemes(admin, SHOTS, '18-inspection-links-es', { fullPage: true });
    expect(await adminProblems()).toEqual(NONE);
  });

  it('a browser without a session opens it and sees an employee’s monthly record', async () => {
    fresh = await launchBrowser({ locale: 'es-ES' });
    const inspector = await fresh.context.newPage();
    await inspector.setViewportSize({ width: 1440, height: 1000 });
    const { take } = await watchProblems(inspector);
    await inspector.goto(url);
    await inspector.waitForSelector('[data-testid=inspection-banner]');
    expect(await inspector.textContent('[data-testid=page-title]')).toContain('Inspección de Trabajo');
    const elena = await inspector.$eval('#filter-employee', (s: HTMLSelectElement) => [...s.options].find((o) => o.text.startsWith('Elena Ramos'))!.value);
    await inspector.selectOption('#filter-employee', elena);
    await inspector.click('[data-testid=apply-filters]');
    await inspector.waitForURL(`**/inspection/**employee=${elena}**`);
    await inspector.waitForSelector('[data-testid=monthly-record]');
    expect(await inspector.$$eval('[data-testid=monthly-record]', (r) => r.length)).toBe(1);
    expect(await inspector.textContent('[data-testid=record-employee]')).toContain('Elena Ramos');
    expect(await inspector.$('[data-testid=user-menu]')).toBeNull();
    await shootWidthsAndThemes(inspector, SHOTS, '18-inspection-record-es');
    await setLanguage(inspector, 'en');
    await inspector.reload();
    await inspector.waitForSelector('[data-testid=monthly-record]');
    expect(await inspector.textContent('[data-testid=page-title]')).toContain('Labour Inspectorate');
    await shootWidthsAndThemes(inspector, SHOTS, '18-inspection-record-en');
    // No console error, page error or CSP violation on the inspector's pages.
    expect(await take()).toEqual(NONE);
    await inspector.goto(`${server.url}/inspection/${'X'.repeat(43)}`);
    await inspector.waitForSelector('[data-testid=inspection-refused]');
    expect(await inspector.textContent('[data-testid=inspection-refused]')).toContain('This access link does not exist');
    await shootWidthsAndThemes(inspector, SHOTS, '18-inspection-refused-en');
    await inspector.close();

    // Every visit is on the administrator's list.
    await admin.reload();
    await admin.waitForSelector('[data-testid=inspection-link-row]');
    expect(Number(await admin.textContent('[data-testid=inspection-link-row]:has-text("Requerimiento 2026/18") [data-testid=inspection-uses]'))).toBe(3);
    await setLanguage(admin, 'en');
    await admin.reload();
    await admin.waitForSelector('[data-testid=inspection-link-row]');
    await shootWidthsAndThemes(admin, SHOTS, '18-inspection-links-en', { fullPage: true });
  });

  it('the inspector downloads the open export and the verifier page says it is intact (issue 38.6)', async () => {
    const inspector = await fresh!.context.newPage();
    await inspector.setViewportSize({ width: 1440, height: 1000 });
    const { take } = await watchProblems(inspector);
    await setLanguage(inspector, 'es');
    await inspector.goto(url);
    await inspector.waitForSelector('[data-testid=open-export]');
    await shootWidthsAndThemes(inspector, SHOTS, '38-inspection-open-export-es');
    const download = inspector.waitForEvent('download');
    await inspector.click('[data-testid=open-export-json]');
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^registro-jornada-\d{4}-\d{2}\.json$/);
    const saved = path.join(SHOTS, '..', `open-export-${Date.now()}.json`);
    await file.saveAs(saved);

    // The verifier beside it: the offline page, the export picked from disk, checked in the browser.
    expect(await inspector.getAttribute('[data-testid=open-export-verifier]', 'href')).toBe('/record-format/verify.html?lang=es');
    for (const lang of ['es', 'en'] as const) {
      await inspector.goto(`${server.url}/record-format/verify.html?lang=${lang}`);
      await inspector.setInputFiles('[data-testid=verifier-file]', saved);
      await expect.poll(() => inspector.textContent('[data-testid=verifier-verdict]'), { timeout: 30_000 }).toMatch(lang === 'es' ? /^Intacta: \d+ entradas/ : /^Intact: \d+ chain entries/);
      expect(await inspector.textContent('[data-testid=verifier-seal]')).toMatch(/[0-9a-f]{64}/);
      await shootWidthsAndThemes(inspector, SHOTS, `38-verifier-intact-${lang}`);
    }
    // One byte changed in the file: the page names the entry.
    const { readFileSync, writeFileSync } = await import('node:fs');
    const altered = saved.replace('.json', '-altered.json');
    writeFileSync(
      altered,
      readFileSync(saved, 'utf8').replace(/"name": "([^"]+)"/, (_m, name: string) => `"name": "${name}x"`),
    );
    await inspector.setInputFiles('[data-testid=verifier-file]', altered);
    await expect.poll(() => inspector.textContent('[data-testid=verifier-verdict]'), { timeout: 30_000 }).toMatch(/^Altered: /);
    expect(await inspector.textContent('[data-testid=verifier-problems]')).toMatch(/its content does not match its itemHash/);
    await shootWidthsAndThemes(inspector, SHOTS, '38-verifier-altered-en');
    expect(await take()).toEqual(NONE);
    await inspector.close();
  });

  it('the representatives’ totals show names and totals only', async () => {
    await admin.goto(`${server.url}/representatives`);
    await admin.waitForSelector('[data-testid=representative-totals]');
    expect(await admin.textContent('[data-testid=representative-totals]')).toContain('Elena Ramos');
    await shootWidthsAndThemes(admin, SHOTS, '18-representatives-en');
    await setLanguage(admin, 'es');
    await admin.reload();
    await admin.waitForSelector('[data-testid=representative-totals]');
    await shootWidthsAndThemes(admin, SHOTS, '18-representatives-es');
    expect(await adminProblems()).toEqual(NONE);
  });

  it('an employee acknowledges their month in the personal area once it has ended, and again after a change', async () => {
    const page = await fresh!.context.newPage();
    await page.setViewportSize({ width: 1440, height: 1000 });
    const { take } = await watchProblems(page);
    await setLanguage(page, 'es');
    await signInDemo(page, server.url, 'employee');
    await page.goto(`${server.url}/personal/attendance`);
    await page.waitForSelector('[data-testid=acknowledgement]');
    // The current month has not ended (decision 077): no button yet.
    expect(await page.$('[data-testid=acknowledge]')).toBeNull();
    const current = await page.inputValue('[data-testid=month]');
    const [y, m] = current.split('-').map(Number) as [number, number];
    const past = new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
    await page.goto(`${server.url}/personal/attendance?month=${past}`);
    await page.waitForSelector('[data-testid=acknowledge]');
    const pdfHref = await page.getAttribute('[data-testid=download-pdf]', 'href');
    expect(pdfHref).toBe(`/api/personal/attendance/pdf?month=${past}&lang=es`);
    // The link gives the employee's own month as a PDF.
    const pdf = await page.request.get(`${server.url}${pdfHref}`);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');
    await shootWidthsAndThemes(page, SHOTS, '18-acknowledge-before-es');
    await page.click('[data-testid=acknowledge]');
    await page.waitForSelector('[data-testid=acknowledged]');
    expect(await page.textContent('[data-testid=acknowledged]')).toContain('Confirmaste la recepción');
    await page.reload();
    await page.waitForSelector('[data-testid=acknowledged]');
    await page.waitForSelector('[data-testid=record-acknowledged]');
    await shootWidthsAndThemes(page, SHOTS, '18-acknowledged-es');
    await setLanguage(page, 'en');
    await page.reload();
    await page.waitForSelector('[data-testid=acknowledged]');
    await shootWidthsAndThemes(page, SHOTS, '18-acknowledged-en');

    // An administrator corrects a day of that month: the worker sees it and is asked again (issue 37.12).
    const own = (await (await admin.request.get(`${server.url}/api/employees?q=Javier%20Moreno&pageSize=1`)).json()).data[0]._id;
    const day = (await (await admin.request.get(`${server.url}/api/attendances?employee=${own}&from=${past}-01&to=${past}-28&pageSize=1`)).json()).data[0];
    const corrected = await admin.request.patch(`${server.url}/api/attendances/${day._id}`, { data: { timeIn: '07:30', timeOut: '18:30', reason: 'Corrección' } });
    expect(corrected.status()).toBe(200);
    await page.reload();
    await page.waitForSelector('[data-testid=receipt-changed]');
    expect(await page.textContent('[data-testid=receipt-changed]')).toContain('changed after receipt on');
    expect(await page.textContent('[data-testid=record-receipt-changed]')).toContain('changed after receipt on');
    await shootWidthsAndThemes(page, SHOTS, '37-receipt-changed-en');
    await setLanguage(page, 'es');
    await page.reload();
    await page.waitForSelector('[data-testid=receipt-changed]');
    await shootWidthsAndThemes(page, SHOTS, '37-receipt-changed-es', { fullPage: true });
    await page.click('[data-testid=acknowledge]');
    await page.waitForSelector('[data-testid=acknowledged]');
    await page.reload();
    await page.waitForSelector('[data-testid=acknowledged]');
    expect(await page.$('[data-testid=record-receipt-changed]')).toBeNull();
    expect(await take()).toEqual(NONE);
    await page.close();
  });
});

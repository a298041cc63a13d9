import { mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 18.8 and 18.10 in the browser (decision 035): the employee form asks the part-time
 * percentage only for part time and refuses it empty; the attendance edit sets the work mode and
 * the overtime compensation; the monthly record shows them with the tax ID and the SSN, offers
 * "Descargar PDF", and that PDF's first page is rendered to a PNG with pdf.js (from npm) to be
 * looked at. Screenshots under tests/.tmp/screenshots.
 */

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const PDFJS = path.join(ROOT, 'node_modules', 'pdfjs-dist', 'legacy', 'build');
let session: E2eSession;
let server: TestServer;
let page: Page;
let employeeId = 0;
let month = '';

async function api(method: string, url: string, data?: unknown) {
  const res = await page.request.fetch(`${server.url}${url}`, { method, ...(data ? { data } : {}), headers: { 'accept-language': 'es' } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'es-ES', preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page } = session);
  const company = (await api('GET', '/api/companies?pageSize=1')).data[0];
  await api('PATCH', `/api/companies/${company._id}`, { name: company.name, taxId: 'B-12345678' });
  // The demo employee of the Employee account: a month of clock days up to yesterday.
  const own = await page.request.get(`${server.url}/api/attendances?pageSize=1&sort=date&dir=desc`);
  const latest = (await own.json()).data[0];
  employeeId = latest.employee;
  month = latest.date.slice(0, 7);
});
afterAll(() => session?.close());

describe('the record content and its PDF (issue 18.8, 18.10)', () => {
  it('employee form: part time asks its percentage, and the SSN is kept', async () => {
    await page.goto(`${server.url}/employee-edit/${employeeId}`);
    await page.waitForSelector('[data-testid=employee-form]');
    expect(await page.$('#emp-partTimePercent')).toBeNull();
    await page.fill('#emp-socialSecurityNumber', '28 12345678 40');
    await page.selectOption('#emp-workingDayType', 'part-time');
    await page.waitForSelector('#emp-partTimePercent');
    await page.click('[data-testid=employee-form] button[type=submit]');
    await page.waitForSelector('#emp-partTimePercent-error');
    expect(await page.textContent('#emp-partTimePercent-error')).toBe('Indica el porcentaje de la jornada parcial (del 1 al 99).');
    await page.locator('#emp-partTimePercent').scrollIntoViewIfNeeded();
    await page.screenshot({ path: path.join(SHOTS, '18-employee-part-time-es-1440-light.png') });
    await page.fill('#emp-partTimePercent', '60');
    await page.click('[data-testid=employee-form] button[type=submit]');
    await page.waitForURL(`**/employee-details/${employeeId}`);
    // The details page shows them too.
    await page.waitForSelector('text=28/12345678/40');
    expect(await page.textContent('main')).toContain('Jornada parcial (60 %)');
    expect((await api('GET', `/api/employees/${employeeId}`)).data).toMatchObject({ socialSecurityNumber: '281234567840', workingDayType: 'part-time', partTimePercent: 60 });
  });

  it('attendance edit: a day marked remote with its overtime compensated with rest', async () => {
    const day = (await api('GET', `/api/attendances?employee=${employeeId}&pageSize=1&sort=date&dir=desc`)).data[0];
    await page.goto(`${server.url}/attendance-edit/${day._id}`);
    await page.waitForSelector('[data-testid=attendance-form]');
    expect(await page.inputValue('#att-workMode')).toBe('on-site');
    await page.selectOption('#att-workMode', 'remote');
    await page.selectOption('#att-overtimeCompensation', 'rest');
    await page.fill('#att-reason', 'Teletrabajo acordado');
    await shootWidthsAndThemes(page, SHOTS, '18-attendance-edit-marks-es');
    await page.click('[data-testid=save]');
    await page.waitForURL('**/attendance');
    expect((await api('GET', `/api/attendances/${day._id}`)).data).toMatchObject({ workMode: 'remote', overtimeCompensation: 'rest' });
  });

  it('the company list shows the tax ID', async () => {
    await page.goto(`${server.url}/company`);
    await page.waitForSelector('text=B12345678');
    await shootWidthsAndThemes(page, SHOTS, '18-company-tax-id-es');
  });

  for (const lang of ['es', 'en'] as const) {
    it(`the monthly record (${lang}) prints tax ID, SSN, working day, work mode, and offers the PDF`, async () => {
      await page.goto(`${server.url}/reports/employee-attendance?view=record&month=${month}&employee=${employeeId}&lang=${lang}`);
      await page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);
      await page.reload();
      await page.waitForSelector('[data-testid=monthly-record]');
      expect(await page.textContent('[data-testid=record-ssn]')).toBe('28/12345678/40');
      expect(await page.textContent('[data-testid=record-tax-id]')).toBe('B12345678');
      expect(await page.textContent('[data-testid=record-working-day]')).toBe(lang === 'es' ? 'Jornada parcial (60 %)' : 'Part time (60 %)');
      expect(await page.$$eval('[data-work-mode=remote]', (cells) => cells.map((c) => c.textContent))).toEqual([lang === 'es' ? 'A distancia' : 'Remote']);
      const href = await page.getAttribute('[data-testid=download-pdf]', 'href');
      expect(href).toContain('/api/reports/monthly-record/pdf?');
      expect(href).toContain(`lang=${lang}`);
      await shootWidthsAndThemes(page, SHOTS, `18-monthly-record-${lang}`, { fullPage: true });

      // The PDF behind the button, its first page drawn by pdf.js in the browser to a PNG.
      const res = await page.request.get(`${server.url}${href}`);
      expect(res.headers()['content-type']).toBe('application/pdf');
      const bytes = await res.body();
      writeFileSync(path.join(SHOTS, `18-monthly-record-${lang}.pdf`), bytes);
      const png = await renderFirstPage(bytes);
      writeFileSync(path.join(SHOTS, `18-monthly-record-pdf-${lang}.png`), png);
      expect(png.length).toBeGreaterThan(10_000);
    });
  }
});

/** Draws page 1 of a PDF with pdf.js (served from node_modules on a made-up origin) and answers a PNG. */
async function renderFirstPage(pdf: Buffer): Promise<Buffer> {
  const viewer = await page.context().newPage();
  try {
    // The drawing runs in the page's own module script (this file's code is transformed by vite).
    const html = `<!doctype html><canvas id="c"></canvas><script type="module">
      import * as pdfjs from 'http://pdfjs.test/pdf.mjs';
      pdfjs.GlobalWorkerOptions.workerSrc = 'http://pdfjs.test/pdf.worker.mjs';
      const doc = await pdfjs.getDocument({ url: 'http://pdfjs.test/record.pdf' }).promise;
      const first = await doc.getPage(1);
      const viewport = first.getViewport({ scale: 2 });
      const canvas = document.getElementById('c');
      canvas.width = viewport.width;
      canvas.height = viewport.height;
      await first.render({ canvas, canvasContext: canvas.getContext('2d'), viewport }).promise;
      window.rendered = canvas.toDataURL('image/png');
    </script>`;
    await viewer.route('http://pdfjs.test/**', (route) => {
      const name = new URL(route.request().url()).pathname.slice(1);
      if (name === 'index.html') return route.fulfill({ contentType: 'text/html', body: html });
      if (name === 'record.pdf') return route.fulfill({ contentType: 'application/pdf', body: pdf });
      return route.fulfill({ contentType: 'text/javascript', body: readFileSync(path.join(PDFJS, name)) });
    });
    await viewer.goto('http://pdfjs.test/index.html');
    const dataUrl = (await (await viewer.waitForFunction(() => (window as unknown as { rendered?: string }).rendered, undefined, { timeout: 30_000 })).jsonValue()) as string;
    return Buffer.from(dataUrl.split(',')[1]!, 'base64');
  } finally {
    await viewer.close();
  }
}

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signInDemo, startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 21 point 1 in the browser (decision 049): the leave type form's time-off-in-lieu choice,
 * the hours balance report, the employees list's column, the attendance edit refusing paid
 * overtime beyond 80 h and then taking the explicit override, and the employee's own card.
 * Screenshots (es/en, light/dark, 1440/390 px) under tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let session: E2eSession;
let server: TestServer;
let page: Page;
let bruno = 0;
let ninth = 0;

async function api(method: string, url: string, data?: unknown) {
  const res = await page.request.fetch(`${server.url}${url}`, { method, ...(data ? { data } : {}), headers: { 'accept-language': 'es' } });
  expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
  return res.json();
}

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'es-ES', preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page } = session);
  // Bruno: 80 h of paid overtime in January 2026 (eight days of 18 h on an 8 h schedule), and a ninth day unmarked.
  const first = (await api('GET', '/api/employees?pageSize=1')).data[0];
  bruno = (
    await api('POST', '/api/employees', {
      firstName: 'Bruno',
      lastName: 'Tope Horas',
      gender: 'male',
      email: 'bruno.tope@example.com',
      nationalId: 'TH-1',
      company: first.company,
      department: first.department,
      jobTitle: first.jobTitle,
      leaveGroup: first.leaveGroup,
      employmentType: 'regular',
      pin: '88200001',
    })
  ).data._id;
  await api('POST', '/api/schedules', { employee: bruno, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01' });
  for (const date of ['2026-01-05', '2026-01-06', '2026-01-07', '2026-01-08', '2026-01-09', '2026-01-12', '2026-01-13', '2026-01-14']) {
    await api('POST', '/api/attendances', { employee: bruno, date, timeIn: '05:00', timeOut: '23:00', reason: 'Campaña', overtimeCompensation: 'paid' });
  }
  ninth = (await api('POST', '/api/attendances', { employee: bruno, date: '2026-01-15', timeIn: '09:00', timeOut: '19:00', reason: 'Campaña' })).data._id;
}, 120_000);
afterAll(() => session?.close());

describe('hours balance in the browser (issue 21.1)', () => {
  it('the leave type form offers time off in lieu', async () => {
    await page.goto(`${server.url}/leavetype`);
    await page.click('text=Añadir');
    await page.waitForSelector('select[id$=drawsFromBalance]');
    await page.fill('input[id$=name]', 'Compensación de horas');
    await page.selectOption('select[id$=drawsFromBalance]', 'true');
    await shootWidthsAndThemes(page, SHOTS, '21-leave-type-toil-es');
    await page.keyboard.press('Enter');
    await page.waitForSelector('text=Sí: descuenta de la bolsa de horas');
    const types = (await api('GET', '/api/leave-types?pageSize=100')).data;
    expect(types.find((t: any) => t.name === 'Compensación de horas')).toMatchObject({ drawsFromBalance: true });
  });

  it('the report and the employees list show the balance', async () => {
    await page.goto(`${server.url}/reports/hours-balance`);
    await page.waitForSelector('[data-testid=hours-balance-hint]');
    expect(await page.textContent('main')).toContain('Bruno Tope Horas');
    expect(await page.textContent('main')).toContain('Límite alcanzado');
    await shootWidthsAndThemes(page, SHOTS, '21-hours-balance-report-es');
    await page.goto(`${server.url}/employees`);
    await page.waitForSelector('[data-testid=employee-hours-balance]');
    await shootWidthsAndThemes(page, SHOTS, '21-employees-balance-es');
  });

  it('marking paid beyond 80 h is refused; the override with a reason goes through', async () => {
    await page.goto(`${server.url}/attendance-edit/${ninth}`);
    await page.waitForSelector('[data-testid=attendance-form]');
    await page.selectOption('#att-overtimeCompensation', 'paid');
    await page.fill('#att-reason', 'Pagar las horas');
    await page.click('[data-testid=save]');
    await page.waitForSelector('[data-testid=overtime-cap-override]');
    expect(await page.textContent('[data-testid=form-error]')).toContain('80 h al año');
    await page.check('[data-testid=overtime-cap-override] input[type=checkbox]');
    await page.click('[data-testid=save]');
    await page.waitForSelector('#att-overtimeCapReason-error');
    await page.fill('#att-overtimeCapReason', 'Reparación urgente (art. 35.3 ET)');
    await page.locator('[data-testid=overtime-cap-override]').scrollIntoViewIfNeeded();
    await shootWidthsAndThemes(page, SHOTS, '21-attendance-cap-override-es');
    await page.click('[data-testid=save]');
    await page.waitForURL('**/attendance');
    expect((await api('GET', `/api/attendances/${ninth}`)).data).toMatchObject({ overtimeCompensation: 'paid' });
  });

  it('the employee sees their own balance card (es, en)', async () => {
    const own = await session.browser.newContext({ locale: 'en-GB' });
    const p = await own.newPage();
    await p.setViewportSize({ width: 1440, height: 1000 });
    await signInDemo(p, server.url, 'employee');
    await p.goto(`${server.url}/personal/dashboard`);
    await p.waitForSelector('[data-testid=my-hours-balance]');
    expect(await p.textContent('[data-testid=my-hours-balance]')).toContain('Hours balance');
    await shootWidthsAndThemes(p, SHOTS, '21-personal-balance-en', { fullPage: true });
    await own.close();
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { signInDemo } from '../helpers/e2e-session.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Request → approval → visible to the employee, in two browsers: employee@demo.jornada (employee 2,
 * resting on Sunday and Monday) and admin@demo.jornada. Dates in 2030, clear of the demo's leave.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let server: TestServer;
let employeeBrowser: TestBrowser;
let adminBrowser: TestBrowser;
let employee: Page;
let admin: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  server = await startServer({ args: ['--demo'] });
  [employeeBrowser, adminBrowser] = await Promise.all([launchBrowser({ locale: 'en-GB' }), launchBrowser({ locale: 'en-GB' })]);
  employee = await employeeBrowser.context.newPage();
  admin = await adminBrowser.context.newPage();
  await admin.setViewportSize({ width: 1280, height: 1000 });
  await signInDemo(employee, server.url, 'employee');
  await signInDemo(admin, server.url, 'admin');
});
afterAll(async () => {
  await employeeBrowser?.close();
  await adminBrowser?.close();
  await server?.stop();
});

/** The list row whose text contains `text`. */
const row = (page: Page, text: string) => page.locator('tbody tr', { hasText: text });

async function request(page: Page, type: string, from: string, to: string, reason: string): Promise<void> {
  await page.goto(`${server.url}/personal/leave-create`);
  await page.waitForSelector('[data-testid=leave-form]');
  await page.selectOption('#leave-leaveType', { label: type });
  await page.fill('#leave-from', from);
  await page.fill('#leave-to', to);
  await page.fill('#leave-reason', reason);
}

/** Full-page screenshots in light and dark mode (the mode class set directly, as the theme does). */
async function shoot(page: Page, name: string): Promise<void> {
  for (const mode of ['light', 'dark'] as const) {
    await page.evaluate((dark) => {
      document.documentElement.classList.toggle('dark', dark);
      document.documentElement.classList.toggle('light', !dark);
    }, mode === 'dark');
    await page.screenshot({ path: path.join(SHOTS, `${name}-${mode}.png`), fullPage: true });
  }
  await page.evaluate(() => {
    document.documentElement.classList.remove('dark');
    document.documentElement.classList.add('light');
  });
}

describe('leave in the browser', () => {
  let reviewUrl = '';

  it('the employee requests leave: working days and return date previewed from the schedule', async () => {
    await request(employee, 'Vacaciones', '2030-03-05', '2030-03-09', 'Semana en Oporto');
    // Tuesday to Saturday; Sunday and Monday are rest days, so back on Tuesday 12 March.
    await employee.waitForFunction(() => document.querySelector('[data-testid=leave-days]')?.textContent === 'Working days: 5');
    // (Chromium's and Node's ICU differ on the comma after the weekday.)
    expect(await employee.textContent('[data-testid=leave-return]')).toMatch(/^Tuesday,? 12 March 2030$/);
    expect(await employee.textContent('#leave-leaveType-hint')).toBe('2030: 22 of 22 days left');
    await shoot(employee, 'leave-request-en');
    await employee.click('[data-testid=save]');
    await employee.waitForURL('**/personal/leave');
    await employee.waitForSelector('[data-sonner-toast]:has-text("Leave created successfully!")');
    await row(employee, '05/03/2030').waitFor();
    expect(await row(employee, '05/03/2030').textContent()).toContain('Pending');
  });

  it('refuses an overlapping request with the reason in the form', async () => {
    await request(employee, 'Asuntos propios', '2030-03-10', '2030-03-11', 'Médico');
    await employee.waitForSelector('[data-testid=leave-no-days]');
    await employee.fill('#leave-from', '2030-03-08');
    await employee.fill('#leave-to', '2030-03-08');
    await employee.click('[data-testid=save]');
    await employee.waitForSelector('[role=alert]');
    expect(await employee.textContent('[role=alert]')).toBe('These dates overlap another leave request (05/03/2030 – 09/03/2030).');
    expect(await employee.textContent('#leave-from-error')).toBe('Overlaps another request');
  });

  it('the admin finds the request with the filters and approves it with a comment', async () => {
    await admin.goto(`${server.url}/leave-list`);
    await admin.waitForSelector('tbody tr');
    await admin.selectOption('[data-testid=filter-status]', 'pending');
    await admin.selectOption('[data-testid=filter-employee]', { label: 'Javier Moreno Gil' });
    await admin.fill('[data-testid=filter-from]', '2030-01-01');
    await admin.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1 && document.querySelector('tbody')!.textContent!.includes('05/03/2030'));
    expect(await admin.textContent('tbody')).toContain('Semana en Oporto');
    await shoot(admin, 'leave-list-en');
    await row(admin, '05/03/2030').locator('[data-testid=review-leave]').click();
    await admin.waitForURL('**/leave-edit/*');
    reviewUrl = admin.url();
    expect(await admin.textContent('[data-testid=leave-reason]')).toBe('Semana en Oporto');
    expect(await admin.textContent('[data-testid=leave-request]')).toMatch(/Tuesday,? 12 March 2030/);
    expect(await admin.locator('[data-testid=leave-balances] [data-type="Vacaciones"] [data-testid=balance-pending]').textContent()).toBe('5');
    await admin.waitForSelector('[data-testid=decision-form] button[data-testid=approve]:not([disabled])');
    await shoot(admin, 'leave-review-en');
    await admin.fill('#leave-comment', 'Have a good trip!');
    await admin.click('[data-testid=approve]');
    await admin.waitForURL('**/leave-list');
    await admin.waitForSelector('[data-sonner-toast]:has-text("Leave updated successfully!")');
  });

  it('the employee sees the approval and the comment, and can no longer change the request', async () => {
    await employee.goto(`${server.url}/personal/leave?year=2030`);
    await row(employee, '05/03/2030').waitFor();
    const approved = row(employee, '05/03/2030');
    expect(await approved.locator('[data-testid=leave-status]').textContent()).toBe('Approved');
    expect(await approved.locator('[data-testid=leave-comment]').textContent()).toBe('Have a good trip!');
    expect(await approved.textContent()).toContain('Demo Administrator');
    expect(await approved.locator('[data-testid=edit-leave]').count()).toBe(0);
    expect(await approved.locator('[data-testid=withdraw-leave]').count()).toBe(0);
    const vacation = employee.locator('[data-testid=leave-balances] [data-type="Vacaciones"]');
    expect(await vacation.locator('[data-testid=balance-taken]').textContent()).toBe('5');
    expect(await vacation.locator('[data-testid=balance-remaining]').textContent()).toBe('17');
    await shoot(employee, 'leave-mine-en');
  });

  it('the employee withdraws a pending request ("Leave discarded!")', async () => {
    await request(employee, 'Asuntos propios', '2030-04-02', '2030-04-02', 'Gestiones');
    await employee.click('[data-testid=save]');
    await employee.waitForURL('**/personal/leave');
    await row(employee, '02/04/2030').waitFor();
    await row(employee, '02/04/2030').locator('[data-testid=withdraw-leave]').click();
    expect(await employee.textContent('dialog[open]')).toContain('Withdraw your “Asuntos propios” request for 02/04/2030?');
    await employee.click('[data-testid=confirm-withdraw]');
    await employee.waitForSelector('[data-sonner-toast]:has-text("Leave discarded!")');
    await employee.waitForFunction(() => !document.querySelector('tbody')!.textContent!.includes('02/04/2030'));
  });

  it('looks right in Spanish too (screenshots)', async () => {
    for (const [browser, page] of [
      [employeeBrowser, employee],
      [adminBrowser, admin],
    ] as const) {
      await browser.context.addCookies([{ name: 'lang', value: 'es', url: server.url }]);
      await page.goto(server.url + '/access-denied');
      await page.evaluate(() => localStorage.setItem('lang', 'es'));
    }
    await employee.goto(`${server.url}/personal/leave?year=2030`);
    await row(employee, '05/03/2030').waitFor();
    expect(await row(employee, '05/03/2030').locator('[data-testid=leave-status]').textContent()).toBe('Aprobada');
    expect(await employee.textContent('#balances-2030')).toBe('Mi saldo de 2030');
    await shoot(employee, 'leave-mine-es');
    await request(employee, 'Vacaciones', '2030-05-07', '2030-05-08', 'Boda de mi prima');
    await employee.waitForFunction(() => document.querySelector('[data-testid=leave-days]')?.textContent === 'Días laborables: 2');
    expect(await employee.textContent('[data-testid=leave-return]')).toMatch(/^jueves,? 9 de mayo de 2030$/);
    await shoot(employee, 'leave-request-es');
    await admin.goto(`${server.url}/leave-list`);
    await admin.waitForSelector('tbody tr');
    await shoot(admin, 'leave-list-es');
    await admin.goto(reviewUrl);
    await admin.waitForSelector('[data-testid=decision-form] button[data-testid=approve]:not([disabled])');
    expect(await admin.textContent('[data-testid=leave-request] [data-testid=leave-status]')).toBe('Aprobada');
    await shoot(admin, 'leave-review-es');
  });
});

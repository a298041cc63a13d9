import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';

let server: TestServer;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ server, page } = session);
});
afterAll(() => session?.close());

describe('schedules in the browser', () => {
  it('creates a schedule with the spec messages first, and lists it as current', async () => {
    await page.goto(`${server.url}/schedule-create`);
    await page.waitForSelector('[data-testid=schedule-form]');
    await page.fill('#shift-totalHours', '');
    await page.click('[data-testid=schedule-form] button[type=submit]');
    expect(await page.textContent('#shift-employee-error')).toBe('Please fill out all fields');
    expect(await page.textContent('#shift-totalHours-error')).toBe('This field is required');
    await page.selectOption('#shift-employee', { index: 1 });
    const employee = (await page.$eval('#shift-employee', (s: HTMLSelectElement) => s.selectedOptions[0]!.textContent!)).split(' · ')[0]!;
    await page.fill('#shift-startTime', '06:30');
    await page.fill('#shift-offTime', '14:30');
    await page.focus('#shift-totalHours');
    expect(await page.inputValue('#shift-totalHours')).toBe('8');
    await page.fill('#shift-fromDate', '2030-02-04');
    await page.click('[data-testid=schedule-form] button[type=submit]');
    await page.waitForURL('**/schedule');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Schedule created successfully!');
    await page.fill('[data-testid=table-search]', employee);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1);
    expect(await page.textContent('tbody')).toContain('06:30–14:30');
  });

  it('assigns a schedule to a department', async () => {
    await page.fill('[data-testid=table-search]', '');
    await page.click('[data-testid=assign-department]');
    await page.selectOption('#assign-department', { label: 'Administración' });
    await page.fill('#shift-startTime', '08:00');
    await page.fill('#shift-offTime', '15:00');
    await page.fill('#shift-totalHours', '7');
    await page.fill('#shift-fromDate', '2031-03-03');
    await page.click('[data-testid=assign-form] button[type=submit]');
    await page.waitForSelector('[data-sonner-toast]:has-text("Schedule assigned to")');
  });
});

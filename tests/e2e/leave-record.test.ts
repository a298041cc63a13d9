import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';

/** Issue 17.9: from an employee's details, an admin records an absence that is approved at once. */

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let server: TestServer;
let page: Page;
let session: E2eSession;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({
    account: 'admin',
    locale: 'es-ES',
    preparePage: async (p) => {
      await p.setViewportSize({ width: 1440, height: 1000 });
    },
  });
  ({ server, page } = session);
});
afterAll(() => session?.close());

/** Light and dark, 1440 px and 390 px wide. */
const shoot = (name: string) => shootWidthsAndThemes(page, SHOTS, `17-${name}-es`);

describe('an admin records an absence (issue 17.9)', () => {
  it('from the employee details to the leave list, approved at once', async () => {
    await page.goto(`${server.url}/employee-details/3`);
    await page.click('[data-testid=record-absence-link]');
    await page.waitForURL('**/leave-list?record=3');
    await page.waitForSelector('[data-testid=leave-record-form]');
    expect(await page.inputValue('#record-employee')).toBe('3');
    const employeeName = await page.$eval('#record-employee', (s: HTMLSelectElement) => s.selectedOptions[0]!.textContent!);
    await page.selectOption('#record-leaveType', { label: 'Baja médica' });
    await page.fill('#record-from', '2032-09-07');
    await page.fill('#record-to', '2032-09-08');
    await page.fill('#record-reason', 'Gripe, con parte médico');
    await shoot('leave-record');
    await page.click('[data-testid=save-record]');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('Ausencia registrada y aprobada.');
    expect(await page.isVisible('[data-testid=leave-record-form]')).toBe(false);

    await page.selectOption('[data-testid=filter-employee]', '3');
    await page.fill('[data-testid=filter-from]', '2032-09-01');
    await page.fill('[data-testid=filter-to]', '2032-09-30');
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length === 1 && document.querySelector('tbody')!.textContent!.includes('Baja médica'));
    const row = await page.textContent('tbody tr');
    expect(row).toContain(employeeName.split(' ')[0]!);
    expect(row).toContain('Aprobada');
  });

  it('shows the server refusal in the form (an overlap) and keeps it open', async () => {
    await page.click('[data-testid=record-absence]');
    await page.waitForSelector('[data-testid=leave-record-form]');
    await page.selectOption('#record-employee', '3');
    await page.selectOption('#record-leaveType', { label: 'Vacaciones' });
    await page.fill('#record-from', '2032-09-08');
    await page.fill('#record-to', '2032-09-08');
    await page.fill('#record-reason', 'Otro');
    await page.click('[data-testid=save-record]');
    await page.waitForSelector('[data-testid=leave-record-form] [role=alert]');
    expect(await page.textContent('[data-testid=leave-record-form] [role=alert]')).toContain('se solapan');
  });
});

import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';

/**
 * Issue 17.6 and 17.7 in the Spanish UI: rest days in week order and none ticked in a new
 * schedule; roles say what they grant; built-in role names translated; one-item plurals.
 */

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
const shoot = (name: string) => shootWidthsAndThemes(page, SHOTS, `17-${name}-es`, { fullPage: true });

describe('figures and language (issue 17.6, 17.7)', () => {
  it('a new schedule starts with no rest day ticked; rest days show Monday first', async () => {
    await page.goto(`${server.url}/schedule-create`);
    await page.waitForSelector('[data-testid=schedule-form]');
    const ticked = await page.$$eval('[data-testid=schedule-form] input[type=checkbox]:checked', (boxes) => boxes.length);
    expect(ticked).toBe(0);
    const order = await page.$$eval('[data-testid=schedule-form] fieldset input[type=checkbox]', (boxes) => boxes.map((b) => (b as HTMLInputElement).value));
    expect(order).toEqual(['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday']);

    await page.selectOption('#shift-employee', { index: 1 });
    const employee = (await page.$eval('#shift-employee', (s: HTMLSelectElement) => s.selectedOptions[0]!.textContent!)).split(' · ')[0]!;
    // Ticked Sunday first: still shown "sábado, domingo".
    await page.check('[data-testid=schedule-form] input[value=Sunday]');
    await page.check('[data-testid=schedule-form] input[value=Saturday]');
    await page.fill('#shift-fromDate', '2033-01-03');
    await page.click('[data-testid=schedule-form] button[type=submit]');
    await page.waitForURL('**/schedule');
    await page.fill('[data-testid=table-search]', employee);
    await page.waitForFunction(() => document.querySelectorAll('tbody tr').length >= 1 && !document.querySelector('tbody')!.textContent!.includes('domingo, sábado'));
    const rows = await page.$$eval('tbody tr', (trs) => trs.map((tr) => tr.textContent ?? ''));
    expect(rows.some((r) => r.includes('sábado, domingo'))).toBe(true);
    expect(rows.some((r) => r.includes('domingo, sábado'))).toBe(false);
  });

  it('roles: built-in names in Spanish, and what each role grants', async () => {
    await page.goto(`${server.url}/users`);
    await page.waitForSelector('tbody tr');
    expect(await page.textContent('tbody')).toContain('Administrador');
    // The role column, not the demo user called "Demo Administrator".
    expect(await page.textContent('tbody')).not.toMatch(/Administrator(?!admin@)|Employee/);

    await page.click('[data-testid=tab-roles]');
    await page.waitForSelector('#panel-roles tbody tr');
    await page.click('[data-testid=add-role]');
    await page.waitForSelector('[data-testid=permissions-matrix]');
    await page.fill('#role-name', 'Solo consulta');
    await page.check('[data-testid=matrix-column-read]');
    await page.click('[data-testid=role-form] button[type=submit]');
    await page.waitForSelector('#panel-roles tbody tr:has-text("Solo consulta")');

    const row = (name: string) => page.textContent(`#panel-roles tbody tr:has-text("${name}")`);
    expect(await row('Administrador')).toContain('Todas las acciones en las 15 áreas');
    expect(await row('Empleado')).toContain('Modifica 1 área · solo lee 2 más');
    expect(await row('Solo consulta')).toContain('Solo lectura: 15 áreas');
    expect(await page.textContent('#panel-roles tbody')).not.toMatch(/\b\d+ de 15 áreas|Administrator|Employee|Representatives\b/);
    await shoot('roles');
  });

  it('one selected employee is "1 seleccionado", two are "2 seleccionados"', async () => {
    await page.goto(`${server.url}/employees`);
    await page.waitForSelector('tbody tr input[type=checkbox]');
    const boxes = page.locator('tbody tr input[type=checkbox]');
    await boxes.nth(0).check();
    await page.waitForSelector('[data-testid=bulk-bar]');
    expect(await page.textContent('[data-testid=bulk-bar]')).toContain('1 seleccionado');
    expect(await page.textContent('[data-testid=bulk-bar]')).not.toContain('1 seleccionados');
    await boxes.nth(1).check();
    await page.waitForFunction(() => document.querySelector('[data-testid=bulk-bar]')?.textContent?.includes('2 seleccionados'));
    await boxes.nth(1).uncheck();
    await page.waitForFunction(() => document.querySelector('[data-testid=bulk-bar]')?.textContent?.includes('1 seleccionado'));
    await page.click('[data-testid=bulk-archive]');
    await page.waitForSelector('[data-sonner-toast]');
    expect(await page.textContent('[data-sonner-toast]')).toContain('1 empleado archivado.');
  });
});

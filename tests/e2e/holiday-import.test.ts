import { mkdirSync } from 'node:fs';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { LANGUAGE_COOKIE } from '../../src/i18n/languages.ts';

/**
 * Issue 21.5 in the browser (decision 053): the public holiday import on /holidays — preview,
 * import, the list refreshed — and the leave type form's accrual and carry-over fields.
 * Screenshots under tests/.tmp/screenshots (es and en, light and dark, 1440 and 390 px).
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
let session: E2eSession;
let server: TestServer;
let page: Page;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  session = await startDemoSession({ account: 'admin', locale: 'es-ES', preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page } = session);
});
afterAll(() => session?.close());

const setLanguage = async (lang: 'es' | 'en') => {
  await page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: server.url }]);
};

describe('public holiday import (issue 21.5)', () => {
  for (const [lang, year, confirm, imported] of [
    ['es', '2031', 'Importar los nuevos (12)', 'Festivos importados: 12'],
    ['en', '2030', 'Import the new ones (12)', 'Holidays imported: 12'],
  ] as const) {
    it(`previews and imports Madrid's public holidays (${lang})`, async () => {
      await setLanguage(lang);
      await page.goto(`${server.url}/holidays`);
      await page.click('[data-testid=holiday-import] summary');
      await page.waitForSelector('#import-region option[value=MD]', { state: 'attached' });
      await page.selectOption('#import-region', 'MD');
      await page.fill('#import-year', year);
      await page.click('[data-testid=import-preview]');
      await page.waitForSelector('[data-testid=import-row]');
      expect(await page.locator('[data-testid=import-row][data-status=new]').count()).toBe(12);
      expect(await page.textContent('[data-testid=import-confirm]')).toBe(confirm);
      await shootWidthsAndThemes(page, SHOTS, `21-holiday-import-${lang}`, { fullPage: true });
      await page.click('[data-testid=import-confirm]');
      await page.waitForSelector(`text=${imported}`);
      // The list below refreshed with them (sorted by date: the year imported last is the earliest), and the plan is gone.
      await page.waitForSelector(`td:has-text("${year}")`);
      expect(await page.locator('[data-testid=import-plan]').count()).toBe(0);
      // Previewing again: everything is already there, nothing to import.
      await page.click('[data-testid=import-preview]');
      await page.waitForSelector('[data-testid=import-row]');
      expect(await page.locator('[data-testid=import-row][data-status=exists]').count()).toBe(12);
      expect(await page.locator('[data-testid=import-confirm]').count()).toBe(0);
    });
  }

  for (const [lang, valencia, britain, dayName] of [
    ['es', 'Comunitat Valenciana', 'Reino Unido', 'Día de la Comunitat Valenciana'],
    ['en', 'Comunitat Valenciana', 'United Kingdom', 'Valencian Community Day'],
  ] as const) {
    it(`Comunitat Valenciana 2026 from the official table, places named for the user (issue 37.4, ${lang})`, async () => {
      await setLanguage(lang);
      await page.goto(`${server.url}/holidays`);
      await page.click('[data-testid=holiday-import] summary');
      await page.waitForSelector('#import-region option[value=VC]', { state: 'attached' });
      // Countries in the user's language; Spain's communities by their Spanish names in both.
      expect(await page.textContent('#import-country option[value=GB]')).toBe(britain);
      expect(await page.textContent('#import-region option[value=VC]')).toBe(valencia);
      expect(await page.textContent('#import-region option[value=MC]')).toBe('Región de Murcia');
      await page.selectOption('#import-region', 'VC');
      await page.fill('#import-year', '2026');
      await page.click('[data-testid=import-preview]');
      const october9 = page.locator('[data-testid=import-row][data-date="2026-10-09"]');
      await october9.waitFor();
      expect(await october9.textContent()).toContain(dayName);
      expect(await page.locator('[data-testid=import-row]').count()).toBe(12);
      // 1 November falls on a Sunday and Valencia gave the day to another fiesta: not listed.
      expect(await page.locator('[data-testid=import-row][data-date="2026-11-01"]').count()).toBe(0);
      await october9.scrollIntoViewIfNeeded();
      await shootWidthsAndThemes(page, SHOTS, `37-holiday-import-valencia-2026-${lang}`, { fullPage: true });
    });
  }

  it('shows the field problem of a bad year', async () => {
    await setLanguage('es');
    await page.goto(`${server.url}/holidays`);
    await page.click('[data-testid=holiday-import] summary');
    await page.fill('#import-year', '1800');
    await page.click('[data-testid=import-preview]');
    await page.waitForSelector('[data-testid=import-error-year]');
    expect(await page.textContent('[data-testid=import-error-year]')).toBe('Indica un año entre 1970 y 2100');
  });

  it('leave type form: accrual and carry-over, refused when the expiry is not MM-DD', async () => {
    await setLanguage('es');
    await page.goto(`${server.url}/leavetype?new=1`);
    await page.waitForSelector('#org-carryOverExpiry');
    await page.fill('#org-name', 'Vacaciones devengadas');
    await page.fill('#org-daysPerYear', '22');
    await page.fill('#org-accrualDaysPerMonth', '1.83');
    await page.fill('#org-carryOverMaxDays', '5');
    await page.fill('#org-carryOverExpiry', '31-03');
    await page.locator('#org-carryOverExpiry').press('Enter');
    await page.waitForSelector('#org-carryOverExpiry-error');
    expect(await page.textContent('#org-carryOverExpiry-error')).toContain('MM-DD');
    await shootWidthsAndThemes(page, SHOTS, '21-leave-type-accrual-es');
    await page.fill('#org-carryOverExpiry', '03-31');
    await page.locator('#org-carryOverExpiry').press('Enter');
    await page.waitForSelector('td:has-text("Vacaciones devengadas")');
  });

  it("the review page shows the year's days and those carried over with their expiry", async () => {
    await setLanguage('es');
    const call = async (method: string, url: string, data?: unknown) => {
      const res = await page.request.fetch(`${server.url}${url}`, { method, ...(data ? { data } : {}), headers: { 'accept-language': 'es' } });
      expect(res.status(), `${method} ${url}: ${await res.text()}`).toBeLessThan(300);
      return res.json();
    };
    const employee = (await call('GET', '/api/employees?q=Javier%20Moreno&pageSize=1')).data[0];
    const company = employee.company;
    const type = (await call('POST', '/api/leave-types', { name: 'Vacaciones con arrastre', company, daysPerYear: 22, carryOverMaxDays: 5, carryOverExpiry: '03-31' })).data._id;
    const group = (await call('GET', `/api/leave-groups/${employee.leaveGroup}`)).data;
    await call('PATCH', `/api/leave-groups/${group._id}`, { name: group.name, description: group.description, status: group.status, company: group.company, privilege: [...group.privilege, type] });
    const year = Number(new Date().toISOString().slice(0, 4));
    // Last year: one June week (5 working days whatever the rest days) of the 22, so 5 are carried over.
    await call('POST', '/api/leaves', { employee: employee._id, leaveType: type, from: `${year - 1}-06-08`, to: `${year - 1}-06-14`, reason: 'Verano', approved: true });
    const leave = (await call('POST', '/api/leaves', { employee: employee._id, leaveType: type, from: `${year}-12-14`, to: `${year}-12-20`, reason: 'Fin de año' })).data;
    await page.goto(`${server.url}/leave-edit/${leave._id}`);
    await page.waitForSelector('[data-testid=balance-carried]');
    const row = page.locator('[data-testid=balance-row][data-type="Vacaciones con arrastre"]');
    expect(await row.locator('[data-testid=balance-carried]').textContent()).toContain('5');
    await row.scrollIntoViewIfNeeded();
    await shootWidthsAndThemes(page, SHOTS, '21-leave-balance-carried-es');
  });
});

import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { signOut } from '../helpers/shell.ts';
import type { TestServer } from '../helpers/test-server.ts';
import { startDemoSession, type E2eSession, signInDemo } from '../helpers/e2e-session.ts';

/**
 * Every report, the admin dashboard and the personal pages open in Spanish and in English on the
 * demo data without a console error, show their content, and their links lead where they say.
 */

let server: TestServer;
let page: Page;
let session: E2eSession;
const errors: string[] = [];

const REPORTS = [
  ['/reports', { es: 'Informes', en: 'Reports' }],
  ['/reports/employee-attendance', { es: 'Asistencia de empleados', en: 'Employee attendance' }],
  ['/reports/employee-attendance?view=record', { es: 'Asistencia de empleados', en: 'Employee attendance' }],
  ['/reports/employee-birthdays?month=all', { es: 'Cumpleaños de empleados', en: 'Employee birthdays' }],
  ['/reports/employee-leaves', { es: 'Ausencias de empleados', en: 'Employee leaves' }],
  ['/reports/employee-list', { es: 'Listado de empleados', en: 'Employee list' }],
  ['/reports/employee-schedule', { es: 'Horarios de empleados', en: 'Employee schedule' }],
  ['/reports/organization-profile', { es: 'Perfil de la organización', en: 'Organization profile' }],
  ['/reports/user-accounts', { es: 'Cuentas de usuario', en: 'User accounts' }],
] as const;

async function useLanguage(lang: 'es' | 'en'): Promise<void> {
  await page.evaluate((l) => {
    localStorage.setItem('lang', l);
    document.cookie = `lang=${l}; Path=/; SameSite=Lax`;
  }, lang);
}

async function open(path: string): Promise<void> {
  errors.length = 0;
  await page.goto(`${server.url}${path}`);
  await page.waitForLoadState('networkidle');
}

const title = () => page.textContent('[data-testid=page-title]');

beforeAll(async () => {
  session = await startDemoSession({
    account: 'admin',
    locale: 'es-ES',
    preparePage: async (page) => {
      page.on('console', (m) => {
        if (m.type() === 'error') errors.push(`${page.url()}: ${m.text()}`);
      });
      page.on('pageerror', (e) => errors.push(`${page.url()}: ${String(e)}`));
    },
  });
  ({ server, page } = session);
});
afterAll(() => session?.close());

describe('reports and the admin dashboard in both languages', () => {
  for (const lang of ['es', 'en'] as const) {
    it(`the dashboard (${lang})`, async () => {
      await useLanguage(lang);
      await open('/dashboard');
      expect(await title()).toBe(lang === 'es' ? 'Panel' : 'Dashboard');
      expect(Number(await page.textContent('[data-testid=stat-employees-value]'))).toBe(25);
      expect(await page.locator('[data-testid=month-chart] a[data-date]').count()).toBeGreaterThanOrEqual(28);
      for (const id of ['presence', 'late', 'early', 'month', 'previous', 'recent-attendance', 'newest', 'recent-leave', 'shifts', 'rest', 'away']) {
        expect(await page.locator(`[data-testid=widget-${id}]`).count(), id).toBe(1);
      }
      expect(errors).toEqual([]);
    });

    it(`every report page, its print view and its Excel link (${lang})`, async () => {
      await useLanguage(lang);
      for (const [path, titles] of REPORTS) {
        await open(path);
        expect(await title(), path).toBe(titles[lang]);
        expect(errors, path).toEqual([]);
        if (path === '/reports') continue;
        const href = await page.getAttribute('[data-testid=export-excel]', 'href');
        expect(href, path).toContain(`lang=${lang}`);
        const download = await page.request.get(`${server.url}${href}`);
        expect(download.status(), href!).toBe(200);
        await page.click('[data-testid=print-view]');
        await page.waitForLoadState('networkidle');
        expect(await page.getAttribute('html', 'data-route-layout'), path).toBe('blank');
        expect(await page.locator('.shell-side').isVisible()).toBe(false);
        expect(await page.locator('[data-testid=print]').count()).toBe(1);
        expect(errors, `${path} print view`).toEqual([]);
      }
    });
  }

  it('filters a report through its form and keeps the filters in the URL and the export', async () => {
    await useLanguage('en');
    await open('/reports/employee-list');
    const all = await page.locator('[data-testid=report-table-0] tbody tr').count();
    expect(all).toBe(25);
    await page.selectOption('[data-testid=filter-department]', { label: 'Obrador' });
    await page.click('[data-testid=apply-filters]');
    await page.waitForURL(/department=\d+/);
    const some = await page.locator('[data-testid=report-table-0] tbody tr').count();
    expect(some).toBeGreaterThan(0);
    expect(some).toBeLessThan(all);
    expect(await page.textContent('[data-testid=report-criteria]')).toContain('Obrador');
    expect(await page.getAttribute('[data-testid=export-excel]', 'href')).toMatch(/department=\d+/);
  });

  it('a day of the month chart opens the attendance list filtered to that day', async () => {
    await open('/dashboard');
    const day = page.locator('[data-testid=month-chart] a[data-date]').first();
    const date = (await day.getAttribute('data-date'))!;
    await day.click();
    await page.waitForURL(`**/attendance?from=${date}&to=${date}`);
    await page.waitForSelector('[data-testid=table-range]');
    expect(await page.inputValue('[data-testid=filter-from]')).toBe(date);
    expect(await page.inputValue('[data-testid=filter-to]')).toBe(date);
    expect(errors).toEqual([]);
  });

  it('the attendance report switches to the monthly record and prints one employee per page', async () => {
    await open('/reports/employee-attendance');
    await page.click('[data-testid=view-record]');
    await page.waitForURL(/view=record/);
    expect(await page.locator('[data-testid=monthly-record]').count()).toBe(20);
    await page.selectOption('[data-testid=filter-employee]', { index: 1 });
    await page.click('[data-testid=apply-filters]');
    await page.waitForURL(/employee=\d+/);
    expect(await page.locator('[data-testid=monthly-record]').count()).toBe(1);
    expect(await page.locator('[data-testid=record-table] tbody tr[data-date]').count()).toBeGreaterThanOrEqual(28);
    await page.emulateMedia({ media: 'print' });
    expect(await page.locator('[data-testid=report-filters]').isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });
    expect(errors).toEqual([]);
  });
});

describe('the personal area', () => {
  it('an Admin linked to an employee switches to their account and back', async () => {
    await signOut(page);
    await signInDemo(page, server.url, 'manager');
    await useLanguage('es');
    await open('/dashboard');
    await page.click('[data-testid=user-menu] > summary');
    await page.click('[data-testid=switch-personal]');
    await page.waitForURL('**/personal/dashboard');
    expect(await title()).toBe('Mi panel');
    await page.click('[data-testid=user-menu] > summary');
    await page.click('[data-testid=switch-admin]');
    await page.waitForURL('**/dashboard');
    expect(await title()).toBe('Panel');
    for (const [path, heading] of [
      ['/personal/dashboard', 'Mi panel'],
      ['/personal/attendance', 'Mi asistencia'],
      ['/personal/schedule', 'Mi horario'],
      ['/personal/setting', 'Mis ajustes'],
    ] as const) {
      await open(path);
      expect(await title(), path).toBe(heading);
      expect(errors, path).toEqual([]);
    }
    await open('/personal/dashboard');
    expect(await page.textContent('main')).toContain('Carmen Ruiz Navarro');
    expect(await page.locator('[data-testid=my-balances] tbody tr').count()).toBe(3);
  });

  it('an employee sees only their own record, in both languages, and sets their theme', async () => {
    await signOut(page);
    await signInDemo(page, server.url, 'employee');
    for (const lang of ['en', 'es'] as const) {
      await useLanguage(lang);
      for (const path of ['/personal/dashboard', '/personal/attendance', '/personal/schedule', '/personal/setting']) {
        await open(path);
        expect(errors, `${lang} ${path}`).toEqual([]);
      }
    }
    await open('/personal/attendance');
    expect(await page.textContent('[data-testid=record-employee]')).toBe('Javier Moreno Gil');
    expect(await page.locator('[data-testid=monthly-record]').count()).toBe(1);
    await open('/personal/setting');
    await page.click('[data-testid=setting-dark]');
    expect(await page.getAttribute('html', 'class')).toContain('dark');
    expect(await page.getAttribute('[data-testid=setting-dark]', 'aria-pressed')).toBe('true');
    await page.click('[data-testid=setting-rtl]');
    expect(await page.getAttribute('html', 'dir')).toBe('rtl');
    await page.click('[data-testid=setting-ltr]');
    await page.click('[data-testid=setting-light]');
    await open('/reports/employee-list');
    expect(page.url()).toContain('/access-denied');
  });
});

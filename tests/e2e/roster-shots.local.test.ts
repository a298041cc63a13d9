// LOCAL ONLY (not committed): screenshots of /roster against a mocked roster API.
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, it } from 'vitest';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT } from '../helpers/test-server.ts';
import { LANGUAGE_COOKIE } from '../../src/i18n/languages.ts';

let session: E2eSession;
let page: Page;
const templates = [
  { _id: 1, name: 'Mañana', startTime: '07:00', endTime: '15:00', breakMinutes: 30, colour: '#2563eb', department: null, archived: false },
  { _id: 2, name: 'Tarde', startTime: '14:00', endTime: '22:00', breakMinutes: 30, colour: '#d97706', department: null, archived: false },
  { _id: 3, name: 'Noche', startTime: '22:00', endTime: '06:00', breakMinutes: 45, colour: '#7c3aed', department: null, archived: false },
];
function roster(url: URL) {
  const from = url.searchParams.get('from')!;
  const to = url.searchParams.get('to')!;
  const dates: string[] = [];
  for (let d = from; d <= to; d = new Date(Date.parse(`${d}T12:00:00Z`) + 86400000).toISOString().slice(0, 10)) dates.push(d);
  const employees = ['Ana Álvarez Pérez', 'Bruno Castro', 'Carmen Díaz Ruiz', 'David Núñez', 'Elena Ortega'].map((name, i) => ({ _id: i + 1, name, partTimePercent: null, workingDayType: 'full' }));
  const shifts: unknown[] = [];
  let id = 1;
  dates.forEach((date, di) => {
    employees.forEach((e, ei) => {
      if ((di + ei) % 7 >= 5) return;
      const t = templates[(ei + Math.floor(di / 7)) % 3]!;
      shifts.push({ _id: id++, employee: e._id, date, startTime: t.startTime, endTime: t.endTime, breakMinutes: t.breakMinutes, template: t._id, published: (di + ei) % 4 !== 0 });
    });
    if (di % 3 === 0) shifts.push({ _id: id++, employee: null, date, startTime: '10:00', endTime: '14:00', breakMinutes: 0, template: null, published: false, claims: di % 2 });
  });
  return {
    department: { _id: Number(url.searchParams.get('department')), name: 'Obrador' },
    from, to, dates, employees, shifts: shifts.filter((s) => !((s as { employee: number }).employee === 3 && dates.indexOf((s as { date: string }).date) === 2)),
    published: [], templates,
    leave: [{ employee: 3, date: dates[2], leaveType: 'Vacaciones' }],
    holidays: dates.length > 3 ? [{ date: dates[3], name: 'Día de la Constitución' }] : [],
    locked: [{ employee: 1, date: dates[0] }, { employee: 2, date: dates[0] }, { employee: 3, date: dates[0] }, { employee: 4, date: dates[0] }, { employee: 5, date: dates[0] }],
    coverage: dates.flatMap((date, i) => [{ template: 1, date, needed: 2, planned: i % 2 ? 1 : 2 }, { template: 2, date, needed: 1, planned: 1 }]),
    warnings: [{ employee: 2, date: dates[1], code: 'rest', message: 'Menos de 12 h de descanso desde el turno anterior' }],
    publications: [{ from, to, publishedAt: '2026-11-27T10:00:00Z', publishedByName: 'Admin Demo', changedDays: 12 }],
    unpublishedChanges: 7,
  };
}
async function mock(route: Route) {
  const url = new URL(route.request().url());
  if (url.pathname === '/api/roster') return route.fulfill({ json: roster(url) });
  if (url.pathname === '/api/shift-templates') return route.fulfill({ json: { data: templates } });
  if (url.pathname === '/api/roster/coverage') return route.fulfill({ json: { data: [{ template: 1, weekday: 1, staff: 2 }] } });
  return route.continue();
}
beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'es-ES' });
  page = session.page;
  await page.route('**/api/roster**', mock);
  await page.route('**/api/shift-templates**', mock);
}, 120_000);
afterAll(() => session?.close());

const AXE = readFileSync(path.join(ROOT, 'node_modules', 'axe-core', 'axe.min.js'), 'utf8');
it('shoots', async () => {
  for (const lang of ['es', 'en']) {
    await session.browser.context.addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: session.server.url }]);
    await page.setViewportSize({ width: 1440, height: 1000 });
    await page.goto(`${session.server.url}/roster`);
    await page.waitForSelector('astro-island:not([ssr]) [data-testid=roster-grid]');
    await shootWidthsAndThemes(page, '/tmp/rui-shots', `week-${lang}`, { fullPage: true });
    await page.click('[data-testid=view-month]');
    await page.waitForSelector('[data-testid=roster-day]:nth-child(28)');
    await page.screenshot({ path: `/tmp/rui-shots/month-${lang}.png`, fullPage: true });
    await page.click('[data-testid=view-week]');
    await page.locator('[data-testid=roster-cell]').nth(8).click();
    await page.waitForSelector('[data-testid=cell-menu]');
    await page.screenshot({ path: `/tmp/rui-shots/menu-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.click('[data-testid=publish]');
    await page.screenshot({ path: `/tmp/rui-shots/publish-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.click('[data-testid=open-coverage]');
    await page.waitForSelector('[data-testid=coverage-need]');
    await page.screenshot({ path: `/tmp/rui-shots/coverage-${lang}.png` });
    await page.keyboard.press('Escape');
    await page.click('[data-testid=open-templates]');
    await page.waitForSelector('[data-testid=template-row]');
    await page.click('[data-testid=template-add]');
    await page.screenshot({ path: `/tmp/rui-shots/templates-${lang}.png` });
    await page.keyboard.press('Escape');
    // Focus a cell and show its warning.
    await page.locator('[data-testid=roster-cell][data-employee="2"]').nth(1).focus();
    await page.screenshot({ path: `/tmp/rui-shots/warning-${lang}.png` });
    for (const mode of ['light', 'dark']) {
      await page.evaluate((dark) => { document.documentElement.classList.toggle('dark', dark); document.documentElement.classList.toggle('light', !dark); }, mode === 'dark');
      if (!(await page.evaluate(() => 'axe' in window))) await page.evaluate(AXE);
      const v = await page.evaluate(async () => (await (window as any).axe.run(document, { runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'] } })).violations.map((x: any) => `${x.id}: ${x.nodes.slice(0, 3).map((n: any) => JSON.stringify(n.target) + ' ' + n.failureSummary).join(' | ')}`));
      console.log(lang, mode, 'AXE', JSON.stringify(v, null, 1));
    }
    await page.evaluate(() => { document.documentElement.classList.remove('dark'); });
    await page.setViewportSize({ width: 390, height: 900 });
    await page.reload();
    await page.waitForSelector('astro-island:not([ssr]) [data-testid=roster-day-view]');
    await page.screenshot({ path: `/tmp/rui-shots/day-${lang}-390.png`, fullPage: true });
  }
}, 300_000);

import Database from 'better-sqlite3';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, weekdayOf } from '../../src/domain/time/zoned-time.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import type { TestServer } from '../helpers/test-server.ts';

/**
 * Decision 032 in the browser: the Settings page edits the shift window (a bad value shows the
 * translated error and saves nothing) and turns on recording work outside the schedule; a
 * flagged day then carries its badge in the attendance list, in English and Spanish.
 * Screenshots go to /tmp/jornada-shots-032.
 */
const SHOTS = '/tmp/jornada-shots-032';
let server: TestServer;
let page: Page;
let session: E2eSession;

const today = localDateOf(new Date(), 'Europe/Lisbon');
/** A weekend before the demo's 60 days of attendance, within its schedules (Carmen rests at weekends). */
const restDay = (() => {
  for (let back = 62; back < 89; back++) {
    const date = addDays(today, -back);
    if (weekdayOf(date) === 'Saturday') return date;
  }
  throw new Error('no date');
})();

beforeAll(async () => {
  session = await startDemoSession({ account: 'admin', locale: 'en-GB' });
  ({ server, page } = session);
});
afterAll(() => session?.close());

const carmenId = () => {
  const db = new Database(path.join(server.dataDir, 'jornada.db'), { readonly: true });
  try {
    return (db.prepare("select id from employees where first_name = 'Carmen'").get() as { id: number }).id;
  } finally {
    db.close();
  }
};

const settingsNow = () => page.evaluate(async () => ((await (await fetch('/api/settings')).json()) as { data: Record<string, unknown> }).data);

describe('work outside the schedule in the browser', () => {
  it('the Settings page refuses a bad shift window, then saves the window and the switch', async () => {
    await page.goto(`${server.url}/setting#features`);
    await page.waitForSelector('#setting-shiftWindowMinutes');
    expect(await page.textContent('label[for=setting-shiftWindowMinutes]')).toBe('Shift window (minutes)');
    expect(await page.isChecked('#setting-acceptUnscheduledWork')).toBe(false);

    await page.fill('#setting-shiftWindowMinutes', '30');
    await page.check('#setting-acceptUnscheduledWork');
    await page.click('[data-testid=save-settings]');
    await page.waitForSelector('#setting-shiftWindowMinutes-error');
    expect(await page.textContent('#setting-shiftWindowMinutes-error')).toBe('Enter a whole number of minutes between 60 and 720');
    expect(await settingsNow()).toMatchObject({ shiftWindowMinutes: 240, acceptUnscheduledWork: false });
    await shootWidthsAndThemes(page, SHOTS, 'settings-error-en', { fullPage: true });

    await page.fill('#setting-shiftWindowMinutes', '180');
    expect(await page.inputValue('#setting-shiftWindowMinutes')).toBe('180');
    await page.click('[data-testid=save-settings]');
    await page.waitForFunction(() => document.querySelector('#setting-shiftWindowMinutes-error') === null);
    await expect.poll(settingsNow).toMatchObject({ shiftWindowMinutes: 180, acceptUnscheduledWork: true });
  });

  it('a manual day on a rest day is recorded and the list shows its badge (en, es)', async () => {
    const carmen = carmenId();
    const created = await page.evaluate(
      async (body) => {
        const res = await fetch('/api/attendances', { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify(body) });
        return { status: res.status, body: (await res.json()) as { data?: { workFlag: string | null } } };
      },
      { employee: carmen, date: restDay, timeIn: '09:00', timeOut: '12:00', reason: 'Inventario' },
    );
    expect(created.status).toBe(201);
    expect(created.body.data?.workFlag).toBe('rest-day');

    await page.goto(`${server.url}/attendance?employee=${carmen}&from=${addDays(restDay, -1)}&to=${addDays(restDay, 1)}`);
    await page.waitForSelector('[data-testid=work-flag]');
    expect(await page.textContent('[data-testid=work-flag]')).toBe('Rest-day work');
    await shootWidthsAndThemes(page, SHOTS, 'attendance-en');

    await page.context().addCookies([{ name: 'lang', value: 'es', url: server.url }]);
    await page.reload();
    await page.waitForSelector('[data-testid=work-flag]');
    expect(await page.textContent('[data-testid=work-flag]')).toBe('Trabajo en día de descanso');
    await shootWidthsAndThemes(page, SHOTS, 'attendance-es');

    await page.goto(`${server.url}/setting#features`);
    await page.waitForSelector('#setting-shiftWindowMinutes');
    expect(await page.textContent('label[for=setting-shiftWindowMinutes]')).toBe('Margen del turno (minutos)');
    expect(await page.isChecked('#setting-acceptUnscheduledWork')).toBe(true);
    await shootWidthsAndThemes(page, SHOTS, 'settings-es', { fullPage: true });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
  });
});

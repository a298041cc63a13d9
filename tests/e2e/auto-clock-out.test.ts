import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { LANGUAGE_COOKIE } from '../../src/i18n/languages.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { Client } from '../helpers/http-client.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Issue 22.3 in the browser (decision 056): an administrator switches the automatic clock-out on
 * in Settings › Working time; an office worker who checked in at 09:05 and never out has the day
 * closed at 17:00 once 17:00 + 1 h has passed (fake clock), and the list, the day's page and the
 * dashboard's Exceptions widget say "Closed automatically". Screenshots under
 * tests/.tmp/screenshots (es and en, light and dark, 1440 and 390 px). Issue 37 on the same
 * fake clock: the dashboard's late card names who has not checked in, then who never came.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const ZONE = 'Europe/Lisbon';
/** The day the worker forgets to clock out: today, or the next day an office worker works (the
 * test runs on weekends and holidays too, and a rest day refuses the check-in). */
let TODAY = localDateOf(Date.now(), ZONE);
let session: E2eSession;
let server: TestServer;
let page: Page;
let clockDir: string;
let clockFile: string;
let attendanceId: number;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-auto-close-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:05', ZONE));
  session = await startDemoSession({
    account: 'admin',
    locale: 'es-ES',
    preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }),
    env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, JORNADA_JOBS_CHECK_MS: '150' },
  });
  ({ server, page } = session);
});
afterAll(async () => {
  await session?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

const setLanguage = (lang: 'es' | 'en') => page.context().addCookies([{ name: LANGUAGE_COOKIE, value: lang, url: server.url }]);

describe('automatic clock-out (issue 22.3)', () => {
  it('is switched on in Settings › Working time', async () => {
    await page.goto(`${server.url}/setting#worktime`);
    await page.waitForSelector('#setting-autoClockOut');
    expect(await page.locator('#setting-autoClockOutAfterHours').count()).toBe(0);
    await page.check('#setting-autoClockOut');
    await page.fill('#setting-autoClockOutAfterHours', '1');
    await page.click('[data-testid=save-settings]');
    await waitFor('the setting stored', () => sqlIn<{ value: string }>(server.dataDir, "select value from settings where key = 'autoClockOut'")[0]?.value === 'true');
    expect(sqlIn<{ value: string }>(server.dataDir, "select value from settings where key = 'autoClockOutAfterHours'")[0]?.value).toBe('1');
    for (const lang of ['es', 'en'] as const) {
      await setLanguage(lang);
      await page.goto(`${server.url}/setting#worktime`);
      await page.waitForSelector('#setting-autoClockOutAfterHours');
      await shootWidthsAndThemes(page, SHOTS, `22-auto-clock-out-settings-${lang}`, { fullPage: true });
    }
  });

  it('closes a forgotten day at the scheduled end and says so on the list, the day and the dashboard', async () => {
    // An office worker (09:00-17:00) of the demo checks in at 09:05 at the kiosk, on the first of
    // the next days that is a working day for one of them.
    let employee = 0;
    const firstDay = TODAY;
    for (let offset = 0; offset < 10 && employee === 0; offset++) {
      TODAY = addDays(firstDay, offset);
      writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:05', ZONE));
      for (const n of [7, 16, 19, 8]) {
        const res = await new Client(server.url).request('POST', '/api/clock', { action: 'check-in', pin: String(100000 + n) });
        if (res.status === 200) {
          employee = ((await res.json()) as { employee: { _id: number } }).employee._id;
          break;
        }
      }
    }
    expect(employee).toBeGreaterThan(0);
    writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '18:00', ZONE));
    attendanceId = await waitFor(
      'the automatic clock-out',
      () => sqlIn<{ id: number }>(server.dataDir, 'select id from attendances where employee_id = ? and date = ? and closed_automatically = 1', employee, TODAY)[0]?.id,
    );
    expect(sqlIn<{ time_out: string }>(server.dataDir, 'select time_out from attendances where id = ?', attendanceId)[0]!.time_out).toBe(localDateTimeToUtcIso(TODAY, '17:00', ZONE));
    for (const [lang, label] of [
      ['es', 'Cerrada automáticamente'],
      ['en', 'Closed automatically'],
    ] as const) {
      await setLanguage(lang);
      await page.goto(`${server.url}/attendance?employee=${employee}&from=${TODAY}&to=${TODAY}`);
      expect(await page.textContent('[data-testid=closed-automatically]')).toBe(label);
      await shootWidthsAndThemes(page, SHOTS, `22-auto-clock-out-list-${lang}`);
      await page.goto(`${server.url}/attendance-edit/${attendanceId}`);
      expect(await page.textContent('[data-testid=closed-automatically-notice]')).toContain(label);
      await shootWidthsAndThemes(page, SHOTS, `22-auto-clock-out-day-${lang}`, { fullPage: true });
      await page.goto(`${server.url}/dashboard`);
      expect(await page.textContent(`[data-testid=work-time-exception][data-employee="${employee}"] [data-kind=closedAutomatically]`)).toBe(label);
      await page.locator('[data-testid=widget-exceptions]').scrollIntoViewIfNeeded();
      await shootWidthsAndThemes(page, SHOTS, `22-auto-clock-out-dashboard-${lang}`);
    }
  });

  it('issue 37: the late card names who has not checked in by 11:00, and who never came by 18:00', async () => {
    type Live = { presence: Record<'notArrived' | 'absent', { id: number }[]> };
    const TEXT = {
      notArrived: { es: 'sin fichar', en: 'not checked in' },
      absent: { es: 'falta: no ha fichado', en: 'absent: no check-in' },
    } as const;
    for (const [time, kind] of [
      ['11:00', 'notArrived'],
      ['18:00', 'absent'],
    ] as const) {
      writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, time, ZONE));
      await page.goto(`${server.url}/dashboard`);
      const live = await page.evaluate(async () => (await (await fetch('/api/dashboard')).json()).data as Live);
      expect(live.presence[kind].length).toBeGreaterThan(0);
      for (const lang of ['es', 'en'] as const) {
        await setLanguage(lang);
        await page.goto(`${server.url}/dashboard`);
        expect(await page.textContent('[data-testid=late-list]')).toContain(TEXT[kind][lang]);
        await shootWidthsAndThemes(page, SHOTS, `37-dashboard-${kind}-${lang}`, { fullPage: true });
      }
    }
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import es from '../../src/i18n/es.json';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * The personal clock offline (issue 36 point 4, decision 071) in Chromium at 390 px, as the demo
 * worker on their phone: the service worker keeps the page, the network goes away
 * (`context.setOffline`), two punches are kept on the phone ("saved, will be sent" and the count),
 * the page reloads with the server down from the worker's copy with both still waiting, and once
 * the network and server are back both arrive by themselves, in order, marked offline. The
 * server's clock is faked (a Wednesday six weeks after the demo's day, as in personal-clock.test.ts); the browser keeps its real
 * clock, so the server's device-clock correction places the punches just before its "now".
 */

const DAY = addDays('2027-03-01', 44);
const ZONE = 'Europe/Lisbon';
let session: E2eSession;
let clockDir: string;
let clockFile: string;
const setNow = (time: string) => {
  const iso = localDateTimeToUtcIso(DAY, time, ZONE);
  writeFileSync(clockFile, iso);
  return iso;
};

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-personal-offline-e2e-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '09:00', ZONE));
  session = await startDemoSession({
    account: 'employee',
    locale: 'es-ES',
    env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile },
    preparePage: (page) => page.setViewportSize({ width: 390, height: 844 }),
  });
  setNow('09:00');
});

afterAll(async () => {
  await session?.page
    .context()
    .setOffline(false)
    .catch(() => {});
  await session?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('/personal/clock offline at 390 px', () => {
  it('keeps two punches while offline, reloads from the service worker, and sends them in order when back', async () => {
    const { page, server } = session;
    const context = page.context();
    const status = () => page.getByTestId('personal-status').textContent();
    const pending = () => page.getByTestId('personal-offline-pending').textContent();
    const employeeId = sqlIn<{ id: number }>(server.dataDir, "select employee_id as id from users where email = 'employee@demo.jornada'")[0]!.id;
    const punches = () =>
      sqlIn<{ action: string; at: string; method: string; work_mode: string; offline_seq: number | null; created_at: string }>(
        server.dataDir,
        'select action, at, method, work_mode, offline_seq, created_at from punches where employee_id = ? and at >= ? order by id',
        employeeId,
        `${DAY}T00:00:00.000Z`,
      );

    await page.goto(`${server.url}/personal/clock`);
    // The page registers the worker (scope /personal/); once it is active, a second load goes
    // through it and leaves the page and its files in its cache.
    const scope = await page.evaluate(async () => (await navigator.serviceWorker.ready).scope);
    expect(scope).toBe(`${server.url}/personal/`);
    await page.reload();
    expect(await page.evaluate(() => navigator.serviceWorker.controller !== null)).toBe(true);
    await expect.poll(status).toBe(es.personalClock.status.out);

    await context.setOffline(true);
    await page.getByText(es.attendance.workModes.remote, { exact: true }).click();
    await page.getByTestId('punch-check-in').click();
    await expect.poll(() => page.getByTestId('personal-outcome').textContent()).toBe(es.personalClock.savedOffline);
    await expect.poll(pending).toBe('Fichajes pendientes de enviar: 1');
    await expect.poll(status).toBe(es.personalClock.status.working);
    // Two punches in one second have no known order (conflict laterPunch): the next waits a second.
    const second = await page.evaluate(() => Math.floor(Date.now() / 1000));
    await page.waitForFunction((s) => Math.floor(Date.now() / 1000) > s, second, { polling: 50 });
    await page.getByTestId('punch-break-in').click();
    await expect.poll(pending).toBe('Fichajes pendientes de enviar: 2');
    await expect.poll(status).toBe(es.personalClock.status.onBreak);
    expect(await page.getByTestId('personal-punches').textContent()).toContain(es.personalClock.notSentYet);
    expect(punches()).toEqual([]);

    // With the server gone too, the page still loads: the worker's copy, with both punches waiting
    // and shown on it (the copy was drawn before them: the status follows the kept punches).
    await server.kill();
    await page.reload();
    expect(await page.getByTestId('page-title').textContent()).toBe(es.pages.personalClock);
    await expect.poll(pending).toBe('Fichajes pendientes de enviar: 2');
    await expect.poll(status).toBe(es.personalClock.status.onBreak);
    await expect.poll(() => page.getByTestId('personal-punches').locator('li', { hasText: es.personalClock.notSentYet }).count()).toBe(2);

    const back = setNow('09:30');
    await server.restart();
    await context.setOffline(false);
    await page.getByTestId('personal-offline-pending').waitFor({ state: 'detached', timeout: 45_000 });
    const rows = punches();
    expect(rows.map((r) => [r.action, r.method, r.work_mode, r.offline_seq, r.created_at])).toEqual([
      ['check-in', 'personal', 'remote', 1, back],
      ['break-in', 'personal', 'remote', 2, back],
    ]);
    expect(rows[0]!.at < rows[1]!.at && rows[1]!.at <= back).toBe(true);
    expect(sqlIn(server.dataDir, 'select count(*) as n from clock_conflicts')).toEqual([{ n: 0 }]);
    // The answer's state replaces the guess: on a break, from the server, nothing marked unsent.
    await expect.poll(status).toBe(es.personalClock.status.onBreak);
    await expect.poll(() => page.getByTestId('personal-punches').textContent()).not.toContain(es.personalClock.notSentYet);

    // Signing out forgets the kept copy of the page (it bears the worker's name).
    expect(await page.evaluate(() => caches.has('jornada-personal-shell-v1'))).toBe(true);
    await page.evaluate(() => document.querySelector<HTMLElement>('[data-action=sign-out]')!.click());
    await page.waitForURL('**/sign-in');
    expect(await page.evaluate(() => caches.has('jornada-personal-shell-v1'))).toBe(false);
  });
});

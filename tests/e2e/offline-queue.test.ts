import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { signInDemo } from '../helpers/e2e-session.ts';
import { Client } from '../helpers/http-client.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { pairBrowserContext, pairTerminal, type PairedTestTerminal } from '../helpers/terminal.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The offline queue of a paired terminal (decision 046), in Chromium: the server is stopped
 * mid-shift, two PIN punches are kept on the terminal (with "saved, will be sent" and the count),
 * and once the server is back both arrive in order, marked offline. The server's clock is faked
 * (2027); the browser keeps its real clock, so the server's device-clock correction is exercised
 * too: the kept punches land just before the server's "now" when they arrive.
 */

const ZONE = 'Europe/Lisbon';
const MON = '2027-03-01';
const SHOTS = path.join(ROOT, 'tests', '.tmp');
let server: TestServer;
let admin: Client;
let dir: string;
let clockFile: string;
let terminal: PairedTestTerminal;
let browser: TestBrowser;

const setNow = (date: string, time: string) => {
  const iso = localDateTimeToUtcIso(date, time, ZONE);
  writeFileSync(clockFile, iso);
  return iso;
};

function sql<T>(text: string, ...params: unknown[]): T[] {
  const handle = new Database(path.join(server.dataDir, 'jornada.db'));
  handle.pragma('busy_timeout = 5000');
  try {
    return handle.prepare(text).all(...params) as T[];
  } finally {
    handle.close();
  }
}
const idOf = (firstName: string) => sql<{ id: number }>('select id from employees where first_name = ?', firstName)[0]!.id;

async function punchWithPin(page: Page, action: string, pin: string): Promise<void> {
  await page.waitForSelector('[data-testid=clock-kiosk][data-stage=home]');
  await page.click(`[data-testid=clock-action-${action}]`);
  for (const digit of pin) await page.click(`[data-testid=pin-key-${digit}]`);
  await page.click('[data-testid=pin-ok]');
  await page.waitForSelector('[data-testid=clock-result]', { timeout: 30_000 });
}

const resultOf = (page: Page) =>
  page.evaluate(() => {
    const card = document.querySelector('[data-testid=clock-result]')!;
    return { ok: card.getAttribute('data-ok'), queued: card.getAttribute('data-queued'), message: document.querySelector('[data-testid=result-message]')?.textContent?.trim() };
  });

const dismiss = async (page: Page) => {
  await page.click('[data-testid=clock-result]');
  await page.waitForSelector('[data-testid=clock-kiosk][data-stage=home]');
};

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-offline-e2e-'));
  clockFile = path.join(dir, 'now');
  setNow(MON, '08:50');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  // PIN only: no models, no camera.
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  expect((await admin.request('PUT', '/api/settings', { ...current.data, faceRecognition: false })).status).toBe(200);
  terminal = await pairTerminal(server.url, admin, { name: 'Obrador', methods: ['pin', 'badge'] });
  browser = await launchBrowser({ locale: 'en-GB' });
  await pairBrowserContext(browser.context, server.url, terminal.credential);
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the offline queue of a paired terminal', () => {
  it('keeps two PIN punches while the server is down and sends them in order when it is back', async () => {
    const carmen = idOf('Carmen');
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/clock`);
    setNow(MON, '08:58');
    await punchWithPin(page, 'check-in', '100001');
    expect(await resultOf(page)).toMatchObject({ ok: 'yes', queued: null });
    await dismiss(page);

    // Mid-shift the server goes away.
    await server.kill();
    await punchWithPin(page, 'break-in', '100001');
    expect(await resultOf(page)).toEqual({ ok: 'yes', queued: 'yes', message: en.kiosk.savedOffline });
    expect(await page.getAttribute('[data-testid=offline-pending]', 'data-count')).toBe('1');
    await shootWidthsAndThemes(page, SHOTS, 'offline-queued');
    await dismiss(page);
    // The terminal's clock counts whole seconds, and two punches in one second have no known order
    // (conflict laterPunch): the break-out waits for the device's next second.
    const second = await page.evaluate(() => Math.floor(Date.now() / 1000));
    await page.waitForFunction((s) => Math.floor(Date.now() / 1000) > s, second, { polling: 50 });
    await punchWithPin(page, 'break-out', '100001');
    expect(await resultOf(page)).toMatchObject({ queued: 'yes' });
    expect(await page.textContent('[data-testid=offline-pending]')).toContain('2 punches waiting to be sent');
    await dismiss(page);
    await shootWidthsAndThemes(page, SHOTS, 'offline-pending');
    // Nothing reached the database while it was down.
    expect(sql("select action from punches where employee_id = ? and at >= '2027-01-01' order by id", carmen)).toEqual([{ action: 'check-in' }]);

    const back = setNow(MON, '10:30');
    await server.restart();
    // The terminal notices on its own (it retries every few seconds) and the count goes away.
    await page.waitForSelector('[data-testid=offline-pending]', { state: 'detached', timeout: 45_000 });
    const rows = sql<{ action: string; at: string; offline_seq: number | null; created_at: string; terminal_id: number }>(
      "select action, at, offline_seq, created_at, terminal_id from punches where employee_id = ? and at >= '2027-01-01' order by id",
      carmen,
    );
    expect(rows.map((r) => [r.action, r.offline_seq, r.terminal_id])).toEqual([
      ['check-in', null, terminal.id],
      ['break-in', 1, terminal.id],
      ['break-out', 2, terminal.id],
    ]);
    // In order, between the check-in and their arrival; received at the server's 10:30.
    expect(rows[1]!.at < rows[2]!.at).toBe(true);
    expect(rows[1]!.at > rows[0]!.at && rows[2]!.at <= back).toBe(true);
    expect(rows.slice(1).map((r) => r.created_at)).toEqual([back, back]);
    expect(sql('select count(*) as n from clock_conflicts')).toEqual([{ n: 0 }]);
    // The break is on the record: the day is still open, with one break closed.
    expect(sql('select count(*) as n from attendance_breaks where end_at is not null and attendance_id = (select id from attendances where employee_id = ? and date = ?)', carmen, MON)).toEqual([{ n: 1 }]);

    // A live punch after the queue emptied goes straight to the server again.
    setNow(MON, '17:01');
    await punchWithPin(page, 'check-out', '100001');
    expect(await resultOf(page)).toMatchObject({ ok: 'yes', queued: null });
    await page.close();
  });

  it('an unpaired browser is not offered the queue: it shows the network error', async () => {
    const other = await launchBrowser({ locale: 'es-ES' });
    try {
      const page = await other.context.newPage();
      await page.goto(`${server.url}/clock`);
      await page.waitForSelector('[data-testid=clock-kiosk]');
      await server.kill();
      await punchWithPin(page, 'check-in', '100003');
      expect(await resultOf(page)).toEqual({ ok: 'no', queued: null, message: es.kiosk.networkError });
      expect(await page.$('[data-testid=offline-pending]')).toBeNull();
    } finally {
      await other.close();
      await server.restart();
    }
  });

  it('the conflicts screen in both languages and themes', async () => {
    // One conflict to show: a late punch of an unknown PIN.
    setNow(MON, '18:00');
    const res = await new Client(server.url).request(
      'POST',
      '/api/clock/offline',
      { sentAt: new Date(Date.parse(setNow(MON, '18:00'))).toISOString(), punches: [{ seq: 3, at: localDateTimeToUtcIso(MON, '17:30', ZONE), action: 'check-out', pin: '100003' }] },
      terminal.headers,
    );
    expect(res.status).toBe(200);
    for (const lang of ['en', 'es'] as const) {
      const context = browser.context;
      await context.clearCookies();
      const page = await context.newPage();
      await signInDemo(page, server.url, 'admin');
      await page.evaluate((l) => (document.cookie = `lang=${l}; path=/`), lang);
      await page.goto(`${server.url}/clock-conflicts`);
      await page.waitForSelector('[data-testid=clock-conflict]');
      expect(await page.getAttribute('[data-testid=clock-conflict]', 'data-reason')).toBe('refused');
      await page.click('[data-testid=conflict-record-day]');
      await shootWidthsAndThemes(page, SHOTS, `clock-conflicts-${lang}`, { fullPage: true });
      await page.close();
    }
  });
});

import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Route } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { pairBrowserContext, pairTerminal } from '../helpers/terminal.ts';
import { fakeCameraArgs, writeFaceVideo } from '../helpers/fake-camera.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { enrolPhotoBody } from '../helpers/camera-frame.ts';
import { Client } from '../helpers/http-client.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 17.4, decision 030: the clock terminal loads and runs its face models in a worker, so the
 * PIN pad answers from the first second while they load, and the screen shows how far loading is.
 * The last model file is held back until a PIN punch is done, so that punch happens while the
 * models are loading on any machine; then the models load and warm up (on this machine's software
 * WebGL, tens of seconds) while every key press is timed; then the face punch works.
 */

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const ZONE = 'Europe/Lisbon';
/**
 * A key press must show in the PIN field within this time, whatever the models are doing: from
 * the moment the browser created the key event to the change of the field, measured in the page
 * (the main thread's delay, which froze for 13 s and more when the models loaded on it). 95 % of
 * the keys within TAP_MS and none beyond TAP_MAX_MS: on a 2-core machine shared with other test
 * runs (load average 20+), a scheduling hiccup of a few hundred ms is the machine, not the page.
 */
const TAP_MS = 500;
const TAP_MAX_MS = 1_500;
/** The same seen from the test, polled over the DevTools connection: generous, for a busy machine. */
const POLLED_MS = 3_000;

declare global {
  interface Window {
    __tapDelays?: number[];
  }
}

let server: TestServer;
let dir: string;
let clockFile: string;
let browser: TestBrowser;

function sql<T>(text: string, ...params: unknown[]): T[] {
  const handle = new Database(path.join(server.dataDir, 'jornada.db'));
  handle.pragma('busy_timeout = 5000');
  try {
    const statement = handle.prepare(text);
    return (statement.reader ? statement.all(...params) : (statement.run(...params), [])) as T[];
  } finally {
    handle.close();
  }
}
const idOf = (firstName: string) => sql<{ id: number }>('select id from employees where first_name = ?', firstName)[0]!.id;
const punches = (employeeId: number) => sql<{ action: string; method: string }>("select action, method from punches where employee_id = ? and at >= '2027-01-01' order by id", employeeId);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-kiosk-loading-'));
  clockFile = path.join(dir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '08:58', ZONE));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  const admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  // Off on new installations and the demo (decision 047).
  await enableFaceRecognition(admin);
  // Carmen is enrolled with Amy's first photo (the server computes its descriptor, issue 34.4); the camera shows Amy's second, swaying.
  const carmen = idOf('Carmen');
  await admin.request('PUT', `/api/employees/${carmen}/consent`, { consent: true });
  const enrolled = await admin.post(`/api/employees/${carmen}/photos`, enrolPhotoBody('amy1'));
  expect(enrolled.status, await enrolled.clone().text()).toBe(201);
  expect(((await enrolled.json()) as { data: { faceData: boolean } }).data.faceData).toBe(true);
  const video = path.join(dir, 'amy2.y4m');
  await writeFaceVideo('amy2.png', video, { sway: 14 });
  browser = await launchBrowser({ locale: 'en-GB', extraArgs: fakeCameraArgs(video) });
  // Face punches need a paired terminal (decision 042).
  await pairBrowserContext(browser.context, server.url, (await pairTerminal(server.url, admin, { name: 'Kiosk' })).credential);
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  await browser?.close().catch(() => {});
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

const kiosk = (page: Page, name: string) => page.getAttribute('[data-testid=clock-kiosk]', name);
const pinCount = async (page: Page) => Number(await page.getAttribute('[data-testid=pin-dots]', 'data-count'));

/** Presses a key on the PIN pad and returns how long until the PIN field shows it (polled). */
async function timedKey(page: Page, key: string, expectedCount: number): Promise<number> {
  const started = performance.now();
  await page.keyboard.press(key);
  await page.waitForFunction((n) => document.querySelector('[data-testid=pin-dots]')?.getAttribute('data-count') === String(n), expectedCount, { polling: 10, timeout: 60_000 });
  return performance.now() - started;
}

/** The island has hydrated (Astro drops `ssr` from the island then): taps are handled from here. */
async function hydrated(page: Page): Promise<void> {
  await page.waitForSelector('astro-island:not([ssr]) [data-testid=clock-kiosk]', { timeout: 60_000 });
}

describe('the clock terminal while its face models load', () => {
  it('takes a PIN punch at once, answers every tap within 500 ms, shows the progress, then recognises a face', async () => {
    const context = browser.context;
    // Hold back the last model file until the PIN punch is done (the models are then surely loading).
    const held: Route[] = [];
    let release = false;
    const modelRequests: string[] = [];
    await context.route('**/models/face_recognition_model*.bin', async (route) => {
      if (release) await route.continue();
      else held.push(route);
    });
    context.on('request', (r) => {
      if (r.url().includes('/models/')) modelRequests.push(r.url());
    });
    const page = await context.newPage();
    // In the page: each key's delay from its event's creation to the PIN field's change.
    await page.addInitScript(() => {
      window.__tapDelays = [];
      let pressedAt: number[] = [];
      window.addEventListener(
        'keydown',
        (event) => {
          if (/^\d$|^Backspace$/.test(event.key)) pressedAt.push(event.timeStamp);
        },
        { capture: true },
      );
      new MutationObserver((changes) => {
        if (!changes.some((c) => c.type === 'attributes' && (c.target as Element).getAttribute('data-testid') === 'pin-dots') || !pressedAt.length) return;
        const now = performance.now();
        for (const at of pressedAt) window.__tapDelays!.push(now - at);
        pressedAt = [];
      }).observe(document, { subtree: true, attributes: true, attributeFilter: ['data-count'] });
    });
    const opened = performance.now();
    await page.goto(`${server.url}/clock`);
    await hydrated(page);
    expect(await kiosk(page, 'data-face')).toBe('loading');
    expect((await page.textContent('[data-testid=face-status]'))!).toContain(en.messages.loadingModels);

    // The PIN pad opens at once, saying why the face is not used yet.
    await page.click('[data-testid=clock-action-check-in]');
    await page.waitForSelector('[data-testid=pin-pad]', { timeout: 5_000 });
    expect((await page.textContent('[data-testid=pin-notice]'))!.trim()).toBe(en.kiosk.faceStillLoading);
    const latencies: number[] = [];
    for (const [i, digit] of [...'100003'].entries()) latencies.push(await timedKey(page, digit, i + 1));
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=clock-result]', { timeout: 30_000 });
    expect(await page.getAttribute('[data-testid=clock-result]', 'data-ok')).toBe('yes');
    expect((await page.textContent('[data-testid=result-name]'))!.trim()).toBe('Lucía García Fernández');
    expect(punches(idOf('Lucía'))).toEqual([{ action: 'check-in', method: 'pin' }]);
    // All of that while the models were loading, within seconds of opening the page.
    expect(await kiosk(page, 'data-face')).toBe('loading');
    const punchedAfter = performance.now() - opened;
    await expect.poll(() => held.length, { timeout: 60_000 }).toBeGreaterThan(0);
    await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=clock-kiosk][data-stage=home]');
    const progress = Number(await page.getAttribute('[data-testid=face-progress]', 'data-value'));
    expect(progress).toBeGreaterThan(0);
    expect(progress).toBeLessThan(100);
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-loading-en-light-1280.png') });

    // Let the models load; until they are ready, keep typing on the PIN pad and time every key.
    // (Keys only: on software WebGL the browser's GPU process, which also paints the page, is
    // busy with the worker's shaders, so a click's wait for a stable frame is not a measure.)
    await page.click('[data-testid=clock-action-break-in]');
    await page.waitForSelector('[data-testid=pin-pad]');
    release = true;
    for (const route of held.splice(0)) await route.continue();
    let probes = 0;
    while ((await kiosk(page, 'data-face')) === 'loading') {
      if ((await kiosk(page, 'data-stage')) !== 'pin') break;
      const count = await pinCount(page);
      latencies.push(count < 6 ? await timedKey(page, '5', count + 1) : await timedKey(page, 'Backspace', count - 1));
      probes++;
    }
    expect(await kiosk(page, 'data-face')).toBe('ready');
    const delays = await page.evaluate(() => window.__tapDelays!);
    const slowest = (list: number[]) => Math.round(Math.max(...list));
    console.log(
      `PIN punch ${Math.round(punchedAfter)} ms after opening; ${latencies.length} keys while loading (backend ${await page.getAttribute('video', 'data-face-backend')}): slowest ${slowest(delays)} ms in the page, ${slowest(latencies)} ms polled`,
    );
    expect(probes).toBeGreaterThan(0);
    expect(delays.length).toBeGreaterThanOrEqual(latencies.length);
    const sorted = [...delays].sort((a, b) => a - b);
    expect(sorted[Math.floor(sorted.length * 0.95)]).toBeLessThan(TAP_MS);
    expect(sorted.at(-1)).toBeLessThan(TAP_MAX_MS);
    expect(Math.max(...latencies)).toBeLessThan(POLLED_MS);
    expect(modelRequests.length).toBeGreaterThanOrEqual(6);

    // Loaded: the face punch works as before.
    if ((await kiosk(page, 'data-stage')) !== 'home') await page.keyboard.press('Escape');
    await page.waitForSelector('[data-testid=clock-kiosk][data-stage=home]');
    expect(await page.$('[data-testid=face-progress]')).toBeNull();
    await page.click('[data-testid=clock-action-check-in]');
    await page.waitForSelector('[data-testid=clock-result]', { timeout: 120_000 });
    expect(await page.getAttribute('[data-testid=clock-result]', 'data-ok')).toBe('yes');
    expect((await page.textContent('[data-testid=result-name]'))!.trim()).toBe('Carmen Ruiz Navarro');
    expect((await page.textContent('[data-testid=face-recognized]'))!.trim()).toBe(en.messages.faceRecognized);
    expect(punches(idOf('Carmen'))).toEqual([{ action: 'check-in', method: 'face' }]);
    await page.close();
  }, 480_000);

  it('shows the progress in Spanish, dark, on a phone', async () => {
    const page = await browser.context.newPage();
    await browser.context.addCookies([{ name: 'lang', value: 'es', url: server.url }]);
    await page.addInitScript(() => localStorage.setItem('theme', JSON.stringify({ mode: 'dark' })));
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/clock`);
    await hydrated(page);
    expect(await page.getAttribute('html', 'class')).toContain('dark');
    await page.waitForSelector('[data-testid=face-progress]');
    expect((await page.textContent('[data-testid=face-status]'))!).toContain(es.messages.loadingModels);
    expect(await page.getAttribute('[data-testid=face-progress]', 'aria-label')).toBe(es.kiosk.modelsProgress);
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-loading-es-dark-390.png') });
    await page.close();
  }, 120_000);
});

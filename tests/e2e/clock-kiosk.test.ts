import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { pairBrowserContext, pairTerminal, type PairedTestTerminal } from '../helpers/terminal.ts';
import { fakeCameraArgs, writeFaceVideo } from '../helpers/fake-camera.ts';
import { disableFaceRecognition, enableFaceRecognition } from '../helpers/biometrics.ts';
import { enrolPhotoBody } from '../helpers/camera-frame.ts';
import { Client } from '../helpers/http-client.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The clock terminal in Chromium with its fake camera playing a face fixture (docs/architecture.md, Tests):
 * the face moves a little from frame to frame, as a live person's does. Signed out, as at the
 * door. The server's clock is faked (a Monday of 2027) so the punches meet the demo schedules.
 */

const SHOTS = path.join(ROOT, 'tests', '.tmp');
const ZONE = 'Europe/Lisbon';

let server: TestServer;
let admin: Client;
/** The kiosk's terminal: face punches need a paired terminal (decision 042). */
let terminal: PairedTestTerminal;
let dir: string;
let clockFile: string;
const browsers: TestBrowser[] = [];

const setNow = (date: string, time: string) => writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));

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

async function putSettings(change: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** A browser whose camera shows `photo` (moving unless `still`). */
async function kioskBrowser(photo: string, options: { still?: boolean; locale?: string } = {}): Promise<TestBrowser> {
  const video = path.join(dir, `${photo}${options.still ? '-still' : ''}.y4m`);
  await writeFaceVideo(`${photo}.png`, video, { sway: options.still ? 0 : 14 });
  const browser = await launchBrowser({ locale: options.locale ?? 'en-GB', extraArgs: fakeCameraArgs(video) });
  browsers.push(browser);
  await pairBrowserContext(browser.context, server.url, terminal.credential);
  return browser;
}

/** Opens the clock and waits until the models are loaded and the camera plays. */
async function openClock(browser: TestBrowser, requests: string[] = []): Promise<Page> {
  const page = await browser.context.newPage();
  page.on('request', (r) => requests.push(r.url()));
  await page.goto(`${server.url}/clock`);
  await page.waitForSelector('[data-testid=clock-kiosk][data-face=ready]', { timeout: 90_000 });
  return page;
}

/** What the result card shows (read at once: it goes away after a few seconds). */
const result = async (page: Page) => {
  await page.waitForSelector('[data-testid=clock-result]', { timeout: 90_000 });
  return page.evaluate(() => {
    const text = (id: string) => document.querySelector(`[data-testid=${id}]`)?.textContent?.trim() ?? null;
    return {
      ok: document.querySelector('[data-testid=clock-result]')!.getAttribute('data-ok'),
      name: text('result-name'),
      action: text('result-action'),
      message: text('result-message'),
      face: text('face-recognized'),
    };
  });
};

async function typePin(page: Page, pin: string): Promise<void> {
  for (const digit of pin) await page.click(`[data-testid=pin-key-${digit}]`);
  await page.click('[data-testid=pin-ok]');
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-kiosk-'));
  clockFile = path.join(dir, 'now');
  writeFileSync(clockFile, '2027-03-01T08:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  // Off on new installations and the demo (decision 047).
  await enableFaceRecognition(admin);
  terminal = await pairTerminal(server.url, admin, { name: 'Kiosk' });
  // Carmen is enrolled with Amy's first photo (the server computes its descriptor, issue 34.4).
  const carmen = idOf('Carmen');
  await admin.request('PUT', `/api/employees/${carmen}/consent`, { consent: true });
  const enrolled = await admin.post(`/api/employees/${carmen}/photos`, enrolPhotoBody('amy1'));
  expect(enrolled.status, await enrolled.clone().text()).toBe(201);
  expect(((await enrolled.json()) as { data: { faceData: boolean } }).data.faceData).toBe(true);
  mkdirSync(SHOTS, { recursive: true });
});

afterAll(async () => {
  for (const browser of browsers) await browser.close().catch(() => {});
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the clock terminal', () => {
  it('an enrolled person checks in by face: "Face recognized!", name, photo, time, "Recorded successfully!", snapshot kept', async () => {
    setNow('2027-03-01', '08:58');
    await putSettings({ punchPhoto: true });
    const requests: string[] = [];
    const browser = await kioskBrowser('amy2');
    const html = await (await fetch(`${server.url}/clock`, { headers: { 'accept-language': 'en', cookie: `jornada_terminal=${terminal.credential}` } })).text();
    expect(html).toContain(en.messages.loadingModels);
    const page = await openClock(browser, requests);
    expect(await page.textContent('[data-testid=clock-time]')).toContain('08:58');
    expect(requests.filter((u) => u.includes('/models/')).length).toBeGreaterThanOrEqual(6);
    // Decision 045: no GPU here (WebGL would be SwiftShader), so WebAssembly with SIMD, from /models,
    // and the Tiny Face Detector instead of SSD.
    expect(await page.getAttribute('[data-testid=camera-video]', 'data-face-backend')).toBe('wasm-simd');
    expect(requests.some((u) => u.endsWith('/models/tfjs-backend-wasm-simd.wasm'))).toBe(true);
    expect(requests.some((u) => u.includes('/models/tiny_face_detector_model'))).toBe(true);
    expect(requests.some((u) => u.includes('/models/ssd_mobilenetv1_model'))).toBe(false);
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-en-light-home.png') });

    const punchBodies: Array<Record<string, unknown>> = [];
    page.on('request', (r) => {
      if (r.method() === 'POST' && new URL(r.url()).pathname === '/api/clock') punchBodies.push(JSON.parse(r.postData() ?? '{}') as Record<string, unknown>);
    });
    await page.click('[data-testid=clock-action-check-in]');
    const answer = await result(page);
    expect(answer).toEqual({ ok: 'yes', name: 'Carmen Ruiz Navarro', action: 'Check in at 08:58', message: 'Recorded successfully!', face: 'Face recognized!' });
    expect(await page.getAttribute('[data-testid=result-photo]', 'src')).toMatch(/^data:image\/jpeg;base64,/);
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-en-light-result.png') });
    expect(punches(idOf('Carmen'))).toEqual([{ action: 'check-in', method: 'face' }]);
    // The punch carried its camera frame, as detected on (640 px, the fake camera's size), a JPEG:
    // the server computed that frame's descriptor and matched it (issue 34.4).
    expect(punchBodies).toHaveLength(1);
    const frame = String(punchBodies[0]!['photo']);
    expect(frame).toMatch(/^data:image\/jpeg;base64,/);
    expect(await sharp(Buffer.from(frame.slice(frame.indexOf(',') + 1), 'base64')).metadata()).toMatchObject({ format: 'jpeg', width: 640, height: 480 });
    // The snapshot setting is on: the camera frame was kept with the punch.
    expect(sql<{ employee_id: number }>('select employee_id from punch_photos')).toEqual([{ employee_id: idOf('Carmen') }]);
    await putSettings({ punchPhoto: false });
    // Nothing but this server: no model or script from elsewhere.
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
    // The result goes away by itself.
    await page.waitForSelector('[data-testid=clock-kiosk][data-stage=home]', { timeout: 15_000 });
    await page.close();
  }, 180_000);

  it('a different person gets the PIN prompt and checks in with the PIN (masked)', async () => {
    setNow('2027-03-01', '09:00');
    const browser = await kioskBrowser('raj1');
    const page = await openClock(browser);
    await page.click('[data-testid=clock-action-check-in]');
    await page.waitForSelector('[data-testid=pin-pad]', { timeout: 90_000 });
    expect((await page.textContent('[data-testid=pin-notice]'))!.trim()).toBe('Face not recognized, please enter your PIN.');
    for (const digit of '10000') await page.click(`[data-testid=pin-key-${digit}]`);
    expect(await page.getAttribute('[data-testid=pin-dots]', 'data-count')).toBe('5');
    expect(await page.isDisabled('[data-testid=pin-ok]')).toBe(true);
    await page.click('[data-testid=pin-key-3]');
    // The digits are never shown.
    expect(await page.textContent('[data-testid=pin-pad]')).not.toContain('100003');
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-en-light-pin.png') });
    await page.click('[data-testid=pin-ok]');
    const answer = await result(page);
    expect(answer).toMatchObject({ ok: 'yes', name: 'Lucía García Fernández', message: 'Recorded successfully!', face: null });
    expect(punches(idOf('Lucía'))).toEqual([{ action: 'check-in', method: 'pin' }]);
    await page.close();
  }, 180_000);

  it('a badge scan checks out (RFID reader types the code and Enter)', async () => {
    await putSettings({ rfidClock: true });
    sql("update employees set rfid_card = 'CARD-0003' where id = ?", idOf('Lucía'));
    setNow('2027-03-01', '15:02');
    const page = await openClock(browsers.at(-1)!);
    expect(await page.evaluate(() => document.activeElement?.getAttribute('data-testid'))).toBe('card-input');
    await page.keyboard.type('CARD-0003');
    await page.keyboard.press('Enter');
    await page.waitForSelector('[data-testid=kiosk-prompt]:has-text("Badge read")');
    await page.click('[data-testid=clock-action-check-out]');
    const answer = await result(page);
    expect(answer).toMatchObject({ ok: 'yes', name: 'Lucía García Fernández', action: 'Check out at 15:02', message: 'Recorded successfully!' });
    expect(punches(idOf('Lucía'))).toEqual([
      { action: 'check-in', method: 'pin' },
      { action: 'check-out', method: 'card' },
    ]);
    // A refusal names the person by first name only (decision 025) and gives the rule's message.
    await page.click('[data-testid=clock-result]');
    setNow('2027-03-01', '15:20');
    await page.keyboard.type('CARD-0003');
    await page.keyboard.press('Enter');
    await page.click('[data-testid=clock-action-check-out]');
    expect(await result(page)).toMatchObject({ ok: 'no', name: 'Lucía', message: 'This employee has already left work.' });
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-en-light-refusal.png') });
    await page.close();
  }, 180_000);

  it('a photo held still is not taken for a live face (liveness), and the PIN pad opens', async () => {
    setNow('2027-03-01', '09:10');
    const browser = await kioskBrowser('amy2', { still: true });
    const page = await openClock(browser);
    await page.click('[data-testid=clock-action-break-in]');
    await page.waitForSelector('[data-testid=face-step][data-hint=move]', { timeout: 60_000 });
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-en-light-face.png') });
    await page.waitForSelector('[data-testid=pin-pad]', { timeout: 60_000 });
    expect((await page.textContent('[data-testid=pin-notice]'))!.trim()).toBe(en.kiosk.livenessFailed);
    expect(punches(idOf('Carmen'))).toEqual([{ action: 'check-in', method: 'face' }]);
    await page.close();
  }, 180_000);

  it('repeated wrong PINs make the terminal wait seconds, counted down, and the next person then punches (typed on the keyboard, in Spanish)', async () => {
    await disableFaceRecognition(admin);
    setNow('2027-03-01', '09:30');
    const browser = await launchBrowser({ locale: 'es-ES' });
    browsers.push(browser);
    const page = await browser.context.newPage();
    await page.goto(`${server.url}/clock`);
    await page.waitForSelector('[data-testid=clock-kiosk][data-face=off]');
    // Three typos are free; the fourth makes the terminal wait 2 s (decision 025).
    for (let i = 0; i < 4; i++) {
      await page.click('[data-testid=clock-action-check-in]');
      await page.waitForSelector('[data-testid=pin-pad]');
      // A person types (not a badge reader's burst).
      await page.keyboard.type(`99999${i}`, { delay: 90 });
      await page.keyboard.press('Enter');
      await page.waitForSelector('[data-testid=pin-error]');
      expect((await page.textContent('[data-testid=pin-error]'))!.trim()).toBe(es.punch.unknownPin);
      await page.keyboard.press('Escape');
    }
    await page.click('[data-testid=clock-action-check-in]');
    await typePin(page, '100007');
    const waiting = await result(page);
    // One second or two: the singular or plural message (issue 17.7).
    const form = (text: string, n: string) => text.replace('{{seconds}}', n).replace(/\./g, '\\.');
    const countdown = new RegExp(`^(${form(es.punch.tooManyAttemptsSeconds_one, '1')}|${form(es.punch.tooManyAttemptsSeconds_other, '2')})$`);
    expect(waiting.ok).toBe('no');
    expect(waiting.message).toMatch(countdown);
    expect(punches(idOf('Laura'))).toEqual([]);
    // The server's clock is faked: move it past the wait. The card goes away when the count ends.
    setNow('2027-03-01', '09:31');
    await page.waitForSelector('[data-testid=clock-kiosk][data-stage=home]', { timeout: 15_000 });
    await page.click('[data-testid=clock-action-check-in]');
    await typePin(page, '100007');
    expect(await result(page)).toMatchObject({ ok: 'yes', name: 'Laura Jiménez Díaz', message: es.messages.recordedSuccessfully });
    expect(punches(idOf('Laura'))).toEqual([{ action: 'check-in', method: 'pin' }]);
    await enableFaceRecognition(admin);
    await page.close();
  }, 180_000);

  it('an address outside the IP restriction sees Access Denied and nothing of the clock', async () => {
    await putSettings({ ipRestriction: '10.0.0.0/8' });
    const browser = await launchBrowser({ locale: 'en-GB' });
    browsers.push(browser);
    const page = await browser.context.newPage();
    const requests: string[] = [];
    page.on('request', (r) => requests.push(r.url()));
    const res = await page.goto(`${server.url}/clock`);
    expect(res?.status()).toBe(403);
    expect((await page.textContent('[data-testid=clock-denied] [role=alert]'))!.trim()).toBe('Access Denied: You do not have permission to visit this page.');
    expect(await page.$('[data-testid=clock-kiosk]')).toBeNull();
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes('/models/') || /face-api/.test(u))).toEqual([]);
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-en-denied.png') });
    await putSettings({ ipRestriction: '' });
    await page.close();
  }, 120_000);
});

import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import es from '../../src/i18n/es.json';
import { writeSceneVideo, type SceneKind } from '../fixtures/liveness/scenes.ts';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { fakeCameraArgs, kioskVisitFrames, y4mVideo } from '../helpers/fake-camera.ts';
import { enrolPhotoBody } from '../helpers/camera-frame.ts';
import { Client } from '../helpers/http-client.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { pairBrowserContext, pairTerminal } from '../helpers/terminal.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The liveness challenge on the real kiosk (decision 044): Chromium's fake camera plays scenes made
 * from the face fixtures (tests/fixtures/liveness/scenes.ts). A printed photo of an enrolled
 * employee waved in front of the camera — which the old movement check took for a live face — is
 * refused and nothing is recorded; a person who turns their head when asked is recognised. The
 * terminal is paired (face punches need a paired terminal, decision 042).
 */

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const ZONE = 'Europe/Lisbon';

let server: TestServer;
let admin: Client;
let dir: string;
let clockFile: string;
const browsers: TestBrowser[] = [];

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

/** A paired terminal whose camera plays `scene` of `person` (a 2-second loop; the live turn 4 s). */
async function kioskBrowser(scene: SceneKind, person: string, locale = 'en-GB'): Promise<TestBrowser> {
  const video = path.join(dir, `${scene}-${person}.y4m`);
  // The live turn takes 4 s a cycle: with a 2 s loop, the kiosk's frame timing on a loaded machine
  // could keep sampling the same phases of the turn and never see it (failed about half the runs).
  await writeSceneVideo(scene, person, video, scene === 'live-turn' ? 40 : 20);
  return pairedKiosk(video, `Door ${scene}`, locale);
}

/** A browser whose fake camera plays `video`, paired as the terminal `name`. */
async function pairedKiosk(video: string, name: string, locale: string): Promise<TestBrowser> {
  const browser = await launchBrowser({ locale, extraArgs: fakeCameraArgs(video) });
  browsers.push(browser);
  const terminal = await pairTerminal(server.url, admin, { name });
  await pairBrowserContext(browser.context, server.url, terminal.credential);
  return browser;
}

async function openClock(browser: TestBrowser): Promise<Page> {
  const page = await browser.context.newPage();
  await page.goto(`${server.url}/clock`);
  try {
    // Software WebGL on a loaded 2-core machine: the models take up to minutes (decision 030).
    await page.waitForSelector('[data-testid=clock-kiosk][data-face=ready]', { timeout: 300_000 });
  } catch (error) {
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-liveness-not-ready.png') });
    const face = await page.getAttribute('[data-testid=clock-kiosk]', 'data-face').catch(() => 'no kiosk');
    throw new Error(`the kiosk's face recognition is not ready (data-face=${face}): ${String(error)}`, { cause: error });
  }
  return page;
}

/** Records in the page every hint the camera step shows, as `hint:text` (it may be on screen only briefly). */
async function recordHints(page: Page): Promise<void> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { seenHints: string[] }).seenHints = seen;
    new MutationObserver(() => {
      const step = document.querySelector('[data-testid=face-step]');
      const entry = step ? `${step.getAttribute('data-hint')}:${document.querySelector('[data-testid=face-hint]')?.textContent?.trim()}` : null;
      if (entry && seen[seen.length - 1] !== entry) seen.push(entry);
    }).observe(document.body, { subtree: true, childList: true, attributes: true, characterData: true });
  });
}

/** The hints recordHints saw so far, in order. */
const seenHints = (page: Page) => page.evaluate(() => (window as unknown as { seenHints: string[] }).seenHints);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-liveness-'));
  clockFile = path.join(dir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '08:58', ZONE));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  await enableFaceRecognition(admin);
  const settings = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  expect(settings.data['faceLiveness']).toBe(true);
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

describe('the kiosk liveness challenge', () => {
  it('a printed photo of an enrolled employee, waved about, is refused: the kiosk asks for a turn, then opens the PIN pad; nothing recorded', async () => {
    const browser = await kioskBrowser('photo-moved', 'amy', 'es-ES');
    const page = await openClock(browser);
    await recordHints(page);
    await page.click('[data-testid=clock-action-check-in]');
    await page.waitForSelector('[data-testid=pin-pad]', { timeout: 240_000 });
    const seen = await seenHints(page);
    // The challenge, in Spanish: turn the head; then the refusal.
    expect(seen, seen.join(' | ')).toContain(`move:${es.kiosk.turnHead}`);
    expect((await page.textContent('[data-testid=pin-notice]'))!.trim()).toBe(es.kiosk.livenessFailed);
    await shootWidthsAndThemes(page, SHOTS, 'kiosk-liveness-es-refused');
    expect(punches(idOf('Carmen'))).toEqual([]);
    await page.close();
  }, 800_000);

  it('the same person turning their head is recognised and the punch recorded', async () => {
    const browser = await kioskBrowser('live-turn', 'amy');
    const page = await openClock(browser);
    // A person whose turn was not confirmed tries again (Escape, then the button), as at a real
    // kiosk: on this fake video about one attempt in three is not confirmed (a known false reject,
    // issue 20; bench/liveness-quality.mjs measures the rate). Three refusals in a row fail the test.
    for (let attempt = 1; attempt <= 3; attempt++) {
      await page.click('[data-testid=clock-action-check-in]');
      await page.waitForSelector('[data-testid=clock-result], [data-testid=pin-pad]', { timeout: 240_000 });
      if (attempt === 3 || !(await page.$('[data-testid=pin-notice]'))) break;
      await page.keyboard.press('Escape');
      await page.waitForSelector('[data-testid=clock-action-check-in]', { timeout: 30_000 });
    }
    await page.screenshot({ path: path.join(SHOTS, 'kiosk-liveness-en-result.png') });
    // Not the PIN pad (it would say why: liveness or not recognised).
    expect(await (await page.$('[data-testid=pin-notice]'))?.textContent()).toBeUndefined();
    const shown = await page.evaluate(() => ({
      ok: document.querySelector('[data-testid=clock-result]')!.getAttribute('data-ok'),
      name: document.querySelector('[data-testid=result-name]')?.textContent?.trim(),
      message: document.querySelector('[data-testid=result-message]')?.textContent?.trim(),
    }));
    expect(shown).toEqual({ ok: 'yes', name: 'Carmen Ruiz Navarro', message: 'Recorded successfully!' });
    expect(punches(idOf('Carmen'))).toEqual([{ action: 'check-in', method: 'face' }]);
    await page.close();
  }, 800_000);

  it('asks for the turn from the start; a person who steps up, looks, then turns as asked is recorded (Spanish, the bench person)', async () => {
    // The benchmark's person (bench/kiosk-face.mjs, decision 045): nobody, then Amy looking at the camera, then turned about 20° and held.
    const video = path.join(dir, 'visit-amy.y4m');
    writeFileSync(video, y4mVideo(await kioskVisitFrames('amy2.png', { turn: -0.2 })));
    const browser = await pairedKiosk(video, 'Door visit', 'es-ES');
    writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '11:00', ZONE));
    const page = await openClock(browser);
    await recordHints(page);
    await page.click('[data-testid=clock-action-break-in]');
    await page.waitForSelector('[data-testid=clock-result], [data-testid=pin-pad]', { timeout: 240_000 });
    const seen = await seenHints(page);
    // The first instruction of the camera step (after "loading models", when it shows): look,
    // then turn — not "look" alone and the turn only once a face is seen.
    expect(seen.filter((hint) => !hint.startsWith('loading:'))[0], seen.join(' | ')).toBe(`look:${es.kiosk.lookThenTurn}`);
    expect(await (await page.$('[data-testid=pin-notice]'))?.textContent()).toBeUndefined();
    expect((await page.textContent('[data-testid=result-message]'))!.trim()).toBe(es.messages.recordedSuccessfully);
    expect(punches(idOf('Carmen'))).toEqual([
      { action: 'check-in', method: 'face' },
      { action: 'break-in', method: 'face' },
    ]);
    await page.close();
  }, 800_000);
});

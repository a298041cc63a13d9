import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { fakeCameraArgs, writeFaceVideo } from '../helpers/fake-camera.ts';
import { Client } from '../helpers/http-client.ts';
import { signInDemo } from '../helpers/e2e-session.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { FACES } from '../helpers/faces.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';

const SHOTS = path.join(ROOT, 'tests', '.tmp');

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let api: Client;
let employeeId: number;
const requests: string[] = [];
const uploads: Array<{ descriptor: number[] | null }> = [];

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  api = new Client(server.url);
  await api.signIn('admin@demo.jornada', 'Demo#2026');
  employeeId = (await (await api.get('/api/employees?pageSize=1')).json()).data[0]._id;
  // Face data is kept only while face recognition is on (decision 047).
  await enableFaceRecognition(api);
  browser = await launchBrowser({ locale: 'en-GB' });
  page = await browser.context.newPage();
  page.on('request', (request: Request) => {
    requests.push(request.url());
    if (request.method() === 'POST' && request.url().endsWith(`/api/employees/${employeeId}/photos`)) {
      uploads.push(JSON.parse(request.postData() ?? '{}'));
    }
  });
  await signInDemo(page, server.url, 'admin');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const status = () => page.textContent('[data-testid=photo-status-text]');
const employee = async () => (await (await api.get(`/api/employees/${employeeId}`)).json()).data;
const photos = async () => (await (await api.get(`/api/employees/${employeeId}/photos`)).json()).data as Array<{ _id: string; faceData: boolean }>;

const currentSeq = async () => Number((await page.getAttribute('[data-testid=photo-status]', 'data-seq').catch(() => null)) ?? 0);

/** Waits for a status newer than `after` that is final (success or error); returns its text. */
async function finalStatus(after: number): Promise<string> {
  await page.waitForFunction(
    (seq) => {
      const el = document.querySelector('[data-testid=photo-status]');
      return !!el && Number(el.getAttribute('data-seq')) > seq && ['success', 'error'].includes(el.getAttribute('data-kind') ?? '');
    },
    after,
    { timeout: 90_000 },
  );
  return (await status())!.trim();
}

/** Records every status text shown from now on (to see "Loading Models" go by). */
async function watchStatus(): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __statusSeen: string[] }).__statusSeen = seen;
    const panel = document.querySelector('[data-testid=photo-panel]')!;
    new MutationObserver(() => {
      const el = document.querySelector('[data-testid=photo-status]');
      const entry = `${el?.getAttribute('data-seq')} ${el?.querySelector('[data-testid=photo-status-text]')?.textContent?.trim()}`;
      if (el && seen[seen.length - 1] !== entry) seen.push(entry);
    }).observe(panel, { subtree: true, childList: true, characterData: true, attributes: true });
  });
  return async () => (await page.evaluate(() => (window as unknown as { __statusSeen: string[] }).__statusSeen)).map((e) => e.replace(/^\d+ /, ''));
}

/** Picks a file and returns the final message; the face search must have shown on the way. */
async function upload(file: string): Promise<string> {
  const before = await currentSeq();
  const seen = await watchStatus();
  await page.setInputFiles('[data-testid=photo-file-input]', path.join(FACES, file));
  const text = await finalStatus(before);
  expect(await seen()).toContain('Looking for a face…');
  return text;
}

describe('photo and face enrolment in the browser', () => {
  it('does not load face-api or the models on pages without the photo panel', async () => {
    requests.length = 0;
    await page.goto(`${server.url}/employees`);
    await page.waitForLoadState('networkidle');
    expect(requests.filter((u) => u.includes('/models/') || /face-api/.test(u))).toEqual([]);
  });

  it('records consent, then uploads amy1.png: "Image uploaded successfully." and one descriptor', async () => {
    requests.length = 0;
    await page.goto(`${server.url}/employee-edit/${employeeId}`);
    await page.waitForSelector('[data-testid=photo-panel] [data-testid=consent-checkbox]:not([disabled])');
    expect(await page.textContent('[data-testid=photo-panel]')).toContain('No photos yet.');
    // Nothing heavy until the user picks a photo: neither face-api's script nor the models.
    expect(requests.filter((u) => u.includes('/models/') || /face-api/.test(u))).toEqual([]);

    await page.click('[data-testid=consent-checkbox]');
    await page.waitForSelector('[data-testid=consent-record]:has-text("Recorded on")');
    expect(await page.textContent('[data-testid=consent-record]')).toMatch(/Recorded on .+ by .+\./);
    expect((await employee()).biometricConsentAt).not.toBeNull();

    const seen = await watchStatus();
    expect(await upload('amy1.png')).toBe('Image uploaded successfully.');
    expect((await seen()).slice(-4)).toEqual(['Loading Models', 'Looking for a face…', 'Uploading…', 'Image uploaded successfully.']);
    expect((await employee()).faceDescriptors).toBe(1);
    const list = await photos();
    expect(list).toHaveLength(1);
    expect(list[0]!.faceData).toBe(true);
    await page.waitForSelector('[data-testid=photo-card][data-face=yes] img');
    // The thumbnail loads after the card appears: wait until the browser is done with it (loaded or broken).
    await page.waitForFunction(() => (document.querySelector('[data-testid=photo-card] img') as HTMLImageElement | null)?.complete === true);
    expect(await page.$eval('[data-testid=photo-card] img', (img) => (img as HTMLImageElement).naturalWidth)).toBe(150);

    // What the browser sent: 128 finite numbers (the server validated and stored them).
    expect(uploads).toHaveLength(1);
    const d = uploads[0]!.descriptor!;
    expect(d).toHaveLength(128);
    expect(d.every((x) => Number.isFinite(x) && Math.abs(x) < 1)).toBe(true);
    expect(Math.hypot(...d)).toBeGreaterThan(1);
    expect(Math.hypot(...d)).toBeLessThan(2);
    // Models and face-api came from this server, nothing from elsewhere.
    expect(requests.filter((u) => u.includes('/models/')).length).toBeGreaterThanOrEqual(6);
    expect(requests.filter((u) => !u.startsWith(server.url) && !u.startsWith('data:') && !u.startsWith('blob:'))).toEqual([]);
  }, 150_000);

  it('refuses no-face.png and group.jpg: "Image not recognized, please upload another.", nothing stored', async () => {
    expect(await upload('no-face.png')).toBe('Image not recognized, please upload another.');
    expect(await upload('group.jpg')).toBe('Image not recognized, please upload another.');
    expect((await employee()).faceDescriptors).toBe(1);
    expect(await photos()).toHaveLength(1);
    expect(uploads).toHaveLength(1);
    expect(await page.$$('[data-testid=photo-card]')).toHaveLength(1);
  }, 150_000);

  it('shows the panel (screenshot), and removing the photo deletes its descriptor', async () => {
    mkdirSync(SHOTS, { recursive: true });
    await page.locator('[data-testid=photo-panel]').screenshot({ path: path.join(SHOTS, 'photo-panel.png') });
    await page.click('[data-testid=photo-delete]');
    await page.click('[data-testid=confirm-photo-delete]');
    await page.waitForSelector('[data-testid=photo-status-text]:has-text("Photo deleted")');
    expect((await employee()).faceDescriptors).toBe(0);
    expect(await photos()).toHaveLength(0);
  });
});

describe('taking the photo with the camera', () => {
  it('captures a frame from the (fake) camera and enrols it', async () => {
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-camera-'));
    const video = path.join(dir, 'raj1.y4m');
    await writeFaceVideo('raj1.png', video);
    const camera = await launchBrowser({
      locale: 'en-GB',
      extraArgs: fakeCameraArgs(video),
    });
    try {
      const other = (await (await api.get('/api/employees?pageSize=2')).json()).data[1]._id as number;
      await api.request('PUT', `/api/employees/${other}/consent`, { consent: true });
      const tab = await camera.context.newPage();
      await signInDemo(tab, server.url, 'admin');
      await tab.goto(`${server.url}/employee-edit/${other}`);
      await tab.waitForSelector('[data-testid=consent-checkbox]:checked');
      await tab.click('[data-testid=photo-camera]');
      await tab.waitForSelector('[data-testid=camera-capture]:not([disabled])', { timeout: 20_000 });
      expect(await tab.$eval('[data-testid=camera-video]', (v) => (v as HTMLVideoElement).videoWidth)).toBe(640);
      await tab.click('[data-testid=camera-capture]');
      await tab.waitForSelector('[data-testid=photo-status]:is([data-kind=success], [data-kind=error])', { timeout: 90_000 });
      expect(await tab.textContent('[data-testid=photo-status-text]')).toBe('Image uploaded successfully.');
      const saved = (await (await api.get(`/api/employees/${other}`)).json()).data;
      expect(saved.faceDescriptors).toBe(1);
      // The stream stops when the dialog closes (no camera left running).
      expect(await tab.$('[data-testid=camera-video]')).toBeNull();
    } finally {
      await camera.close();
      rmSync(dir, { recursive: true, force: true });
    }
  }, 150_000);
});

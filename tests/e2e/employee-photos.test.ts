import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page, Request } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bytesToDescriptor } from '../../src/domain/employees/face-descriptor.ts';
import en from '../../src/i18n/en.json';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { fakeCameraArgs, writeFaceVideo } from '../helpers/fake-camera.ts';
import { Client } from '../helpers/http-client.ts';
import { signInDemo } from '../helpers/e2e-session.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { FACES } from '../helpers/faces.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { enrolPhotoBody, FACE_FIXTURE } from '../helpers/camera-frame.ts';
import { hydrated } from '../helpers/hydrated.ts';

const SHOTS = path.join(ROOT, 'tests', '.tmp');

let server: TestServer;
let browser: TestBrowser;
let page: Page;
let api: Client;
let employeeId: number;
const requests: string[] = [];
/** The bodies the panel sent: uploads (`POST …/photos`) and enrolments of a photo on file (`PUT …/descriptor`). */
const uploads: Array<Record<string, unknown>> = [];
const enrolments: Array<{ url: string; body: string | null }> = [];

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
    if (request.method() === 'PUT' && request.url().endsWith('/descriptor')) enrolments.push({ url: request.url(), body: request.postData() });
  });
  await signInDemo(page, server.url, 'admin');
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
});

const status = () => page.textContent('[data-testid=photo-status-text]');
const employee = async () => (await (await api.get(`/api/employees/${employeeId}`)).json()).data;
/** The face descriptors the server stored for `id` (128 float32 each). */
function storedDescriptors(id: number): Float32Array[] {
  const db = new Database(path.join(server.dataDir, 'jornada.db'), { readonly: true });
  try {
    return (db.prepare('select descriptor from face_descriptors where employee_id = ? order by id').all(id) as Array<{ descriptor: Buffer }>).map((row) => bytesToDescriptor(new Uint8Array(row.descriptor)));
  } finally {
    db.close();
  }
}
const distance = (a: ArrayLike<number>, b: ArrayLike<number>) => Math.hypot(...Array.from(a, (x, i) => x - b[i]!));
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

  it('records consent, then uploads amy1.png: "Image uploaded successfully." and one descriptor, computed by the server', async () => {
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

    // What the browser sent: the photo and `enrol: true`, no numbers (issue 34.4).
    expect(uploads).toHaveLength(1);
    expect(Object.keys(uploads[0]!).sort()).toEqual(['enrol', 'image']);
    expect(uploads[0]!['enrol']).toBe(true);
    expect(uploads[0]!['image']).toMatch(/^data:image\/(png|jpeg);base64,/);
    // What the server computed and stored: 128 finite numbers, Amy's face (the browser pipeline's
    // descriptor of amy1.png within the match threshold, 0.55).
    const stored = storedDescriptors(employeeId);
    expect(stored).toHaveLength(1);
    const d = Array.from(stored[0]!);
    expect(d).toHaveLength(128);
    expect(d.every((x) => Number.isFinite(x) && Math.abs(x) < 1)).toBe(true);
    expect(Math.hypot(...d)).toBeGreaterThan(1);
    expect(Math.hypot(...d)).toBeLessThan(2);
    expect(distance(d, FACE_FIXTURE['amy1']!.enrol)).toBeLessThan(0.55);
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

  it('creates face data from a photo kept before consent: an empty PUT, the server computes it from the stored photo', async () => {
    const third = (await (await api.get('/api/employees?pageSize=3')).json()).data[2]._id as number;
    // Kept without face data: no `enrol`, and no consent yet.
    const kept = await api.post(`/api/employees/${third}/photos`, { image: enrolPhotoBody('raj1').image });
    expect(kept.status, await kept.clone().text()).toBe(201);
    expect(((await kept.json()) as { data: { faceData: boolean } }).data.faceData).toBe(false);
    await api.request('PUT', `/api/employees/${third}/consent`, { consent: true });
    await page.goto(`${server.url}/employee-edit/${third}`);
    await hydrated(page, '[data-testid=photo-panel]');
    await page.waitForSelector('[data-testid=photo-card][data-face=no]');
    const before = await currentSeq();
    await page.click(`[data-testid=photo-card] button[aria-label="${en.photos.enrol}"]`);
    expect(await finalStatus(before)).toBe(en.photos.faceDataStored);
    await page.waitForSelector('[data-testid=photo-card][data-face=yes]');
    // No numbers left the browser; the stored descriptor is Raj's face.
    expect(enrolments).toHaveLength(1);
    expect(enrolments[0]!.url).toMatch(new RegExp(`/api/employees/${third}/photos/[^/]+/descriptor$`));
    expect(JSON.parse(enrolments[0]!.body ?? '{}')).toEqual({});
    const stored = storedDescriptors(third);
    expect(stored).toHaveLength(1);
    expect(distance(stored[0]!, FACE_FIXTURE['raj1']!.enrol)).toBeLessThan(0.55);
    expect(distance(stored[0]!, FACE_FIXTURE['amy1']!.enrol)).toBeGreaterThan(0.55);
  }, 150_000);
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

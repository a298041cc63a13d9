import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { Client } from '../helpers/http-client.ts';
import { pairBrowserContext, pairTerminal } from '../helpers/terminal.ts';
import { fakeCameraArgs, writeFaceVideo } from '../helpers/fake-camera.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The Content-Security-Policy (decision 016) blocks nothing the app needs: the main pages, their
 * islands and the clock terminal with its camera and face models (tfjs on WebGL or the CPU) run
 * in Chromium without a single violation. A planted inline script is refused, so the listener is
 * known to work.
 */

let server: TestServer;
let browser: TestBrowser;
let dir: string;

declare global {
  interface Window {
    __cspViolations?: string[];
  }
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-csp-'));
  const video = path.join(dir, 'face.y4m');
  await writeFaceVideo('amy1.png', video, { sway: 14 });
  server = await startServer({ args: ['--demo'] });
  browser = await launchBrowser({ locale: 'en-GB', extraArgs: fakeCameraArgs(video) });
  await browser.context.addInitScript(() => {
    window.__cspViolations = [];
    document.addEventListener('securitypolicyviolation', (e) => {
      window.__cspViolations!.push(`${e.violatedDirective} ${e.blockedURI} ${e.sourceFile}:${e.lineNumber}`);
    });
  });
});
afterAll(async () => {
  await browser?.close();
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

/** Console messages and violation events of a page. */
function watch(page: Page): () => Promise<string[]> {
  const consoleViolations: string[] = [];
  page.on('console', (m) => {
    if (/Content Security Policy|Refused to/i.test(m.text())) consoleViolations.push(m.text());
  });
  return async () => [...consoleViolations, ...(await page.evaluate(() => window.__cspViolations ?? []))];
}

it('opens the main pages and the clock terminal without any CSP violation', async () => {
  const page = await browser.context.newPage();
  const violations = watch(page);

  await page.goto(`${server.url}/sign-in`);
  await page.fill('input[name=email]', 'admin@demo.jornada');
  await page.fill('input[name=password]', 'Demo#2026');
  await page.click('button[type=submit]');
  await page.waitForURL('**/dashboard');

  const pages = ['/dashboard', '/employees', '/employee-create', '/schedule', '/attendance', '/reports', '/reports/employee-attendance', '/setting', '/users', '/leave-list', '/company', '/terminals', '/clock-conflicts'];
  for (const url of pages) {
    const res = await page.goto(server.url + url, { waitUntil: 'networkidle' });
    expect(res?.status(), url).toBe(200);
    expect(res?.headers()['content-security-policy'], url).toContain("script-src 'self'");
    // goto waited for the page's islands to hydrate (tests/helpers/hydrated.ts); a blocked
    // hydration script shows here as a violation.
    expect(await violations(), url).toEqual([]);
  }
  const employee = await page.evaluate(() => document.querySelector<HTMLAnchorElement>('a[href^="/employee-details/"], a[href^="/employee-edit/"]')?.getAttribute('href'));
  await page.goto(`${server.url}/employees`, { waitUntil: 'networkidle' });
  const firstEmployee = employee ?? (await page.locator('a[href^="/employee-"]').first().getAttribute('href'));
  if (firstEmployee) {
    await page.goto(server.url + firstEmployee, { waitUntil: 'networkidle' });
    expect(await violations(), firstEmployee).toEqual([]);
  }

  // The clock terminal: camera, face models and detection under the policy, on a paired terminal
  // with face recognition on (decisions 042, 047).
  const admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  await enableFaceRecognition(admin);
  await pairBrowserContext(browser.context, server.url, (await pairTerminal(server.url, admin, { name: 'CSP' })).credential);
  await page.goto(`${server.url}/clock`);
  await page.waitForSelector('[data-testid=clock-kiosk][data-face=ready]', { timeout: 90_000 });
  // Violations are reported as events: two animation frames later, any from the models' loading are in.
  await page.evaluate(() => new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve))));
  expect(await violations(), '/clock').toEqual([]);

  // The listener works: an inline script planted into the page is refused and reported.
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.__planted = true';
    document.body.append(s);
  });
  await expect.poll(async () => (await violations()).length).toBeGreaterThan(0);
  expect(await page.evaluate(() => (window as unknown as { __planted?: boolean }).__planted)).toBeUndefined();
  await page.close();
}, 180_000);

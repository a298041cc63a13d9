import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { signIn } from '../helpers/shell.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Issue 17, point 1 (decision 027) in a browser: first-run setup proposes the browser's country
 * and time zone and shows every field error at once (point 8); after a zone change, the screens
 * show a punch at the time of the zone it was made in. The HTML pages and the exports are
 * checked over HTTP in tests/integration/one-time-on-every-screen.test.ts.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');

describe('first-run setup asks for the country and the time zone', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let page: Page;
  beforeAll(async () => {
    server = await startServer();
    browser = await launchBrowser({ locale: 'es-ES', timezoneId: 'Atlantic/Canary' });
    page = await browser.context.newPage();
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
  });

  it('proposes them from the browser, shows all errors at once and saves them', async () => {
    const errors: string[] = [];
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    await page.goto(`${server.url}/sign-up`);
    // Proposed once the form has hydrated: the browser's zone and that zone's country.
    await page.waitForFunction(() => (document.querySelector('#field-timezone') as HTMLInputElement | null)?.value === 'Atlantic/Canary');
    expect(await page.inputValue('#field-country')).toBe('ES');

    // Nothing typed: every field says what is wrong, in one go.
    await page.fill('input[name=email]', 'not-an-email');
    await page.fill('input[name=password]', 'corta');
    await page.fill('input[name=confirmPassword]', 'otra');
    await page.click('button[type=submit]');
    await page.waitForSelector('#field-confirmPassword-error');
    for (const field of ['company', 'full_name', 'email', 'password', 'confirmPassword']) {
      expect(await page.getAttribute(`#field-${field}`, 'aria-invalid'), field).toBe('true');
    }
    expect(await page.textContent('#field-company-error')).toBe('Este campo es obligatorio');
    expect(await page.textContent('#field-confirmPassword-error')).toBe('Las contraseñas deben coincidir');
    for (const width of [1440, 390]) {
      await page.setViewportSize({ width, height: 1000 });
      await page.screenshot({ path: path.join(SHOTS, `sign-up-errors-es-${width}.png`), fullPage: true });
    }

    // A zone outside the IANA list is refused before anything is sent.
    await page.fill('#field-timezone', 'Canarias');
    await page.click('button[type=submit]');
    await page.waitForSelector('#field-timezone-error');
    await page.fill('#field-timezone', 'Atlantic/Canary');

    await page.fill('input[name=company]', 'Panadería Teide');
    await page.fill('input[name=full_name]', 'Nieves Perdomo');
    await page.fill('input[name=email]', 'nieves@teide.es');
    await page.fill('input[name=password]', 'Teide#2026pan');
    await page.fill('input[name=confirmPassword]', 'Teide#2026pan');
    await page.click('button[type=submit]');
    await page.waitForURL('**/dashboard');
    const settings = await page.evaluate(async () => (await (await fetch('/api/settings')).json()).data);
    expect(settings).toMatchObject({ country: 'ES', timezone: 'Atlantic/Canary' });
    expect(errors).toEqual([]);
  });
});

describe('one time on every screen after a zone change', () => {
  let server: TestServer;
  let browser: TestBrowser;
  let page: Page;
  let clockDir: string;
  const TUE = '2027-03-02';
  beforeAll(async () => {
    clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-one-time-e2e-'));
    const clockFile = path.join(clockDir, 'now');
    writeFileSync(clockFile, `${TUE}T08:12:00Z`); // 08:12 in Lisbon, the demo's zone
    server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
    browser = await launchBrowser({ locale: 'en-GB' });
    page = await browser.context.newPage();
    await signIn(page, server.url, 'admin@demo.jornada', 'Demo#2026', '/dashboard');
    // Javier (PIN 100002, 08:00–16:00) checks in, then the company moves to Madrid (UTC+1).
    const punched = await fetch(`${server.url}/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ action: 'check-in', pin: '100002' }) });
    expect(punched.status).toBe(200);
    const saved = await page.evaluate(async () => {
      const current = (await (await fetch('/api/settings')).json()).data;
      return (await fetch('/api/settings', { method: 'PUT', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ ...current, timezone: 'Europe/Madrid', country: 'ES' }) })).status;
    });
    expect(saved).toBe(200);
    writeFileSync(clockFile, `${TUE}T10:00:00Z`);
  });
  afterAll(async () => {
    await browser?.close();
    await server?.stop();
    rmSync(clockDir, { recursive: true, force: true });
  });

  it('the attendance list, the dashboard and the employee details show 08:12', async () => {
    await page.goto(`${server.url}/attendance?from=${TUE}&to=${TUE}`);
    const row = page.locator('tbody tr', { hasText: 'Javier' });
    await row.waitFor();
    expect(await row.textContent()).toContain('08:12');
    await page.screenshot({ path: path.join(SHOTS, 'attendance-after-zone-change-en-1280.png') });

    await page.goto(`${server.url}/dashboard`);
    const dashboard = (await page.textContent('main')) ?? '';
    expect(dashboard).toContain('08:12');
    expect(dashboard).not.toContain('09:12');

    const javier = await page.evaluate(async () => (await (await fetch('/api/employees?q=Javier')).json()).data[0]._id as number);
    await page.goto(`${server.url}/employee-details/${javier}`);
    const details = (await page.textContent('main')) ?? '';
    expect(details).toContain('08:12');
    expect(details).not.toContain('09:12');
  });
});

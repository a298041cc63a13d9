import Database from 'better-sqlite3';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { watchProblems, type PageProblems } from '../helpers/page-audit.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { ROOT, type TestServer } from '../helpers/test-server.ts';
import { hydrated } from '../helpers/hydrated.ts';

/**
 * Clock terminals in the browser (issue 20.1, decision 042): an administrator creates a terminal
 * and reads its one-time code and QR; a second browser — the device at the door — types the code
 * on /clock, shows the terminal's name and punches with a PIN; the attendance page names the
 * terminal; the admin revokes it and the device shows that it was revoked. A wrong code and an
 * unpaired device (with unpaired punches off) are kept as attempts. The server's clock is a
 * Monday morning of 2027 (the demo schedules). Screenshots in tests/.tmp/screenshots.
 */
const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const ZONE = 'Europe/Lisbon';
const NONE: PageProblems = { console: [], pageErrors: [], csp: [] };
let session: E2eSession;
let server: TestServer;
let admin: Page;
let dir: string;
let clockFile: string;
let device: TestBrowser | undefined;
let stranger: TestBrowser | undefined;
let kiosk: Page;
let code: string;

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

const setLanguage = (page: Page, lang: 'es' | 'en') => page.context().addCookies([{ name: 'lang', value: lang, url: server.url }]);

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-terminals-'));
  clockFile = path.join(dir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '08:55', ZONE));
  session = await startDemoSession({ account: 'admin', locale: 'en-GB', env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile }, preparePage: (p) => p.setViewportSize({ width: 1440, height: 1000 }) });
  ({ server, page: admin } = session);
}, 120_000);

afterAll(async () => {
  await device?.close().catch(() => {});
  await stranger?.close().catch(() => {});
  await session?.close();
  rmSync(dir, { recursive: true, force: true });
});

describe('clock terminals (decision 042)', () => {
  it('an administrator creates a terminal and sees its one-time code and QR', async () => {
    const { take } = await watchProblems(admin);
    await admin.goto(`${server.url}/terminals`);
    await admin.waitForSelector('[data-testid=terminal-create]');
    expect(await admin.textContent('[data-testid=terminals-none]')).toContain('No terminals yet');
    // A terminal needs a name and at least one method: refused in words, nothing created.
    await admin.click('[data-testid=terminal-method-face]');
    await admin.click('[data-testid=terminal-method-pin]');
    await admin.click('[data-testid=terminal-method-badge]');
    await admin.click('[data-testid=terminal-submit]');
    await admin.waitForSelector('#terminal-name-error');
    expect(await admin.textContent('[data-testid=terminal-create]')).toContain('Choose at least one way to clock in');
    expect(sql<{ n: number }>('select count(*) as n from terminals')[0]!.n).toBe(0);
    await take(); // the refused request's 422 is logged by the browser: expected

    await admin.fill('[data-testid=terminal-name]', 'Entrance');
    await admin.fill('[data-testid=terminal-location]', 'Main door');
    await admin.click('[data-testid=terminal-method-pin]');
    await admin.click('[data-testid=terminal-method-badge]');
    await admin.click('[data-testid=terminal-submit]');
    await admin.waitForSelector('[data-testid=pairing-qr] svg');
    code = (await admin.textContent('[data-testid=pairing-code]'))!.trim();
    expect(code).toMatch(/^[2-9A-HJKMNP-Z]{4}-[2-9A-HJKMNP-Z]{4}$/);
    expect(await admin.inputValue('[data-testid=pairing-url]')).toBe(`${server.url}/clock?pair=${code}`);
    await admin.waitForSelector('[data-testid=terminal-row][data-name=Entrance] [data-testid=terminal-status][data-status=unpaired]');
    expect(await admin.textContent('[data-testid=terminal-row][data-name=Entrance]')).toContain('PIN · Badge');
    await shootWidthsAndThemes(admin, SHOTS, '20-terminal-code-en', { fullPage: true });
    await admin.click('[data-testid=pairing-done]');
    await admin.waitForSelector('[data-testid=terminal-create]');
    expect(await take()).toEqual(NONE);
  }, 120_000);

  it('the device at the door refuses a wrong code, then pairs with the right one and shows its name', async () => {
    device = await launchBrowser({ locale: 'en-GB' });
    kiosk = await device.context.newPage();
    await kiosk.setViewportSize({ width: 1280, height: 900 });
    const { take } = await watchProblems(kiosk);
    // The demo allows unpaired PIN punches: the kiosk shows, with a way to pair.
    await kiosk.goto(`${server.url}/clock`);
    await kiosk.waitForSelector('[data-testid=clock-kiosk]');
    expect(await kiosk.$('[data-testid=kiosk-terminal]')).toBeNull();
    await kiosk.click('[data-testid=pair-link]');
    await hydrated(kiosk, '[data-testid=clock-pairing][data-reason=asked]');
    // Typed in lower case and without the dash, one letter wrong: refused in words, nothing stored.
    const wrong = `${code.slice(0, 8)}${code[8] === 'Z' ? 'Y' : 'Z'}`.replace('-', '').toLowerCase();
    await kiosk.fill('[data-testid=pairing-code-input]', wrong);
    expect(await kiosk.inputValue('[data-testid=pairing-code-input]')).toMatch(/^[A-Z0-9]{4}-[A-Z0-9]{4}$/);
    await kiosk.click('[data-testid=pairing-submit]');
    await kiosk.waitForSelector('[data-testid=pairing-error]');
    expect(await kiosk.textContent('[data-testid=pairing-error]')).toContain('not valid or has expired');
    expect((await device.context.cookies()).some((c) => c.name === 'jornada_terminal')).toBe(false);
    await shootWidthsAndThemes(kiosk, SHOTS, '20-clock-pairing-error-en');

    await kiosk.fill('[data-testid=pairing-code-input]', code.replace('-', ' ').toLowerCase());
    await kiosk.click('[data-testid=pairing-submit]');
    await kiosk.waitForSelector('[data-testid=kiosk-terminal]');
    expect(kiosk.url()).toBe(`${server.url}/clock`);
    expect(await kiosk.textContent('[data-testid=kiosk-terminal]')).toContain('Terminal: Entrance · Main door');
    const cookie = (await device.context.cookies()).find((c) => c.name === 'jornada_terminal')!;
    expect(cookie).toMatchObject({ httpOnly: true, sameSite: 'Strict' });
    // Page scripts cannot read the credential.
    expect(await kiosk.evaluate(() => document.cookie)).not.toContain('jornada_terminal');
    // The terminal does not allow faces: no camera is offered.
    expect(await kiosk.getAttribute('[data-testid=clock-kiosk]', 'data-face')).toBe('off');
    // The code was spent: a second device cannot use it.
    const again = await fetch(`${server.url}/api/terminal/pair`, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }) });
    expect(again.status).toBe(422);
    await shootWidthsAndThemes(kiosk, SHOTS, '20-clock-paired-en');
    const problems = await take();
    expect([problems.pageErrors, problems.csp]).toEqual([[], []]);
  }, 120_000);

  it('a PIN punch records the terminal; the list, the attendance page and the audit show it', async () => {
    writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '09:00', ZONE));
    await kiosk.click('[data-testid=clock-action-check-in]');
    await kiosk.waitForSelector('[data-testid=pin-pad]');
    for (const digit of '100003') await kiosk.click(`[data-testid=pin-key-${digit}]`);
    await kiosk.click('[data-testid=pin-ok]');
    await kiosk.waitForSelector('[data-testid=clock-result][data-ok=yes]');
    const [punch] = sql<{ attendanceId: number; terminal: string; terminalId: number }>(
      "select attendance_id as attendanceId, terminal, terminal_id as terminalId from punches where at >= '2027-03-01' order by id desc limit 1",
    );
    expect(punch).toMatchObject({ terminal: 'Entrance' });
    const terminalId = sql<{ id: number }>("select id from terminals where name = 'Entrance'")[0]!.id;
    expect(punch!.terminalId).toBe(terminalId);
    const audit = sql<{ after: string }>("select after from audit_log where action = 'clock.check-in' order by id desc limit 1")[0]!;
    expect(JSON.parse(audit.after)).toMatchObject({ terminal: 'Entrance', terminalId });

    await admin.goto(`${server.url}/terminals`);
    const row = '[data-testid=terminal-row][data-name=Entrance]';
    await admin.waitForSelector(`${row} [data-testid=terminal-status][data-status=online]`);
    expect((await admin.textContent(`${row} [data-testid=terminal-punches-today]`))!.trim()).toBe('1');
    expect(await admin.textContent(`${row} [data-testid=terminal-last-seen]`)).toContain('09:00');

    await setLanguage(admin, 'es');
    await admin.goto(`${server.url}/attendance-edit/${punch!.attendanceId}`);
    await admin.waitForSelector('[data-testid=attendance-punches]');
    expect(await admin.textContent('[data-testid=punch-row]')).toContain('Entrada');
    expect((await admin.textContent('[data-testid=punch-terminal]'))!.trim()).toBe('Entrance');
    await shootWidthsAndThemes(admin, SHOTS, '20-attendance-punches-es', { fullPage: true });
    await admin.goto(`${server.url}/terminals`);
    await admin.waitForSelector('[data-testid=terminal-row][data-name=Entrance]');
    await shootWidthsAndThemes(admin, SHOTS, '20-terminals-list-es', { fullPage: true });
    await setLanguage(admin, 'en');
  }, 120_000);

  it('with a terminal paired, Settings proposes switching unpaired punches off (issue 34.3)', async () => {
    try {
      for (const [lang, text] of [
        ['en', 'You already have 1 paired terminal'],
        ['es', 'Ya tienes 1 terminal emparejado'],
      ] as const) {
        await setLanguage(admin, lang);
        // From another page: a goto that changes only the hash would not load the page again.
        await admin.goto('about:blank');
        await admin.goto(`${server.url}/setting#features`);
        await admin.waitForSelector('[data-testid=unpaired-clock-proposal]');
        expect(await admin.textContent('[data-testid=unpaired-clock-proposal]')).toContain(text);
        await shootWidthsAndThemes(admin, SHOTS, `34-unpaired-clock-proposal-${lang}`, { fullPage: true });
      }
    } finally {
      await setLanguage(admin, 'en');
    }
  }, 120_000);

  it('the admin edits the terminal and makes a new code; the paired device keeps working until it is used', async () => {
    await admin.goto(`${server.url}/terminals`);
    const row = '[data-testid=terminal-row][data-name=Entrance]';
    await admin.click(`${row} [data-testid=terminal-edit]`);
    await admin.waitForSelector('[data-testid=terminal-edit-form]');
    await admin.fill('[data-testid=terminal-edit-location]', 'Main door, ground floor');
    await admin.click('[data-testid=terminal-edit-save]');
    await admin.waitForSelector(`${row}:has-text("Main door, ground floor")`);
    expect(sql<{ location: string }>("select location from terminals where name = 'Entrance'")[0]!.location).toBe('Main door, ground floor');

    await admin.click(`${row} [data-testid=terminal-new-code]`);
    await admin.click('[data-testid=terminal-new-code-confirm]');
    await admin.waitForSelector('[data-testid=pairing-qr] svg');
    const fresh = (await admin.textContent('[data-testid=pairing-code]'))!.trim();
    expect(fresh).not.toBe(code);
    await admin.click('[data-testid=pairing-done]');
    await admin.waitForSelector(`${row} [data-testid=terminal-code-waiting]`);
    // The device paired before still answers as Entrance.
    const beat = await kiosk.evaluate(async () => (await fetch('/api/terminal')).status);
    expect(beat).toBe(200);
  }, 120_000);

  it('revoked: the device shows it at its next punch and cannot punch again', async () => {
    await admin.goto(`${server.url}/terminals`);
    await admin.click('[data-testid=terminal-row][data-name=Entrance] [data-testid=terminal-revoke]');
    await admin.click('[data-testid=confirm-action]');
    await admin.waitForSelector('[data-testid=terminal-row][data-name=Entrance] [data-testid=terminal-status][data-status=revoked]');
    // No actions for a revoked terminal (it cannot be paired again).
    expect(await admin.$('[data-testid=terminal-row][data-name=Entrance] [data-testid=terminal-new-code]')).toBeNull();

    const before = sql<{ n: number }>('select count(*) as n from punches')[0]!.n;
    writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '11:00', ZONE));
    await kiosk.click('[data-testid=clock-action-break-in]');
    await kiosk.waitForSelector('[data-testid=pin-pad]');
    for (const digit of '100003') await kiosk.click(`[data-testid=pin-key-${digit}]`);
    await kiosk.click('[data-testid=pin-ok]');
    await kiosk.waitForSelector('[data-testid=clock-pairing][data-reason=revoked]');
    expect(await kiosk.textContent('[data-testid=terminal-revoked]')).toContain('This terminal was revoked');
    expect(sql<{ n: number }>('select count(*) as n from punches')[0]!.n).toBe(before);
    // Reloading does not bring the kiosk back.
    await kiosk.reload();
    await kiosk.waitForSelector('[data-testid=terminal-revoked]');
    await shootWidthsAndThemes(kiosk, SHOTS, '20-clock-revoked-en');
    await setLanguage(kiosk, 'es');
    await kiosk.reload();
    await hydrated(kiosk, '[data-testid=clock-pairing]');
    expect(await kiosk.textContent('[data-testid=terminal-revoked]')).toContain('Este terminal fue revocado');
    await shootWidthsAndThemes(kiosk, SHOTS, '20-clock-revoked-es');
  }, 120_000);

  it('with unpaired punches off, a device without a credential gets the pairing entry, the QR link prefills it', async () => {
    const settings = (await (await admin.request.get(`${server.url}/api/settings`)).json()) as { data: Record<string, unknown> };
    const put = await admin.request.put(`${server.url}/api/settings`, { data: { ...settings.data, unpairedClock: false }, headers: { origin: server.url } });
    expect(put.status()).toBe(200);
    stranger = await launchBrowser({ locale: 'es-ES' });
    const page = await stranger.context.newPage();
    await page.setViewportSize({ width: 390, height: 844 });
    await page.goto(`${server.url}/clock`);
    await page.waitForSelector('[data-testid=clock-pairing][data-reason=required]');
    expect(await page.$('[data-testid=clock-kiosk]')).toBeNull();
    await page.goto(`${server.url}/clock?pair=abcd-efgh`);
    expect(await page.inputValue('[data-testid=pairing-code-input]')).toBe('ABCD-EFGH');
    // No way back to a kiosk that would refuse every punch.
    expect(await page.textContent('[data-testid=clock-pairing]')).not.toContain('Volver al fichaje');
    await shootWidthsAndThemes(page, SHOTS, '20-clock-pairing-es');
  }, 120_000);

  it('the admin dashboard warns about a paired terminal that went silent', async () => {
    writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '11:00', ZONE));
    const api = new Client(server.url);
    expect((await api.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    const office = await pairTerminal(server.url, api, { name: 'Back office', location: 'First floor', methods: ['pin'] });
    await admin.goto(`${server.url}/dashboard`);
    await admin.waitForSelector('[data-testid=widget-presence]');
    expect(await admin.$('[data-testid=silent-terminals]')).toBeNull();
    // Two hours without a heartbeat or a punch (the limit is 60 minutes).
    writeFileSync(clockFile, localDateTimeToUtcIso('2027-03-01', '13:00', ZONE));
    await admin.reload();
    await admin.waitForSelector(`[data-testid=silent-terminal][data-id="${office.id}"]`);
    expect(await admin.textContent('[data-testid=silent-terminals]')).toContain('Back office · First floor — not heard from for 2 h');
    await admin.click('[data-testid=silent-terminals] a[href="/terminals"]');
    await admin.waitForSelector('[data-testid=terminal-row][data-name="Back office"] [data-testid=terminal-status][data-status=silent]');
    await admin.goto(`${server.url}/dashboard`);
    await shootWidthsAndThemes(admin, SHOTS, '20-dashboard-silent-en');
    await setLanguage(admin, 'es');
    await admin.reload();
    expect(await admin.textContent('[data-testid=silent-terminals]')).toContain('Terminales sin señal');
    await shootWidthsAndThemes(admin, SHOTS, '20-dashboard-silent-es');
  }, 120_000);
});

import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import jsQR from 'jsqr';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import es from '../../src/i18n/es.json';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { Client } from '../helpers/http-client.ts';
import { pairBrowserContext, pairTerminal } from '../helpers/terminal.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { ROOT } from '../helpers/test-server.ts';

/**
 * The door QR code (issue 36 point 6, decision 069), as a worker lives it: a paired kiosk with the
 * door code on shows the QR code; its pixels are decoded with a QR decoder (jsqr) like a phone's
 * camera would; the demo worker's phone (390 px, signed in) opens the URL, sees the terminal named
 * and punches: on site at that terminal, method personal. The server's clock is fixed (09:00 of a
 * weekday inside the worker's shift), so the code stays fresh however slow the machine is.
 */

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const TODAY = '2027-03-01';
const ZONE = 'Europe/Lisbon';
let session: E2eSession;
let kiosk: TestBrowser;
let clockDir: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-door-e2e-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:00', ZONE));
  session = await startDemoSession({
    account: 'employee',
    locale: 'es-ES',
    env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile },
    preparePage: (page) => page.setViewportSize({ width: 390, height: 844 }),
  });
  writeFileSync(clockFile, localDateTimeToUtcIso(addDays(TODAY, 44), '09:00', ZONE));
  kiosk = await launchBrowser({ locale: 'es-ES' });
});

afterAll(async () => {
  await kiosk?.close();
  await session?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the door QR code', () => {
  it('is decoded from the kiosk’s screen and punches the worker’s phone on site at that terminal', async () => {
    const { page: phone, server } = session;
    const admin = new Client(server.url);
    await admin.signIn('admin@demo.jornada', 'Demo#2026');
    const terminal = await pairTerminal(server.url, admin, { name: 'Puerta principal', methods: ['pin'], doorCode: true });

    // The kiosk: a paired browser on /clock shows the code.
    await pairBrowserContext(kiosk.context, server.url, terminal.credential);
    const screen = await kiosk.context.newPage();
    await screen.goto(`${server.url}/clock`);
    const qr = screen.getByTestId('door-qr');
    await qr.locator('svg').waitFor();
    await screen.screenshot({ path: path.join(SHOTS, '36-door-code-kiosk-es.png'), fullPage: true });
    const { data, info } = await sharp(await qr.screenshot())
      .ensureAlpha()
      .raw()
      .toBuffer({ resolveWithObject: true });
    const decoded = jsQR(new Uint8ClampedArray(data.buffer, data.byteOffset, data.length), info.width, info.height);
    expect(decoded?.data).toMatch(new RegExp(`^${server.url}/personal/clock\\?door=${terminal.id}\\.\\d+\\.[A-Za-z0-9_-]{22}$`));

    // The phone: the worker opens the URL the camera read and punches.
    await phone.goto(decoded!.data);
    expect(await phone.getByTestId('door-note').textContent()).toBe(es.doorCode.atTerminal.replace('{{terminal}}', 'Puerta principal'));
    expect(await phone.getByTestId('work-mode-remote').isDisabled()).toBe(true);
    await phone.getByTestId('punch-check-in').click();
    await expect.poll(() => phone.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.working);
    expect(await phone.getByTestId('personal-punches').textContent()).toContain('Puerta principal');
    await phone.screenshot({ path: path.join(SHOTS, '36-door-code-phone-es.png'), fullPage: true });

    const rows = sqlIn<{ method: string; work_mode: string; terminal_id: number; terminal: string }>(
      server.dataDir,
      "select p.method, p.work_mode, p.terminal_id, p.terminal from punches p join users u on u.employee_id = p.employee_id where u.email = 'employee@demo.jornada' and p.method = 'personal'",
    );
    expect(rows).toEqual([{ method: 'personal', work_mode: 'on-site', terminal_id: terminal.id, terminal: 'Puerta principal' }]);
  });
});

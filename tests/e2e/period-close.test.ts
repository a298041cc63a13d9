import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { LANGUAGE_COOKIE } from '../../src/i18n/languages.ts';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { Client } from '../helpers/http-client.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { hydrated } from '../helpers/hydrated.ts';

/**
 * Issue 21.3 end to end (decision 051): the administrator (English browser) opens the close
 * screen of February 2027, sees Javier Moreno's missing check-out, approves him, finds the
 * record locked, then reopens with a reason in the dialog (refused first without one). The
 * server's clock is faked in March 2027. Screenshots (en and es, light and dark, 1440 and 390 px)
 * go to /tmp/period-shots.
 */
const ZONE = 'Europe/Lisbon';
const SHOTS = process.env['PERIOD_SHOTS'] ?? '/tmp/period-shots';
let clockDir: string;
let clockFile: string;
let session: E2eSession;
let admin: Page;
let javier: number;

const setNow = (date: string, time: string) => writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-period-e2e-'));
  clockFile = path.join(clockDir, 'now');
  setNow('2027-02-23', '07:58');
  session = await startDemoSession({ account: 'admin', locale: 'en-GB', env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = session.page;
  javier = await admin.evaluate(async () => ((await (await fetch('/api/employees?q=Javier%20Moreno')).json()) as { data: { _id: number }[] }).data[0]!._id);
  // Javier checks in on Tuesday 23 February and forgets to check out.
  expect((await new Client(session.server.url).post('/api/clock', { action: 'check-in', pin: String(100000 + javier) })).status).toBe(200);
  setNow('2027-03-01', '10:00');
}, 120_000);

afterAll(async () => {
  await session?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('closing February', () => {
  it('shows the exceptions and approves the selected employee', async () => {
    await admin.goto(`${session.server.url}/period-close`);
    expect(await admin.getByTestId('period-label').innerText()).toBe('February 2027');
    const row = admin.locator(`[data-testid=period-row][data-employee="${javier}"]`);
    expect(await row.getByTestId('exception-missing').innerText()).toBe('1 day without check-out');
    await hydrated(admin, '[data-testid=approve-selected]');
    expect(await admin.getByTestId('approve-selected').isDisabled()).toBe(true);
    await shootWidthsAndThemes(admin, SHOTS, 'close-en');
    await row.getByTestId('period-select').check();
    expect(await admin.getByTestId('approve-selected').innerText()).toContain('Approve 1 selected');
    await admin.getByTestId('approve-selected').click();
    // Approving locks the month: it asks first (issue 37 point 9); cancel changes nothing.
    const dialog = admin.getByTestId('approve-confirm-dialog');
    await dialog.waitFor();
    expect(await dialog.innerText()).toContain('Once approved, the period February 2027 is locked for this employee');
    await shootWidthsAndThemes(admin, SHOTS, 'approve-confirm-en');
    await admin.getByRole('button', { name: 'Cancel' }).first().click();
    await dialog.waitFor({ state: 'hidden' });
    expect(await admin.locator(`[data-testid=period-row][data-employee="${javier}"] [data-status=approved]`).count()).toBe(0);
    await admin.getByTestId('approve-selected').click();
    await admin.getByTestId('approve-confirm').click();
    await admin.getByText('1 period approved and locked.').waitFor();
    // The result stays on the page: how many are approved and locked.
    expect(await admin.getByTestId('period-locked-summary').innerText()).toMatch(/^Period February 2027: 1 of \d+ employees approved and locked\.$/);
    await admin.locator(`[data-testid=period-row][data-employee="${javier}"] [data-status=approved]`).waitFor();
    // The record is locked: a correction of the day is refused, naming the period.
    const day = await admin.evaluate(async (id) => ((await (await fetch(`/api/attendances?employee=${id}&from=2027-02-23&to=2027-02-23`)).json()) as { data: { _id: number }[] }).data[0]!._id, javier);
    const refused = await admin.evaluate(async (id) => {
      const res = await fetch(`/api/attendances/${id}`, { method: 'PATCH', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ timeIn: '07:58', timeOut: '16:00', reason: 'Forgot' }) });
      return { status: res.status, message: ((await res.json()) as { message: string }).message };
    }, day);
    expect(refused).toEqual({ status: 409, message: 'The period from 01/02/2027 to 28/02/2027 is approved and locked: it cannot be changed until an administrator reopens it.' });
  });

  it('reopens with a reason written in the dialog', async () => {
    const row = admin.locator(`[data-testid=period-row][data-employee="${javier}"]`);
    await hydrated(admin, '[data-testid=approve-selected]');
    await row.getByTestId('period-reopen').click();
    await admin.getByTestId('period-reopen-confirm').click();
    await admin.getByTestId('period-reopen-error').filter({ hasText: 'Write the reason for reopening the period.' }).waitFor();
    await admin.getByTestId('period-reopen-reason').fill('Javier checked out at 16:00, seen on camera');
    await shootWidthsAndThemes(admin, SHOTS, 'reopen-dialog-en');
    await admin.getByTestId('period-reopen-confirm').click();
    await admin.getByText('Period reopened.').waitFor();
    await admin.locator(`[data-testid=period-row][data-employee="${javier}"] [data-status=reopened]`).waitFor();
    expect(await admin.locator(`[data-testid=period-row][data-employee="${javier}"] [data-status=reopened]`).innerText()).toContain('seen on camera');
  });

  it('reads in Spanish', async () => {
    await admin.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'es', url: session.server.url }]);
    await admin.goto(`${session.server.url}/period-close?date=2027-02-01`);
    expect(await admin.getByTestId('period-label').innerText()).toBe('febrero de 2027');
    expect(await admin.locator(`[data-testid=period-row][data-employee="${javier}"] [data-testid=exception-missing]`).innerText()).toBe('1 día sin salida');
    await hydrated(admin, '[data-testid=approve-selected]');
    await shootWidthsAndThemes(admin, SHOTS, 'close-es');
    // Approving everyone: confirmed, then the month reads as approved and locked, with no button left to approve "0".
    await admin.getByTestId('approve-all').click();
    await admin.getByTestId('approve-confirm').click();
    await admin
      .getByTestId('period-locked-summary')
      .filter({ hasText: /^El periodo febrero de 2027 está aprobado y bloqueado para los \d+ empleados\.$/ })
      .waitFor();
    expect(await admin.getByTestId('approve-all').count()).toBe(0);
    await shootWidthsAndThemes(admin, SHOTS, 'closed-es');
    // March has not ended: nothing can be approved yet.
    await admin.goto(`${session.server.url}/period-close?date=2027-03-01`);
    await admin.getByTestId('period-not-ended').waitFor();
    await hydrated(admin, '[data-testid=approve-all]');
    expect(await admin.getByTestId('approve-all').isDisabled()).toBe(true);
  });
});

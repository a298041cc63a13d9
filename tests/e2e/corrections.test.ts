import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { LANGUAGE_COOKIE } from '../../src/i18n/languages.ts';
import { launchBrowser, type TestBrowser } from '../helpers/browser.ts';
import { signInDemo, startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { Client } from '../helpers/http-client.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { hydrated } from '../helpers/hydrated.ts';

/**
 * Issue 18.7 end to end: the demo employee (Javier Moreno, employee@demo.jornada, Spanish
 * browser) forgot to check out on Tuesday 2 March 2027, requests the correction from the personal
 * area, the administrator (English browser) approves it with a comment, and the employee sees
 * the request, the decision and the new revision in the day's history. The server's clock is
 * faked (JORNADA_FAKE_NOW_FILE) so the day is in the past and clear of the demo's attendance.
 * Screenshots go to /tmp/corr-shots.
 */
const ZONE = 'Europe/Lisbon';
const SHOTS = process.env['CORR_SHOTS'] ?? '/tmp/corr-shots';
const TUE = '2027-03-02';
let clockDir: string;
let clockFile: string;
let session: E2eSession;
let employee: Page;
let adminBrowser: TestBrowser;
let admin: Page;

const setNow = (date: string, time: string) => writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-corr-e2e-'));
  clockFile = path.join(clockDir, 'now');
  setNow('2027-03-05', '12:00');
  session = await startDemoSession({ account: 'employee', locale: 'es-ES', env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  employee = session.page;
  // Javier checks in at the clock on Tuesday and forgets to check out.
  adminBrowser = await launchBrowser({ locale: 'en-GB' });
  admin = await adminBrowser.context.newPage();
  await signInDemo(admin, session.server.url, 'admin');
  const employeeId = await admin.evaluate(async () => ((await (await fetch('/api/employees?q=Javier%20Moreno')).json()) as { data: { _id: number }[] }).data[0]!._id);
  setNow(TUE, '07:58');
  expect((await new Client(session.server.url).post('/api/clock', { action: 'check-in', pin: String(100000 + employeeId) })).status).toBe(200);
  setNow('2027-03-05', '12:00');
}, 120_000);

afterAll(async () => {
  await adminBrowser?.close();
  await session?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('two-sided correction of a missing check-out', () => {
  it('the employee requests it from the personal area', async () => {
    await employee.goto(`${session.server.url}/personal/attendance?month=2027-03`);
    const row = employee.locator(`tr[data-date="${TUE}"]`);
    await row.getByTestId('request-correction-link').click();
    await hydrated(employee, '[data-testid=correction-form]');
    // The form starts from the day as recorded: the check-in, no check-out.
    expect(await employee.inputValue('#corr-date')).toBe(TUE);
    expect(await employee.inputValue('#corr-timeIn')).toBe('07:58');
    expect(await employee.inputValue('#corr-timeOut')).toBe('');
    // Without a reason it is refused, in Spanish, and nothing is sent.
    await employee.fill('#corr-timeOut', '16:00');
    await employee.click('[data-testid=send-correction]');
    await employee
      .getByRole('alert')
      .filter({ hasText: /motivo/i })
      .waitFor();
    await employee.fill('#corr-reason', 'Olvidé fichar la salida');
    await shootWidthsAndThemes(employee, SHOTS, 'request-form-es', { fullPage: true });
    await employee.click('[data-testid=send-correction]');
    await employee.getByText('Corrección solicitada. Un administrador la revisará.').waitFor();
    await employee.locator('[data-testid=my-request][data-date="2027-03-02"] [data-status=pending]').waitFor();
    await shootWidthsAndThemes(employee, SHOTS, 'my-requests-es');
  });

  it('the administrator approves it with a comment', async () => {
    await admin.goto(`${session.server.url}/attendance-corrections`);
    const card = admin.getByTestId('correction-request-card').filter({ hasText: 'Javier' });
    await card.waitFor();
    await hydrated(admin, '[data-testid=correction-request-card]');
    // The menu counts the requests waiting for a decision.
    expect(await admin.getByTestId('nav-badge-attendance-corrections').innerText()).toMatch(/^1\b/);
    expect(await card.getByTestId('proposed-times').textContent()).toBe('07:58–16:00');
    expect(await card.textContent()).toContain('Olvidé fichar la salida');
    expect(await card.textContent()).toContain('Missing check-out');
    await shootWidthsAndThemes(admin, SHOTS, 'admin-requests-en');
    await card.getByTestId('decision-comment').fill('Confirmed with the shop manager');
    await card.getByTestId('approve-request').click();
    await admin.getByText('No correction requests are waiting.').waitFor();
    await admin.getByText('Correction approved and applied to the record.').waitFor();
    expect(await admin.getByTestId('nav-badge-attendance-corrections').count()).toBe(0);
    await admin.goto(`${session.server.url}/attendance-corrections?status=all`);
    await admin.getByTestId('correction-request-card').filter({ hasText: 'Confirmed with the shop manager' }).waitFor();
    await shootWidthsAndThemes(admin, SHOTS, 'admin-decided-en');
  });

  it('the employee sees the request, the decision and the new revision in the history', async () => {
    await employee.goto(`${session.server.url}/personal/attendance?month=2027-03`);
    await employee.locator(`[data-testid=my-request][data-date="${TUE}"] [data-status=approved]`).waitFor();
    const history = employee.locator(`[data-testid=revision-history][data-date="${TUE}"]`);
    await history.locator('summary').click();
    const revisions = history.getByTestId('history-revision');
    expect(await revisions.count()).toBe(2);
    expect(await revisions.nth(1).textContent()).toContain('Olvidé fichar la salida');
    expect(await revisions.nth(1).textContent()).toMatch(/16:00/);
    const request = history.locator('[data-testid=history-request][data-status=approved]');
    expect(await request.textContent()).toContain('Confirmed with the shop manager');
    await history.scrollIntoViewIfNeeded();
    await shootWidthsAndThemes(employee, SHOTS, 'history-es');
  });

  it("an admin correction waits for the employee's answer, who rejects it with a comment", async () => {
    // The administrator corrects the day through the edit form's API (as the edit page does).
    const day = await admin.evaluate(async () => {
      const list = (await (await fetch('/api/attendances?from=2027-03-02&to=2027-03-02&q=Javier')).json()) as { data: { _id: number; revision: number }[] };
      return list.data[0]!;
    });
    const patched = await admin.evaluate(
      async (d) =>
        (
          await fetch(`/api/attendances/${d._id}`, {
            method: 'PATCH',
            headers: { 'content-type': 'application/json' },
            body: JSON.stringify({ timeIn: '07:58', timeOut: '15:30', reason: 'Left at 15:30 per the camera' }),
          })
        ).status,
      day,
    );
    expect(patched).toBe(200);
    await employee.goto(`${session.server.url}/personal/attendance?month=2027-03`);
    const waiting = employee.locator(`[data-testid=awaiting-answer][data-date="${TUE}"]`);
    await waiting.waitFor();
    await hydrated(employee, '[data-testid=awaiting-answer]');
    expect(await employee.locator(`tr[data-date="${TUE}"] td.note`).textContent()).toContain('pendiente de aceptación');
    await shootWidthsAndThemes(employee, SHOTS, 'awaiting-es');
    await waiting.locator('textarea').fill('Salí a las 16:00');
    await waiting.getByTestId('reject-correction').click();
    await employee.locator(`tr[data-date="${TUE}"] td.note`, { hasText: 'con sus palabras: «Salí a las 16:00»' }).waitFor();
  });

  it('the screens in the other language (screenshots)', async () => {
    await employee.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'en', url: session.server.url }]);
    await employee.goto(`${session.server.url}/personal/attendance?month=2027-03&correct=2027-03-04`);
    await employee.getByText('Request a correction').waitFor();
    await employee.locator(`tr[data-date="${TUE}"] td.note`, { hasText: 'in their own words: “Salí a las 16:00”' }).waitFor();
    await shootWidthsAndThemes(employee, SHOTS, 'personal-en', { fullPage: true });
    await admin.context().addCookies([{ name: LANGUAGE_COOKIE, value: 'es', url: session.server.url }]);
    await admin.goto(`${session.server.url}/attendance-corrections?status=all`);
    await admin.getByText('Solicitudes de corrección').first().waitFor();
    await shootWidthsAndThemes(admin, SHOTS, 'admin-all-es');
    // The administrator's view of the day: each revision with the worker's answer, then the requests.
    const dayId = await admin.evaluate(async () => ((await (await fetch('/api/attendances?from=2027-03-02&to=2027-03-02&q=Javier')).json()) as { data: { _id: number }[] }).data[0]!._id);
    await admin.goto(`${session.server.url}/attendance-edit/${dayId}`);
    await admin.locator('[data-testid=revision-acceptance][data-state=rejected]').waitFor();
    expect(await admin.getByTestId('day-requests').textContent()).toContain('Confirmed with the shop manager');
    await admin.getByTestId('revision-history').scrollIntoViewIfNeeded();
    await shootWidthsAndThemes(admin, SHOTS, 'admin-day-history-es');
  });
});

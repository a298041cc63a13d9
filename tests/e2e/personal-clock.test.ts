import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { ROOT } from '../helpers/test-server.ts';

/**
 * The personal clock page (issue 36 point 3, decision 067) in Chromium at 390 px, as the demo
 * worker on their phone: remote check-in with the big button, a double tap on "break in" recorded
 * once, the state and today's list following each answer without a reload. Screenshots (es/en,
 * light/dark, 390/1440 px) in tests/.tmp/screenshots. The server's clock is faked: a Wednesday six
 * weeks after the demo's day, at nine, inside the worker's shift window.
 *
 * The worker's overtime choice (issue 36 point 7, decision 070) on the same page, the next day
 * (one server for both): with the company's switch on, a check-out after a long day (08:58 to
 * 20:00) asks "paid or rest" with two big buttons; the answer is the day's mark, and the month's
 * record says the worker chose it.
 */

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const TODAY = '2027-03-01';
const ZONE = 'Europe/Lisbon';
const DAY = addDays(TODAY, 45);
let session: E2eSession;
let clockDir: string;
let clockFile: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-personal-e2e-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:00', ZONE));
  session = await startDemoSession({
    account: 'employee',
    locale: 'es-ES',
    env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile },
    preparePage: (page) => page.setViewportSize({ width: 390, height: 844 }),
  });
  writeFileSync(clockFile, localDateTimeToUtcIso(addDays(TODAY, 44), '09:00', ZONE));
});

afterAll(async () => {
  await session?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('/personal/clock at 390 px', () => {
  it('checks in remote with the big button, then a double-tapped break in is one punch', async () => {
    const { page, server } = session;
    // "Ir al fichaje" on the dashboard leads here.
    await page.goto(`${server.url}/personal/dashboard`);
    await page.getByTestId('go-to-clock').click();
    await page.waitForURL('**/personal/clock');
    await expect.poll(() => page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.out);
    await shootWidthsAndThemes(page, SHOTS, '36-personal-clock-out-es', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByText(es.attendance.workModes.remote, { exact: true }).click();
    const checkIn = page.getByTestId('punch-check-in');
    const box = await checkIn.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(80);
    expect(box!.width).toBeGreaterThan(300);
    await checkIn.click();
    await expect.poll(() => page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.working);
    await expect.poll(() => page.getByTestId('personal-punches').locator('li').count()).toBe(1);
    expect(await page.getByTestId('personal-punches').textContent()).toContain(es.attendance.workModes.remote);

    await page.getByTestId('punch-break-in').dblclick();
    await expect.poll(() => page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.onBreak);
    expect(await page.getByTestId('personal-outcome').textContent()).toMatch(/^Fichaje registrado: Inicio de descanso a las 09:00\.$/);
    const employeeId = sqlIn<{ id: number }>(server.dataDir, "select employee_id as id from users where email = 'employee@demo.jornada'")[0]!.id;
    const rows = sqlIn<{ action: string; method: string; work_mode: string }>(server.dataDir, "select action, method, work_mode from punches where employee_id = ? and method = 'personal' order by id", employeeId);
    expect(rows).toEqual([
      { action: 'check-in', method: 'personal', work_mode: 'remote' },
      { action: 'break-in', method: 'personal', work_mode: 'remote' },
    ]);
    await shootWidthsAndThemes(page, SHOTS, '36-personal-clock-break-es', { fullPage: true });

    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.reload();
    await expect.poll(() => page.getByTestId('personal-status').textContent()).toBe(en.personalClock.status.onBreak);
    await shootWidthsAndThemes(page, SHOTS, '36-personal-clock-break-en', { fullPage: true });
  });
});

describe('the overtime question at 390 px', () => {
  it('a long day’s check-out asks; "Descansarlas" marks the day as the worker’s choice, and the record says so', async () => {
    const { page, server } = session;
    await page.context().addCookies([{ name: 'lang', value: 'es', url: server.url }]);
    await page.setViewportSize({ width: 390, height: 844 });
    // The day before ends (the test above left the worker on a break) before the switch is on.
    writeFileSync(clockFile, localDateTimeToUtcIso(addDays(DAY, -1), '13:00', ZONE));
    await page.goto(`${server.url}/personal/clock`);
    await page.getByTestId('punch-break-out').click();
    await expect.poll(() => page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.working);
    await page.getByTestId('punch-check-out').click();
    await expect.poll(() => page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.out);
    sqlIn(server.dataDir, 'update companies set worker_overtime_choice = 1, personal_clock = 1');
    writeFileSync(clockFile, localDateTimeToUtcIso(DAY, '08:58', ZONE));
    await page.goto(`${server.url}/personal/clock`);
    await page.getByTestId('punch-check-in').click();
    await expect.poll(() => page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.working);

    writeFileSync(clockFile, localDateTimeToUtcIso(DAY, '20:00', ZONE));
    await page.getByTestId('punch-check-out').click();
    const question = page.getByTestId('overtime-question');
    await question.waitFor();
    expect(await question.textContent()).toContain('¿Cómo quieres compensar esas horas extra?');
    for (const choice of ['paid', 'rest']) {
      const box = await page.getByTestId(`overtime-${choice}`).boundingBox();
      expect(box!.height).toBeGreaterThanOrEqual(80);
      expect(box!.width).toBeGreaterThan(300);
    }
    await shootWidthsAndThemes(page, SHOTS, '36-overtime-question-es', { fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });

    await page.getByTestId('overtime-rest').click();
    await expect.poll(() => page.getByTestId('personal-outcome').textContent()).toBe(es.overtimeChoice.chosen.replace('{{choice}}', es.overtimeChoice.rest));
    expect(await question.count()).toBe(0);
    const rows = sqlIn<{ overtime_compensation: string; overtime_marked_by: string }>(
      server.dataDir,
      "select a.overtime_compensation, a.overtime_marked_by from attendances a join users u on u.employee_id = a.employee_id where u.email = 'employee@demo.jornada' and a.date = ?",
      DAY,
    );
    expect(rows).toEqual([{ overtime_compensation: 'rest', overtime_marked_by: 'worker' }]);

    await page.goto(`${server.url}/personal/attendance?month=${DAY.slice(0, 7)}`);
    expect(await page.locator('[data-overtime-chosen-by="worker"]').first().textContent()).toContain(es.reports.record.overtimeMarks.restByWorker);
  });
});

describe('time apart in the personal area (issue 38 point 1, decision 080)', () => {
  it('the worker records an on-call period with a called-in part and an interruption with work; the record lists and counts them', async () => {
    const { page, server } = session;
    await page.context().addCookies([{ name: 'lang', value: 'es', url: server.url }]);
    await page.setViewportSize({ width: 390, height: 844 });
    // The morning after the long day above: on call that evening after the check-out, a call at seven.
    const next = addDays(DAY, 1);
    writeFileSync(clockFile, localDateTimeToUtcIso(next, '10:00', ZONE));
    await page.goto(`${server.url}/personal/attendance?month=${DAY.slice(0, 7)}`);
    const panel = page.getByTestId('time-apart');
    await panel.waitFor();

    await page.getByTestId('add-standby').click();
    await page.locator('#ta-kind').selectOption('on_call');
    await page.locator('#ta-start').fill(`${DAY}T20:30`);
    await page.locator('#ta-end').fill(`${DAY}T23:30`);
    await page.locator('#ta-called-in').fill('30');
    await page.locator('#ta-note').fill('Avería en el horno');
    await page.getByTestId('save-standby').click();
    await page.getByTestId('standby-list').waitFor();
    expect(await page.getByTestId('standby-list').textContent()).toContain(es.timeApart.kinds.on_call);

    // Bad input stays on the form with the server's message under the field.
    await page.getByTestId('add-interruption').click();
    await page.locator('#ta-at').fill(`${next}T07:00`);
    await page.locator('#ta-duration').fill('0');
    await page.getByTestId('save-interruption').click();
    await expect.poll(() => page.locator('#ta-duration-error').textContent()).toBe(es.timeApart.errors.duration);
    await page.locator('#ta-channel').selectOption('phone');
    await page.locator('#ta-duration').fill('10');
    await page.locator('#ta-work-done').check();
    await page.getByTestId('save-interruption').click();
    await page.getByTestId('interruption-list').waitFor();
    expect(await page.getByTestId('interruption-list').textContent()).toContain(es.timeApart.worked);

    const rows = sqlIn<{ kind: string; start_at: string; called_in_seconds: number; source: string }>(
      server.dataDir,
      "select s.kind, s.start_at, s.called_in_seconds, s.source from standby_periods s join users u on u.employee_id = s.employee_id where u.email = 'employee@demo.jornada'",
    );
    expect(rows).toEqual([{ kind: 'on_call', start_at: localDateTimeToUtcIso(DAY, '20:30', ZONE), called_in_seconds: 1800, source: 'personal' }]);
    const calls = sqlIn<{ channel: string; duration_seconds: number; work_done: number }>(
      server.dataDir,
      "select i.channel, i.duration_seconds, i.work_done from disconnection_interruptions i join users u on u.employee_id = i.employee_id where u.email = 'employee@demo.jornada'",
    );
    expect(calls).toEqual([{ channel: 'phone', duration_seconds: 600, work_done: 1 }]);
    // The record's notes name them, and its totals show them apart.
    const record = await page.locator('table').first().textContent();
    expect(record).toContain('Guardia localizada 20:30–23:30, requerida 0 h 30 min (es trabajo)');
    expect(record).toContain(es.reports.record.onCallTotal);
    await shootWidthsAndThemes(page, SHOTS, '38-time-apart-es', { fullPage: true });
    await page.context().addCookies([{ name: 'lang', value: 'en', url: server.url }]);
    await page.reload();
    await page.getByTestId('time-apart').waitFor();
    expect(await page.getByTestId('time-apart').textContent()).toContain(en.timeApart.title);
    await shootWidthsAndThemes(page, SHOTS, '38-time-apart-en', { fullPage: true });
  });
});

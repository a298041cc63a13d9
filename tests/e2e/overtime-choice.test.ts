import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import es from '../../src/i18n/es.json';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { shootWidthsAndThemes } from '../helpers/screenshots.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { ROOT } from '../helpers/test-server.ts';

/**
 * The worker's overtime choice (issue 36 point 7, decision 070) in Chromium at 390 px, as the demo
 * worker on their phone: with the company's switch on, a check-out after a long day asks "paid or
 * rest" with two big buttons; the answer is the day's mark, and the month's record says the worker
 * chose it. The server's clock is faked: a day six weeks after the demo's, 08:58 to 20:00.
 */

const SHOTS = path.join(ROOT, 'tests', '.tmp', 'screenshots');
const TODAY = '2027-03-01';
const DAY = addDays(TODAY, 44);
const ZONE = 'Europe/Lisbon';
let session: E2eSession;
let clockDir: string;
let clockFile: string;

beforeAll(async () => {
  mkdirSync(SHOTS, { recursive: true });
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-overtime-e2e-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:00', ZONE));
  session = await startDemoSession({
    account: 'employee',
    locale: 'es-ES',
    env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile },
    preparePage: (page) => page.setViewportSize({ width: 390, height: 844 }),
  });
  sqlIn(session.server.dataDir, 'update companies set worker_overtime_choice = 1, personal_clock = 1');
});

afterAll(async () => {
  await session?.close();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the overtime question at 390 px', () => {
  it('a long day’s check-out asks; "Descansarlas" marks the day as the worker’s choice, and the record says so', async () => {
    const { page, server } = session;
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

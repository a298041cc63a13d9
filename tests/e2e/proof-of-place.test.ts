import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import es from '../../src/i18n/es.json';
import { startDemoSession, type E2eSession } from '../helpers/e2e-session.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Proof of place on /personal/clock (issue 36 point 5, decision 068) in Chromium at 390 px, the
 * browser's position emulated: with the company on `require`, an on-site check-in outside every
 * workplace is refused with its message, one inside is recorded (place on the punch, the raw
 * position apart), and with location denied the next punch is refused telling the worker to allow
 * it or punch at the terminal. The server's clock is faked inside the worker's shift window.
 */

const TODAY = '2027-03-01';
const ZONE = 'Europe/Lisbon';
const SOL = { latitude: 40.416775, longitude: -3.70379 };
let session: E2eSession;
let clockDir: string;

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-place-e2e-'));
  const clockFile = path.join(clockDir, 'now');
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

describe('proof of place on /personal/clock at 390 px', () => {
  it('outside is refused, inside is recorded with its place, denied location is refused with its message', async () => {
    const { page, server } = session;
    const dataDir = server.dataDir;
    const employee = sqlIn<{ id: number; companyId: number }>(dataDir, 'select e.id, e.company_id as "companyId" from users u join employees e on e.id = u.employee_id where u.email = \'employee@demo.jornada\'')[0]!;
    sqlIn(dataDir, "update companies set proof_of_place = 'require' where id = ?", employee.companyId);
    const t = '2027-01-01T00:00:00.000Z';
    sqlIn(dataDir, 'insert into workplaces (company_id, name, lat, lng, radius_m, created_at, updated_at) values (?, ?, ?, ?, ?, ?, ?)', employee.companyId, 'Obrador', SOL.latitude, SOL.longitude, 100, t, t);
    const context = page.context();
    await context.grantPermissions(['geolocation'], { origin: server.url });

    await page.goto(`${server.url}/personal/clock`);
    await expect.poll(() => page.getByTestId('place-notice').textContent()).toBe(es.proofOfPlace.notice);

    // Two kilometres north: refused.
    await context.setGeolocation({ latitude: SOL.latitude + 0.018, longitude: SOL.longitude, accuracy: 20 });
    await page.getByTestId('punch-check-in').click();
    await expect.poll(() => page.getByTestId('personal-outcome').textContent()).toBe(es.proofOfPlace.outsideRefused);
    expect(await page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.out);

    // Thirty metres from the centre: recorded, inside.
    await context.setGeolocation({ latitude: SOL.latitude + 0.00027, longitude: SOL.longitude, accuracy: 20 });
    await page.getByTestId('punch-check-in').click();
    await expect.poll(() => page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.working);
    expect(await page.getByTestId('personal-punches').textContent()).toContain(es.proofOfPlace.place.inside);
    const rows = sqlIn<{ id: number; place: string; work_mode: string }>(dataDir, "select id, place, work_mode from punches where employee_id = ? and method = 'personal' order by id", employee.id);
    expect(rows).toMatchObject([{ place: 'inside', work_mode: 'on-site' }]);
    const positions = sqlIn<{ lat: number; accuracy: number }>(dataDir, 'select lat, accuracy from punch_positions where punch_id = ?', rows[0]!.id);
    expect(positions).toHaveLength(1);
    expect(positions[0]!.lat).toBeCloseTo(SOL.latitude + 0.00027, 6);

    // Location denied: the break is refused, telling the worker what to do.
    await context.clearPermissions();
    await page.getByTestId('punch-break-in').click();
    await expect.poll(() => page.getByTestId('personal-outcome').textContent(), { timeout: 20_000 }).toBe(es.proofOfPlace.positionRequired);
    expect(await page.getByTestId('personal-status').textContent()).toBe(es.personalClock.status.working);
    expect(sqlIn(dataDir, "select id from punches where employee_id = ? and method = 'personal'", employee.id)).toHaveLength(1);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { UNPAIRED_RULE } from '../../src/domain/clock/kiosk-attempts.ts';
import { AppError } from '../../src/server/http/app-error.ts';
import { identifyPunchEmployee } from '../../src/server/services/punch/identify-punch-employee.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 34.3, as reported: with unpaired browsers allowed, 100 addresses × 3 guesses checked 300
 * PINs in 2.4 s with no 429, since each address had its own free tries. Now the failures at
 * unpaired browsers also count installation-wide: past the rule's free tries every unpaired punch
 * waits, whatever its address, while a paired terminal keeps identifying. The clock is fixed (a
 * fake clock file), so no wait runs out while the test runs on a busy machine.
 */
let s: ServiceDb;
let clockDir: string;
const previousClock = process.env['JORNADA_FAKE_NOW_FILE'];
const SETTINGS = { rfidClock: true, faceRecognition: false, faceThreshold: 0.5, faceMargin: 0.05 };
const VALID_PIN = '5550123';

/** The answer's status: 200 for an identification, else the refusal's. */
async function tryPin(pin: string, address: string, unpaired: boolean): Promise<number> {
  try {
    await identifyPunchEmployee(s.db, { kind: 'pin', pin }, address, SETTINGS, null, unpaired);
    return 200;
  } catch (error) {
    if (error instanceof AppError) return error.status;
    throw error;
  }
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(tmpdir(), 'jornada-clock-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2026-03-02T10:00:00.000Z');
  process.env['JORNADA_FAKE_NOW_FILE'] = clockFile;
  s = await openServiceDb();
  await s.addEmployee({ firstName: 'Valida', pin: VALID_PIN });
});

afterAll(async () => {
  await s.close();
  if (previousClock === undefined) delete process.env['JORNADA_FAKE_NOW_FILE'];
  else process.env['JORNADA_FAKE_NOW_FILE'] = previousClock;
  rmSync(clockDir, { recursive: true, force: true });
});

describe('PIN guessing through unpaired browsers (issue 34.3)', () => {
  it('100 addresses × 3 guesses: past the installation-wide free tries every guess waits', async () => {
    const statuses: number[] = [];
    let guess = 0;
    for (let a = 0; a < 100; a++) {
      for (let i = 0; i < 3; i++) statuses.push(await tryPin(String(9000000 + guess++), `198.51.100.${a}`, true));
    }
    const checked = statuses.filter((status) => status === 401).length;
    // Each address alone is within its own three free tries: only the installation-wide count stops them.
    expect(checked).toBe(UNPAIRED_RULE.free + 1);
    expect(statuses.filter((status) => status === 429)).toHaveLength(300 - checked);
  });

  it('then even a right PIN waits at an unpaired browser, from a new address', async () => {
    expect(await tryPin(VALID_PIN, '203.0.113.7', true)).toBe(429);
  });

  it('a paired terminal is not held back by the unpaired browsers', async () => {
    expect(await tryPin(VALID_PIN, 'terminal:1', false)).toBe(200);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { nowIso, nowMs } from '../../src/server/clock/now.ts';

const KEYS = ['JORNADA_TEST', 'JORNADA_FAKE_NOW', 'JORNADA_FAKE_NOW_FILE'] as const;
const saved = Object.fromEntries(KEYS.map((k) => [k, process.env[k]]));

afterEach(() => {
  for (const k of KEYS) {
    if (saved[k] === undefined) delete process.env[k];
    else process.env[k] = saved[k];
  }
});

describe('the business clock', () => {
  it('ignores a fake time outside tests', () => {
    delete process.env['JORNADA_TEST'];
    process.env['JORNADA_FAKE_NOW'] = '2030-01-01T00:00:00Z';
    const before = Date.now();
    expect(nowMs()).toBeGreaterThanOrEqual(before);
    expect(nowMs()).toBeLessThan(Date.parse('2030-01-01T00:00:00Z'));
  });

  it('under tests, is fixed by JORNADA_FAKE_NOW or moved through JORNADA_FAKE_NOW_FILE', () => {
    process.env['JORNADA_TEST'] = '1';
    process.env['JORNADA_FAKE_NOW'] = '2030-01-01T00:00:00Z';
    expect(nowIso()).toBe('2030-01-01T00:00:00.000Z');
    const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-now-'));
    try {
      const file = path.join(dir, 'now');
      process.env['JORNADA_FAKE_NOW_FILE'] = file;
      writeFileSync(file, '2031-05-06T07:08:09Z\n');
      expect(nowIso()).toBe('2031-05-06T07:08:09.000Z');
      writeFileSync(file, '2031-05-06T07:09:00Z');
      expect(nowIso()).toBe('2031-05-06T07:09:00.000Z');
      writeFileSync(file, 'soon');
      expect(() => nowMs()).toThrow(/not an ISO instant/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});

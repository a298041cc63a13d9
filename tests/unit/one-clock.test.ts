import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * One clock (issue 16): server code and pages ask `nowMs()` / `nowIso()` (src/server/clock/now.ts)
 * what time it is, so tests can fake it. Reading the real clock directly (`Date.now()`, `new Date()`
 * with no arguments) is allowed only where listed below, with the reason. Timing a duration with
 * `process.hrtime` or `performance.now()` is not reading the time and is not checked.
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Not scanned: the browser islands keep the browser's clock; now.ts is the clock itself. */
const EXCLUDED = ['src/components/islands/', 'src/lib/client/', 'src/server/clock/now.ts'];

/** A real-clock read on purpose: the file, the text of its line, and why. */
const ALLOWED: readonly { file: string; line: string; reason: string }[] = [
  {
    file: 'src/server/services/sign-in/start-session.ts',
    line: 'return Date.now();',
    reason:
      'Session times (created, expires, pruning, the expiry check in session-user.ts through sessionNow) ' +
      'follow the sealed token TTL, which is real time: a faked business clock must not expire or revive ' +
      'sessions (decision 023).',
  },
  {
    file: 'src/server/services/seed-demo-data.ts',
    line: 'const realNow = Math.floor(Date.now() / 1000) * 1000;',
    reason:
      'The demo data set is anchored at the real today unless given `today`: the integration tests that ' +
      'fake the business clock (clock, clock-face, kiosk-limits, durability: days of 2027) start a demo ' +
      'server and rely on every demo record lying before their days; seeded on the faked clock, the ' +
      'employees clocked in "today" collide with their punches (409).',
  },
  {
    file: 'src/server/services/get-settings.ts',
    line: 'if (cached && Date.now() - cached.at < TTL_MS) return cached.value;',
    reason: 'The settings cache lives 5 s of real time: a fixed fake clock would keep it forever.',
  },
  {
    file: 'src/server/services/get-settings.ts',
    line: 'cached = { at: Date.now(), value };',
    reason: 'Same cache: the moment it was filled, on the real clock.',
  },
];

const REAL_CLOCK = /\bDate\.now\s*\(\s*\)|\bnew\s+Date\s*\(\s*\)/;

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro)$/.test(entry.name) ? [full] : [];
  });
}

/** Every real-clock read outside the exclusions, as `file:line` with its text. */
function realClockReads(): { file: string; lineNo: number; text: string }[] {
  return sourceFiles(path.join(ROOT, 'src'))
    .map((full) => path.relative(ROOT, full).split(path.sep).join('/'))
    .filter((file) => !EXCLUDED.some((ex) => file.startsWith(ex)))
    .flatMap((file) =>
      readFileSync(path.join(ROOT, file), 'utf8')
        .split('\n')
        .flatMap((text, i) => (REAL_CLOCK.test(text) ? [{ file, lineNo: i + 1, text: text.trim() }] : [])),
    );
}

const isAllowed = (read: { file: string; text: string }) => ALLOWED.some((a) => a.file === read.file && a.line === read.text);

describe('one clock', () => {
  const reads = realClockReads();

  it('src reads the time through nowMs()/nowIso(), except the listed real-clock reads', () => {
    const offending = reads.filter((r) => !isAllowed(r)).map((r) => `${r.file}:${r.lineNo}: ${r.text}`);
    expect(offending, 'use nowMs()/nowIso() from src/server/clock/now.ts, or list the read in ALLOWED with the reason').toEqual([]);
  });

  it('every allowed read still exists (the list does not go stale)', () => {
    const stale = ALLOWED.filter((a) => !reads.some((r) => r.file === a.file && r.text === a.line)).map((a) => `${a.file}: ${a.line}`);
    expect(stale).toEqual([]);
  });

  it('finds a real-clock read when there is one', () => {
    expect(REAL_CLOCK.test('const at = new Date().toISOString();')).toBe(true);
    expect(REAL_CLOCK.test('const t = Date.now();')).toBe(true);
    expect(REAL_CLOCK.test('const t = new Date(nowMs());')).toBe(false);
    expect(REAL_CLOCK.test("const d = new Date('2026-01-01');")).toBe(false);
  });
});

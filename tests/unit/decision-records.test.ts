import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Decision records (docs/decisions/NNN-title.md; issue 35, point 5): one number each, the title
 * line says that number, and right under it `Date: YYYY-MM-DD` (the day the file was added) and
 * `Status: accepted` or `Status: superseded by NNN` (a later record that exists).
 */

const DIR = path.resolve(import.meta.dirname, '../../docs/decisions');
const records = readdirSync(DIR)
  .filter((f) => f.endsWith('.md'))
  .sort()
  .map((file) => ({ file, lines: readFileSync(path.join(DIR, file), 'utf8').split('\n') }));
const numbers = records.map(({ file }) => file.slice(0, 3));

describe('decision records', () => {
  it('are named NNN-title.md, one file per number', () => {
    expect(records.length).toBeGreaterThan(60);
    expect(records.map((r) => r.file).filter((f) => !/^\d{3}-[a-z0-9]+(-[a-z0-9]+)*\.md$/.test(f))).toEqual([]);
    expect(numbers.filter((n, i) => numbers.indexOf(n) !== i)).toEqual([]);
  });

  it.each(records.map((r) => [r.file, r] as const))('%s: title with its number, then Date and Status', (file, { lines }) => {
    const n = file.slice(0, 3);
    expect(lines[0]).toMatch(new RegExp(`^# ${n} — \\S`));
    const [date, status] = lines.slice(1).filter((l) => l.trim() !== '');
    const day = /^Date: (\d{4}-\d{2}-\d{2})$/.exec(date ?? '')?.[1];
    expect(day, `"Date: YYYY-MM-DD" right under the title, found "${date}"`).toBeDefined();
    expect(new Date(`${day}T00:00:00Z`).toISOString().slice(0, 10)).toBe(day);
    expect(status).toMatch(/^Status: (accepted|superseded by \d{3})$/);
    const by = /superseded by (\d{3})/.exec(status!)?.[1];
    if (by) {
      expect(numbers).toContain(by);
      expect(Number(by)).toBeGreaterThan(Number(n));
    }
  });
});

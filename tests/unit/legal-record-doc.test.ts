import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';

/**
 * Issue 38.7: docs/legal-record.md names, for each duty of the law, a test that proves it, written
 * as `tests/…test.ts` › "title". Each named file must exist and hold a test of that title, so the
 * page cannot keep pointing at a test that was renamed or removed.
 */
const ROOT = path.resolve(import.meta.dirname, '../..');
const doc = readFileSync(path.join(ROOT, 'docs/legal-record.md'), 'utf8');
const rows = doc.split('\n').filter((line) => line.startsWith('| ') && !line.startsWith('| ---') && !line.startsWith('| duty'));
const named = [...doc.matchAll(/`(tests\/[\w/.-]+\.test\.ts)` › "([^"]+)"/g)].map((m) => ({ file: m[1]!, title: m[2]! }));

describe('docs/legal-record.md', () => {
  it('names a test in every row of its tables', () => {
    expect(rows.length).toBeGreaterThan(20);
    for (const row of rows) expect(row, row).toMatch(/`tests\/[\w/.-]+\.test\.ts` › "[^"]+"/);
  });

  it('every named test exists under that title', () => {
    expect(named.length).toBeGreaterThanOrEqual(rows.length);
    const missing = named.filter(({ file, title }) => {
      const source = path.join(ROOT, file);
      // A title is the text of it('…'): quotes inside it are written as the file writes them.
      return !existsSync(source) || !readFileSync(source, 'utf8').includes(title);
    });
    expect(missing).toEqual([]);
  });
});

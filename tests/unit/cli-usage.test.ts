import { describe, expect, it } from 'vitest';
import { ENVIRONMENT, usage } from '../../src/server/cli-usage.ts';

describe('jornada --help', () => {
  it('lists every environment variable exactly once', () => {
    const text = usage();
    const listed = [...text.matchAll(/^ {2}([A-Z][A-Z0-9_]+) {2,}/gm)].map((m) => m[1]!);
    expect(listed.length).toBeGreaterThan(15);
    expect(listed.filter((name, i) => listed.indexOf(name) !== i)).toEqual([]);
    expect(listed).toEqual(ENVIRONMENT.map(([name]) => name));
    for (const name of ['DATABASE_URL', 'DATABASE_POOL_SIZE']) expect(listed.filter((n) => n === name)).toHaveLength(1);
  });
});

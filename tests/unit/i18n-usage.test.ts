import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import es from '../../src/i18n/es.json';

const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx|astro)$/.test(name) ? [p] : [];
  });
}

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

const source = files(SRC)
  .map((f) => readFileSync(f, 'utf8'))
  .join('\n');

describe('translation keys', () => {
  it('every key is used somewhere in the source (as a literal)', () => {
    // A plural form (`key_one`, `key_other`) is used through its base key and a `count`.
    const base = (key: string) => key.replace(/_(zero|one|two|few|many|other)$/, '');
    // Every quoted literal of the source, once: a set lookup per key instead of a scan of the whole
    // source per key (that took 5 s on a loaded machine).
    const literals = new Set([...source.matchAll(/(?<=['"])[\w-]+(?:\.[\w-]+)*(?=['"])/g)].map((m) => m[0]));
    const unused = [...new Set(keys(es).map(base))].filter((key) => !literals.has(key));
    expect(unused).toEqual([]);
  });

  it('every literal key used in t(...) exists', () => {
    const known = new Set(keys(es).map((key) => key.replace(/_(zero|one|two|few|many|other)$/, '')));
    const used = [...source.matchAll(/\bt\(\s*'([a-zA-Z]+\.[a-zA-Z.]+)'/g)].map((m) => m[1]!);
    expect(used.length).toBeGreaterThan(20);
    expect(used.filter((k) => !known.has(k))).toEqual([]);
  });
});

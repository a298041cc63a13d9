import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { translate } from '../../src/i18n/translate.ts';

/**
 * Issue 17.7: a count shown next to a word agrees with it ("1 empleado eliminado", "2 empleados
 * eliminados"). Such messages are i18next plurals (`key_one`, `key_other`) and are called with a
 * numeric `count`; a plain message may show a number only where nothing has to agree with it
 * ("Empleados: 3", "y 3 más").
 */

const SRC = path.resolve(import.meta.dirname, '..', '..', 'src');
const PLURAL = /_(zero|one|two|few|many|other)$/;
/** Placeholders that carry a count. */
const COUNTS = ['count', 'n', 'days', 'minutes', 'seconds'];
/** Words that may follow a count without agreeing with it (abbreviated units are invariable). */
const NEUTRAL = new Set(['de', 'of', 'más', 'more', 'min', 'h']);

function entries(value: unknown, prefix = ''): [string, string][] {
  if (typeof value !== 'object' || value === null) return [[prefix, String(value)]];
  return Object.entries(value).flatMap(([k, v]) => entries(v, prefix ? `${prefix}.${k}` : k));
}

function files(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const p = path.join(dir, name);
    if (statSync(p).isDirectory()) return files(p);
    return /\.(ts|tsx|astro)$/.test(name) ? [p] : [];
  });
}

const placeholders = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]!).sort();

describe('plurals (issue 17.7)', () => {
  for (const [lang, messages] of [
    ['es', es],
    ['en', en],
  ] as const) {
    it(`${lang}: no plain message puts a count before a word that must agree with it`, () => {
      const offending = entries(messages)
        .filter(([key]) => !PLURAL.test(key))
        .filter(([, text]) => [...text.matchAll(/\{\{(\w+)\}\}\s+([\p{L}]+)/gu)].some(([, name, word]) => COUNTS.includes(name!) && !NEUTRAL.has(word!.toLowerCase())))
        .map(([key, text]) => `${key}: ${text}`);
      expect(offending).toEqual([]);
    });

    it(`${lang}: every plural has its one and other forms with the same placeholders`, () => {
      const all = new Map(entries(messages));
      const bases = new Set([...all.keys()].filter((k) => PLURAL.test(k)).map((k) => k.replace(PLURAL, '')));
      expect(bases.size).toBeGreaterThan(15);
      for (const base of bases) {
        expect(all.has(base), `${base} also exists without a plural suffix`).toBe(false);
        const one = all.get(`${base}_one`);
        const other = all.get(`${base}_other`);
        expect(one, `${base}_one`).toBeDefined();
        expect(other, `${base}_other`).toBeDefined();
        // The one form may leave out the number ("¿Eliminar el empleado seleccionado?").
        for (const p of placeholders(one!)) expect(placeholders(other!), `${base}: ${p}`).toContain(p);
      }
    });
  }

  it('every literal call of a plural message passes a count', () => {
    const bases = new Set(
      entries(es)
        .map(([k]) => k)
        .filter((k) => PLURAL.test(k))
        .map((k) => k.replace(PLURAL, '')),
    );
    const missing: string[] = [];
    let calls = 0;
    for (const file of files(SRC)) {
      const text = readFileSync(file, 'utf8');
      for (const m of text.matchAll(/\b(?:t|translate)\((?:\s*\w+,)?\s*'([\w.]+)'\s*(,[^;]*?\}\s*)?\)/g)) {
        if (bases.has(m[1]!)) calls++;
        if (bases.has(m[1]!) && !/\bcount\b/.test(m[2] ?? '')) missing.push(`${path.relative(SRC, file)}: ${m[0]}`);
      }
    }
    expect(calls).toBeGreaterThan(10);
    expect(missing).toEqual([]);
  });

  it('shows one and many in both languages', () => {
    expect(translate('es', 'employees.bulkDeleted', { count: 1 })).toBe('1 empleado eliminado.');
    expect(translate('es', 'employees.bulkDeleted', { count: 3 })).toBe('3 empleados eliminados.');
    expect(translate('en', 'employees.bulkDeleted', { count: 1 })).toBe('1 employee deleted.');
    expect(translate('es', 'reports.record.totals', { days: '1', count: 1 })).toBe('Totales del mes (1 día trabajado)');
    expect(translate('es', 'reports.record.totals', { days: '20', count: 20 })).toBe('Totales del mes (20 días trabajados)');
    expect(translate('es', 'reports.rowCount', { n: '1', count: 1 })).toBe('1 fila');
    expect(translate('en', 'reports.rowCount', { n: '1.234', count: 1234 })).toBe('1.234 rows');
    expect(translate('es', 'employees.facePhotos', { count: 1 })).toBe('1 foto registrada');
    expect(translate('es', 'punch.tooManyAttemptsSeconds', { seconds: 1, count: 1 })).toBe('Demasiados intentos fallidos. Vuelve a intentarlo dentro de 1 segundo.');
    expect(translate('en', 'punch.tooManyAttempts', { minutes: 1, count: 1 })).toBe('Too many failed attempts. Try again in 1 minute.');
    expect(translate('en', 'errors.tooManySignIns', { minutes: 5, count: 5 })).toBe('Too many failed sign-in attempts. Try again in 5 minutes.');
  });
});

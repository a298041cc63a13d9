import { describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { languageFromAcceptHeader } from '../../src/i18n/languages.ts';
import { translate } from '../../src/i18n/translate.ts';

function keys(value: unknown, prefix = ''): string[] {
  if (typeof value !== 'object' || value === null) return [prefix];
  return Object.entries(value).flatMap(([k, v]) => keys(v, prefix ? `${prefix}.${k}` : k));
}

describe('translations', () => {
  it('es and en have identical key sets', () => {
    expect(keys(es).sort()).toEqual(keys(en).sort());
  });

  it('no value is empty, and interpolation placeholders agree', () => {
    const esKeys = keys(es);
    for (const key of esKeys) {
      const a = translate('es', key);
      const b = translate('en', key);
      expect(a, key).not.toBe('');
      expect(b, key).not.toBe('');
      const ph = (s: string) => [...s.matchAll(/\{\{(\w+)\}\}/g)].map((m) => m[1]).sort();
      expect(ph(String(key.split('.').reduce((o: any, k) => o[k], es))), key).toEqual(ph(String(key.split('.').reduce((o: any, k) => o[k], en))));
    }
  });

  it('keeps the spec texts exactly (English)', () => {
    expect(translate('en', 'errors.unableToSignIn')).toBe('Unable to sign in');
    expect(translate('en', 'messages.alreadyCheckedIn', { time: '09:05' })).toBe('The employee has already checked in today at 09:05');
    expect(translate('en', 'accessDenied.message')).toBe('Access Denied: You do not have permission to visit this page.');
  });

  it('falls back to Spanish and returns unknown keys unchanged', () => {
    expect(translate('es', 'errors.unableToSignIn')).toBe('No se ha podido iniciar sesión');
    expect(translate('en', 'no.such.key')).toBe('no.such.key');
  });
});

describe('Accept-Language', () => {
  it('picks the best supported language by quality', () => {
    expect(languageFromAcceptHeader('en-US,en;q=0.9')).toBe('en');
    expect(languageFromAcceptHeader('fr-FR,fr;q=0.9,es;q=0.8,en;q=0.7')).toBe('es');
    expect(languageFromAcceptHeader('en;q=0.5, es;q=0.6')).toBe('es');
    expect(languageFromAcceptHeader('fr, de')).toBeUndefined();
    expect(languageFromAcceptHeader('en;q=0')).toBeUndefined();
    expect(languageFromAcceptHeader('')).toBeUndefined();
    expect(languageFromAcceptHeader(null)).toBeUndefined();
  });
});

import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { SignUpSchema } from '../../src/domain/auth/auth-schemas.ts';
import { signUpErrors } from '../../src/domain/auth/sign-up-errors.ts';
import { isKnownTimeZone, proposeCountry, proposeTimeZone } from '../../src/domain/settings/first-run-zone.ts';

describe('first-run country and time zone (issue 17, point 1)', () => {
  it('proposes the country of the browser zone, else of its language region', () => {
    expect(proposeCountry('en-US', 'Europe/Madrid')).toBe('ES');
    expect(proposeCountry('es-ES', 'Atlantic/Canary')).toBe('ES');
    expect(proposeCountry('en-GB', 'Etc/UTC')).toBe('UK');
    expect(proposeCountry('pt-PT', undefined)).toBe('PT');
    expect(proposeCountry('es', 'Asia/Tokyo')).toBeUndefined();
  });

  it('accepts only zones of the runtime IANA list', () => {
    expect(isKnownTimeZone('Europe/Madrid')).toBe(true);
    expect(isKnownTimeZone('europe/madrid')).toBe(false);
    expect(isKnownTimeZone('Mars/Olympus')).toBe(false);
    expect(proposeTimeZone('Europe/Lisbon')).toBe('Europe/Lisbon');
    expect(proposeTimeZone('Mars/Olympus')).toBeUndefined();
  });

  it('the sign-up schema validates them and keeps them optional for API clients', () => {
    const base = { company: 'Horno', full_name: 'Ana', email: 'ana@horno.es', password: 'Str0ng-pass!word' };
    expect(v.safeParse(SignUpSchema, base).success).toBe(true);
    expect(v.parse(SignUpSchema, { ...base, country: 'ES', timezone: 'Europe/Madrid' })).toMatchObject({ country: 'ES', timezone: 'Europe/Madrid' });
    expect(v.safeParse(SignUpSchema, { ...base, timezone: 'Mars/Olympus' }).success).toBe(false);
    expect(v.safeParse(SignUpSchema, { ...base, country: 'ZZ' }).success).toBe(false);
  });
});

describe('sign-up shows every field error at once (issue 17, point 8)', () => {
  it('names each wrong field in one pass', () => {
    expect(signUpErrors({ company: '', full_name: '', email: 'x', password: 'weak', confirmPassword: 'other', country: '', timezone: 'Mars/Olympus' })).toEqual({
      company: 'validation.required',
      full_name: 'validation.required',
      email: 'validation.invalidEmail',
      password: 'password.tooShort',
      confirmPassword: 'password.mismatch',
      country: 'validation.required',
      timezone: 'settings.invalidTimezone',
    });
  });

  it('is empty for a complete form', () => {
    const password = 'Str0ng-pass!word';
    expect(signUpErrors({ company: 'Horno', full_name: 'Ana', email: 'ana@horno.es', password, confirmPassword: password, country: 'ES', timezone: 'Europe/Madrid', demo: false })).toEqual({});
  });
});

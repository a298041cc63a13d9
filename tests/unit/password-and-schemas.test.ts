import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { ChangePasswordSchema, issuesToFieldKeys, SignInSchema, SignUpSchema } from '../../src/domain/auth/auth-schemas.ts';
import { passwordProblems } from '../../src/domain/auth/password-rules.ts';

describe('password rules (spec section 5)', () => {
  it('accepts a password with every class and 8+ characters', () => {
    expect(passwordProblems('Secret#12')).toEqual([]);
    expect(passwordProblems('Ñandú#2026')).toEqual([]);
  });

  it('names exactly the class that is missing', () => {
    expect(passwordProblems('Secret#ab')).toEqual(['password.noNumber']);
    expect(passwordProblems('SECRET#12')).toEqual(['password.noLowercase']);
    expect(passwordProblems('secret#12')).toEqual(['password.noUppercase']);
    expect(passwordProblems('Secret123')).toEqual(['password.noSpecial']);
    expect(passwordProblems('Se#1')).toEqual(['password.tooShort']);
    expect(passwordProblems('')).toEqual(['password.tooShort', 'password.noNumber', 'password.noLowercase', 'password.noUppercase', 'password.noSpecial']);
    expect(passwordProblems('Aa1#'.repeat(65))).toEqual(['password.tooLong']);
  });
});

describe('schemas', () => {
  const fields = (schema: v.GenericSchema, input: unknown) => {
    const r = v.safeParse(schema, input);
    return r.success ? {} : issuesToFieldKeys(r.issues);
  };

  it('sign-in: trims and lower-cases the email, requires both fields', () => {
    expect(v.parse(SignInSchema, { email: '  Ana@Example.ES ', password: 'x' }).email).toBe('ana@example.es');
    expect(fields(SignInSchema, { email: 'nope', password: '' })).toEqual({
      email: 'validation.invalidEmail',
      password: 'validation.required',
    });
    expect(fields(SignInSchema, {})).toEqual({ email: 'validation.required', password: 'validation.required' });
  });

  it('sign-up: requires company, name, valid email and a strong password', () => {
    expect(fields(SignUpSchema, { company: ' ', full_name: 'A', email: 'a@b.es', password: 'weakpass' })).toEqual({
      company: 'validation.required',
      password: 'password.noNumber',
    });
    const ok = v.parse(SignUpSchema, { company: 'Acme', full_name: 'Ana', email: 'a@b.es', password: 'Secret#12' });
    expect(ok.demo).toBe(false);
  });

  it('change password: confirm must match', () => {
    expect(fields(ChangePasswordSchema, { currentPassword: 'x', newPassword: 'Secret#12', confirmPassword: 'Secret#13' })).toEqual({ confirmPassword: 'password.mismatch' });
    expect(fields(ChangePasswordSchema, { currentPassword: 'x', newPassword: 'secret', confirmPassword: 'secret' })).toEqual({ newPassword: 'password.tooShort' });
  });
});

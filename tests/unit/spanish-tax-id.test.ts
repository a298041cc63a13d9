import * as v from 'valibot';
import { describe, expect, it } from 'vitest';
import { signUpErrors } from '../../src/domain/auth/sign-up-errors.ts';
import { SignUpSchema } from '../../src/domain/auth/auth-schemas.ts';
import { taxIdFitsCountry } from '../../src/domain/org/org-schemas.ts';
import { isValidSpanishTaxId } from '../../src/domain/org/spanish-tax-id.ts';

describe('Spanish tax IDs (issue 37.5)', () => {
  it('accepts NIF, NIE and CIF with their right check character', () => {
    // Real companies' published CIFs (Mercadona, Inditex), a letter-control CIF, DNI and NIE.
    for (const id of ['A46103834', 'A15075062', 'Q2826000H', '12345678Z', '11111111H', 'X1234567L', 'Y1234567X', 'Z1234567R', 'ESA46103834', 'B00000000', 'B12345674']) {
      expect(isValidSpanishTaxId(id), id).toBe(true);
    }
  });

  it('refuses a wrong check character or shape', () => {
    for (const id of ['A46103835', 'A4610383D', '12345678A', 'X1234567A', 'Q28260008', 'I1234567A', '1234567Z', 'PT501964843']) {
      expect(isValidSpanishTaxId(id), id).toBe(false);
    }
  });

  it('is checked only where the country is Spain', () => {
    expect(taxIdFitsCountry('A46103835', 'ES')).toBe(false);
    expect(taxIdFitsCountry('501964843X', 'PT')).toBe(true);
  });

  it('sign-up: optional, normalized, and checked against the chosen country', () => {
    const base = { company: 'Panadería Sol', full_name: 'Sol Marín', email: 'sol@pan.es', password: 'Sol#2026pan', country: 'ES', timezone: 'Europe/Madrid' };
    expect(v.parse(SignUpSchema, base).taxId).toBeNull();
    expect(v.parse(SignUpSchema, { ...base, taxId: '' }).taxId).toBeNull();
    expect(v.parse(SignUpSchema, { ...base, taxId: 'a-46.103.834' }).taxId).toBe('A46103834');
    expect(signUpErrors({ ...base, confirmPassword: base.password, taxId: 'A46103835' })).toEqual({ taxId: 'companies.taxIdSpain' });
    expect(signUpErrors({ ...base, confirmPassword: base.password, taxId: '12' })).toEqual({ taxId: 'companies.taxIdFormat' });
    expect(signUpErrors({ ...base, confirmPassword: base.password, country: 'PT', timezone: 'Europe/Lisbon', taxId: 'A46103835' })).toEqual({});
  });
});

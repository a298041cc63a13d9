import { describe, expect, it } from 'vitest';
import { spreadsheetText } from '../../src/domain/format/spreadsheet-cell.ts';
import * as v from 'valibot';
import { CompanyInput, normalizeContributionAccountCode } from '../../src/domain/org/org-schemas.ts';

describe('spreadsheet text cells (formula-injection defence)', () => {
  it('puts a quote before a text a spreadsheet would run, and leaves any other text alone', () => {
    for (const start of ['=', '+', '-', '@', '\t', '\r']) expect(spreadsheetText(`${start}1+1`)).toBe(`'${start}1+1`);
    for (const text of ['Ana', '', ' =1', "'=1", '1-2', 'a=b']) expect(spreadsheetText(text)).toBe(text);
  });
});

describe('contribution account code (CCC)', () => {
  it('keeps 11 digits whose last two are the first nine modulo 97', () => {
    // 28 1234567: 281234567 mod 97 = 42.
    expect(281234567 % 97).toBe(42);
    expect(normalizeContributionAccountCode('28 1234567 42')).toBe('28123456742');
    expect(normalizeContributionAccountCode('28/1234567/42')).toBe('28123456742');
    expect(normalizeContributionAccountCode('28-1234567-43')).toBeNull();
    expect(normalizeContributionAccountCode('2812345677')).toBeNull();
    expect(normalizeContributionAccountCode('28A23456742')).toBeNull();
  });
  it('is optional on the company form, and a wrong one is named', () => {
    expect(v.parse(CompanyInput, { name: 'X' }).contributionAccountCode).toBeNull();
    expect(v.parse(CompanyInput, { name: 'X', contributionAccountCode: '' }).contributionAccountCode).toBeNull();
    expect(v.parse(CompanyInput, { name: 'X', contributionAccountCode: '28 1234567 42' }).contributionAccountCode).toBe('28123456742');
    const bad = v.safeParse(CompanyInput, { name: 'X', contributionAccountCode: '28 1234567 43' });
    expect(bad.success).toBe(false);
    expect(bad.issues?.[0]?.message).toBe('companies.cccFormat');
  });
});

import { describe, expect, it } from 'vitest';
import { officialDays, officialHolidays } from '../../src/domain/holidays/official-calendar.ts';
import { SOURCES_2026 } from '../../src/domain/holidays/spain-2026.ts';

/**
 * Spain's 2026 fiestas laborales per community (decision 074), written out here by hand from the
 * official lists (BOE-A-2025-21667 and each community's decree): the table must give exactly
 * these days. `MMDD` of 2026.
 */
const COMMON = ['0101', '0106', '0403', '0501', '0815', '1012', '1208', '1225'];
const EXPECTED: Record<string, string[]> = {
  AN: [...COMMON, '0228', '0402', '1102', '1207'],
  AR: [...COMMON, '0402', '0423', '1102', '1207'],
  AS: [...COMMON, '0402', '0908', '1102', '1207'],
  CB: [...COMMON, '0402', '0728', '0915', '1207'],
  CE: [...COMMON, '0402', '0527', '0805', '0902', '0320', '0613'],
  CL: [...COMMON, '0402', '0423', '1102', '1207'],
  CM: [...COMMON, '0402', '0406', '0604', '1102'],
  CN: [...COMMON, '0402', '0530', '1102'],
  CT: [...COMMON, '0406', '0624', '0911', '1226'],
  EX: [...COMMON, '0402', '0908', '1102', '1207'],
  GA: [...COMMON, '0319', '0402', '0624', '0725'],
  IB: [...COMMON, '0302', '0402', '0406', '1226'],
  MC: [...COMMON, '0319', '0402', '0609', '1207'],
  MD: [...COMMON, '0402', '0502', '1102', '1207'],
  ML: [...COMMON, '0320', '0402', '0527', '1207', '0908', '0917'],
  NC: [...COMMON, '0319', '0402', '0406', '1102', '1203'],
  PV: [...COMMON, '0319', '0402', '0406', '0725'],
  RI: [...COMMON, '0402', '0406', '0609', '1207'],
  VC: [...COMMON, '0319', '0406', '0624', '1009'],
};
const iso = (mmdd: string) => `2026-${mmdd.slice(0, 2)}-${mmdd.slice(2)}`;
const dates = (region: string | null) => officialDays('ES', region, 2026)!.map(([date]) => date);

describe('Spain 2026 official holidays, per community (decision 074)', () => {
  for (const [region, days] of Object.entries(EXPECTED)) {
    it(`${region}: ${days.length} days`, () => {
      expect(dates(region)).toEqual(days.map(iso).sort());
    });
  }

  it('the whole country is the eight days every community keeps', () => {
    expect(dates(null)).toEqual(COMMON.map(iso));
    for (const region of Object.keys(EXPECTED)) expect(dates(region)).toEqual(expect.arrayContaining(COMMON.map(iso)));
  });

  it('Comunitat Valenciana has 9 October and no Maundy Thursday (issue 37)', () => {
    expect(officialHolidays('ES', 'VC', 2026, 'es')).toContainEqual({ date: '2026-10-09', name: 'Día de la Comunitat Valenciana', source: 'region' });
    expect(officialHolidays('ES', 'VC', 2026, 'en')).toContainEqual({ date: '2026-10-09', name: 'Valencian Community Day', source: 'region' });
    expect(dates('VC')).not.toContain('2026-04-02');
  });

  it('no day on a Sunday: a Sunday holiday is listed on the Monday the community moved it to, or not at all', () => {
    for (const region of [null, ...Object.keys(EXPECTED)]) {
      for (const date of dates(region)) expect(new Date(`${date}T12:00:00Z`).getUTCDay(), `${region} ${date}`).not.toBe(0);
    }
    expect(dates('AN')).not.toContain('2026-11-01');
    expect(officialHolidays('ES', 'MD', 2026, 'es')).toContainEqual({ date: '2026-12-07', name: 'Lunes siguiente al Día de la Constitución Española', source: 'region' });
    expect(officialHolidays('ES', 'IB', 2026, 'en')).toContainEqual({ date: '2026-03-02', name: 'Monday after Balearic Islands Day', source: 'region' });
  });

  it("every day names a known source and has both names; the national days are the BOE's", () => {
    expect(officialDays('ES', null, 2026)!.every(([, , , source]) => source === 'boe')).toBe(true);
    expect(
      officialDays('ES', 'CE', 2026)!
        .filter(([, , , source]) => source === 'city')
        .map(([date]) => date),
    ).toEqual(['2026-03-20', '2026-06-13']);
    for (const region of [null, ...Object.keys(EXPECTED)]) {
      for (const [date, es, en, source] of officialDays('ES', region, 2026)!) {
        expect(Object.keys(SOURCES_2026), `${region} ${date}`).toContain(source);
        expect(es.length * en.length, `${region} ${date}`).toBeGreaterThan(0);
      }
    }
  });

  it('other years, other countries and unknown regions are left to the library', () => {
    expect(officialDays('ES', 'VC', 2027)).toBeNull();
    expect(officialDays('ES', 'XX', 2026)).toBeNull();
    expect(officialHolidays('PT', null, 2026, 'es')).toBeNull();
  });
});

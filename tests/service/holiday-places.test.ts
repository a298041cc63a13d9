import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { holidayPlaces } from '../../src/server/services/holidays/holiday-places.ts';
import { previewHolidayImport } from '../../src/server/services/holidays/preview-holiday-import.ts';
import { publicHolidays } from '../../src/server/services/holidays/public-holidays.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * The holiday import's places and sources (issue 37.4, decision 074): countries in the user's
 * language, Spain's communities by their Spanish names in both languages, and Spain 2026 from the
 * maintained table rather than date-holidays (which lacks Valencia's 9 October). The table's days
 * per community are in tests/unit/spain-holidays-2026.test.ts.
 */

let s: ServiceDb;
beforeAll(async () => {
  s = await openServiceDb();
});
afterAll(async () => {
  await s?.close();
});

const nameOf = (list: { code: string; name: string }[], code: string) => list.find((p) => p.code === code)?.name;

describe('holiday import places and sources (issue 37.4)', () => {
  it("names countries in the user's language and Spain's regions in Spanish in both", async () => {
    const es = await holidayPlaces(new URLSearchParams('country=ES'), 'es');
    const en = await holidayPlaces(new URLSearchParams('country=ES'), 'en');
    expect([nameOf(es.countries, 'GB'), nameOf(en.countries, 'GB')]).toEqual(['Reino Unido', 'United Kingdom']);
    expect([nameOf(es.countries, 'DE'), nameOf(en.countries, 'DE')]).toEqual(['Alemania', 'Germany']);
    for (const places of [es, en]) {
      expect(places.regions).toHaveLength(19);
      expect(nameOf(places.regions, 'CM')).toBe('Castilla-La Mancha');
      expect(nameOf(places.regions, 'MC')).toBe('Región de Murcia');
      expect(nameOf(places.regions, 'VC')).toBe('Comunitat Valenciana');
      expect(nameOf(places.regions, 'CN')).toBe('Canarias');
    }
    // Sorted in Spanish: "Andalucía" first, "Región de Murcia" after "Principado de Asturias".
    expect(es.regions[0]!.name).toBe('Andalucía');
    const names = es.regions.map((r) => r.name);
    expect(names.indexOf('Región de Murcia')).toBeGreaterThan(names.indexOf('Principado de Asturias'));
  });

  it('Spain 2026 comes from the table, other years from the library', async () => {
    const vc2026 = await publicHolidays('ES', 'VC', 2026, 'es');
    expect(vc2026).toHaveLength(12);
    expect(vc2026).toContainEqual({ date: '2026-10-09', name: 'Día de la Comunitat Valenciana', source: 'region' });
    expect(vc2026.map((h) => h.date)).not.toContain('2026-11-01');
    // 2027 is not in the table yet: date-holidays answers (Valencia's day is on a Saturday).
    const md2027 = await publicHolidays('ES', 'MD', 2027, 'es');
    expect(md2027.map((h) => h.date)).toContain('2027-05-03');
    expect(new Set(md2027.map((h) => h.source))).toEqual(new Set(['library']));
  });

  it("previews the Comunitat Valenciana's 2026 with 9 October to import", async () => {
    const plan = await previewHolidayImport(s.db, new URLSearchParams({ company: String(s.companyId), country: 'ES', region: 'VC', year: '2026' }), 'en');
    expect(plan.holidays.find((h) => h.date === '2026-10-09')).toMatchObject({ name: 'Valencian Community Day', source: 'region', status: 'new' });
    expect(plan.holidays).toHaveLength(12);
  });
});

import type { Language } from '#i18n/languages.ts';
import type { FoundHoliday, HolidaySource } from './holiday-import.ts';
import { SPAIN_2026 } from './spain-2026.ts';

/**
 * The maintained official calendars layered over `date-holidays` (decision 074). Where a
 * country's year has a table here, the table is the whole answer for that year (national list and
 * each region's), names in Spanish and English; other years and countries fall back to the
 * library. A new year is one more file (`spain-2027.ts`) and one line in `TABLES`.
 */

/** One official day: `YYYY-MM-DD`, its Spanish and English names, and the key of its source. */
export type OfficialDay = readonly [date: string, es: string, en: string, source: Exclude<HolidaySource, 'library'>];

export interface OfficialYear {
  /** The days every region keeps (the "whole country" import). */
  national: readonly OfficialDay[];
  /** Each region's full list, national days included, by the library's region code. */
  regions: Readonly<Record<string, readonly OfficialDay[]>>;
}

const TABLES: Readonly<Record<string, Readonly<Record<number, OfficialYear>>>> = {
  ES: { 2026: SPAIN_2026 },
};

/** The official table's days, sorted by date, or null when no table covers that country, region and year. */
export function officialDays(country: string, region: string | null, year: number): readonly OfficialDay[] | null {
  const table = TABLES[country]?.[year];
  if (!table) return null;
  const days = region === null ? table.national : table.regions[region];
  return days ? [...days].sort(([a], [b]) => a.localeCompare(b)) : null;
}

/** The official holidays in the user's language, or null to ask the library. */
export function officialHolidays(country: string, region: string | null, year: number, lang: Language): FoundHoliday[] | null {
  return officialDays(country, region, year)?.map(([date, es, en, source]) => ({ date, name: lang === 'es' ? es : en, source })) ?? null;
}

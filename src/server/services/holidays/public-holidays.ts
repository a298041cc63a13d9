import type { FoundHoliday } from '#domain/holidays/holiday-import.ts';
import { officialHolidays } from '#domain/holidays/official-calendar.ts';
import { SPAIN_REGION_NAMES } from '#domain/holidays/spain-regions.ts';
import type { Language } from '#i18n/languages.ts';
import { AppError } from '../../http/app-error.ts';
import { loadDateHolidays } from '../../lazy/load-date-holidays.ts';

/** A country or region to choose, by name in the user's language. */
export interface HolidayPlace {
  code: string;
  name: string;
}

const byName = (lang: Language) => (a: HolidayPlace, b: HolidayPlace) => a.name.localeCompare(b.name, lang);
const places = (record: Record<string, string> | undefined, lang: Language): HolidayPlace[] =>
  Object.entries(record ?? {})
    .map(([code, name]) => ({ code, name }))
    .sort(byName(lang));

/** A country's name in the user's language (CLDR through Intl), else the library's. */
const countryName = (lang: Language) => {
  const names = new Intl.DisplayNames([lang], { type: 'region', fallback: 'none' });
  return (code: string, libraryName: string) => {
    try {
      return names.of(code) ?? libraryName;
    } catch {
      return libraryName;
    }
  };
};

/** The countries `date-holidays` knows, named in the user's language (decision 074). */
export async function holidayCountries(lang: Language): Promise<HolidayPlace[]> {
  const Holidays = await loadDateHolidays();
  const name = countryName(lang);
  return places(Object.fromEntries(Object.entries(new Holidays().getCountries(lang)).map(([code, n]) => [code, name(code, n)])), lang);
}

/**
 * The regions (states) of a country; 422 for a country the library does not know. Spain's are
 * named in Spanish in every language (decision 074).
 */
export async function holidayRegions(country: string, lang: Language): Promise<HolidayPlace[]> {
  const Holidays = await loadDateHolidays();
  const hd = new Holidays();
  if (!hd.getCountries(lang)[country]) throw new AppError('holidays.unknownCountry', 422, {}, { country: 'holidays.unknownCountry' });
  const states = Object.entries(hd.getStates(country, lang) ?? {});
  return places(Object.fromEntries(country === 'ES' ? states.map(([code, n]) => [code, SPAIN_REGION_NAMES[code] ?? n]) : states), lang);
}

/**
 * The public holidays of a country, or of one of its regions (the national ones included), in a
 * year: the maintained official table where it covers that year (decision 074: Spain 2026), else
 * the library's days of type `public` (not bank holidays, school holidays, optional days or
 * observances), named in the user's language where the library has it. 422 for an unknown
 * country or region.
 */
export async function publicHolidays(country: string, region: string | null, year: number, lang: Language): Promise<FoundHoliday[]> {
  const regions = await holidayRegions(country, lang);
  if (region !== null && !regions.some((r) => r.code === region)) {
    throw new AppError('holidays.unknownRegion', 422, {}, { region: 'holidays.unknownRegion' });
  }
  const official = officialHolidays(country, region, year, lang);
  if (official) return official;
  const Holidays = await loadDateHolidays();
  const hd = region === null ? new Holidays(country, { languages: [lang] }) : new Holidays(country, region, { languages: [lang] });
  return (
    hd
      .getHolidays(year, lang)
      .filter((h) => h.type === 'public')
      // `date` is the local start, `YYYY-MM-DD hh:mm:ss`: its day is the holiday.
      .map((h) => ({ date: h.date.slice(0, 10), name: h.name, source: 'library' as const }))
  );
}

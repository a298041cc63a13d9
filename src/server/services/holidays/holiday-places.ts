import type { Language } from '#i18n/languages.ts';
import { holidayCountries, holidayRegions, type HolidayPlace } from './public-holidays.ts';

/**
 * `GET /api/holidays/places?country=`: the countries the import knows, named in the user's
 * language, and, for the named country (Spain when none), its regions (Spain's autonomous
 * communities, by their Spanish names; decision 074).
 */
export async function holidayPlaces(params: URLSearchParams, lang: Language): Promise<{ country: string; countries: HolidayPlace[]; regions: HolidayPlace[] }> {
  const country = (params.get('country') ?? 'ES').trim().toUpperCase() || 'ES';
  return { country, countries: await holidayCountries(lang), regions: await holidayRegions(country, lang) };
}

import * as v from 'valibot';
import { idRef } from '../org/org-schemas.ts';

/**
 * Importing public holidays into a company's calendar (issue 21.5, decision 053): the country
 * and region's public holidays of a year, as `date-holidays` knows them, previewed and then
 * written; days the company already has a holiday on are skipped.
 */

const FILL = 'validation.fillAllFields';

/** ISO 3166-1 alpha-2 country, upper case. */
const country = v.pipe(v.string(FILL), v.trim(), v.nonEmpty(FILL), v.toUpperCase(), v.regex(/^[A-Z]{2}$/, 'holidays.unknownCountry'));
/** A region (state) code of that country (`MD`, `CT`…); empty = the whole country only. */
const region = v.pipe(
  v.optional(v.nullable(v.string('holidays.unknownRegion')), null),
  v.transform((s) => (s === null ? null : s.trim().toUpperCase() || null)),
  v.nullable(v.pipe(v.string(), v.regex(/^[A-Z0-9]{1,3}$/, 'holidays.unknownRegion'))),
);
const year = v.pipe(
  v.union([v.number(), v.pipe(v.string(), v.trim(), v.nonEmpty(FILL), v.transform(Number))], FILL),
  v.number('holidays.yearRange'),
  v.integer('holidays.yearRange'),
  v.minValue(1970, 'holidays.yearRange'),
  v.maxValue(2100, 'holidays.yearRange'),
);

/** What to import: into which company, from which country (and region), which year. */
export const HolidayImportInput = v.object({ company: idRef, country, region, year }, FILL);
export type HolidayImportInput = v.InferOutput<typeof HolidayImportInput>;

/**
 * Where a day comes from (decision 074): the BOE's national list, a community's decree (as the
 * BOE's annex republishes it), a city's own local fiesta (Ceuta, Melilla), or `date-holidays`.
 */
export const HOLIDAY_SOURCES = ['boe', 'region', 'city', 'library'] as const;
export type HolidaySource = (typeof HOLIDAY_SOURCES)[number];

/** A public holiday as the table or the library gives it (`date` is `YYYY-MM-DD`, local to the country). */
export interface FoundHoliday {
  date: string;
  name: string;
  source: HolidaySource;
}

/** `new`: will be written; `exists`: the company already has a holiday that day. */
export const PLANNED_STATUSES = ['new', 'exists'] as const;

export interface PlannedHoliday {
  date: string;
  name: string;
  source: HolidaySource;
  /** `new`: will be written; `exists`: the company already has a holiday that day (`existingName`). */
  status: (typeof PLANNED_STATUSES)[number];
  existingName: string | null;
}

/**
 * The import plan, by date: one holiday per day (the first name the library gives wins: a
 * holiday and its "substitute day" may fall on the same date), days already in the company's
 * calendar marked `exists` and left untouched.
 */
export function planHolidayImport(found: readonly FoundHoliday[], existing: ReadonlyMap<string, string>): PlannedHoliday[] {
  const byDate = new Map<string, FoundHoliday>();
  for (const h of found) if (!byDate.has(h.date)) byDate.set(h.date, { ...h, name: h.name.trim().slice(0, 120) });
  return [...byDate.values()]
    .sort((a, b) => a.date.localeCompare(b.date))
    .map(({ date, name, source }) => {
      const existingName = existing.get(date) ?? null;
      return { date, name, source, status: existingName === null ? 'new' : 'exists', existingName };
    });
}

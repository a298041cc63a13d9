import { HolidayImportInput, planHolidayImport, type PlannedHoliday } from '#domain/holidays/holiday-import.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { companyHolidaysOfYear } from '../../db/repositories/org/holidays.ts';
import { exists } from '../../db/repositories/org/references.ts';
import { AppError } from '../../http/app-error.ts';
import { validateLeave as validate } from '../leave/leave-checks.ts';
import { publicHolidays } from './public-holidays.ts';

export interface HolidayImportPreview {
  company: number;
  country: string;
  region: string | null;
  year: number;
  holidays: PlannedHoliday[];
}

/** Validates the input and checks the company exists (422 naming the field otherwise). */
export async function checkedImportInput(db: Db, input: unknown): Promise<HolidayImportInput> {
  const data = validate(HolidayImportInput, input);
  if (!(await exists(db, 'companies', data.company))) throw new AppError('validation.invalidInput', 422, {}, { company: 'validation.unknownRecord' });
  return data;
}

/** The import plan for an input: the public holidays of the year, each `new` or already there. */
export async function planFor(db: Db, data: HolidayImportInput, lang: Language): Promise<PlannedHoliday[]> {
  const found = await publicHolidays(data.country, data.region, data.year, lang);
  return planHolidayImport(found, await companyHolidaysOfYear(db, data.company, data.year));
}

/**
 * `GET /api/holidays/import?company=&country=&region=&year=`: what an import would write, nothing
 * written.
 */
export async function previewHolidayImport(db: Db, params: URLSearchParams, lang: Language): Promise<HolidayImportPreview> {
  const data = await checkedImportInput(db, {
    company: params.get('company') ?? '',
    country: params.get('country') ?? '',
    region: params.get('region'),
    year: params.get('year') ?? '',
  });
  return { ...data, holidays: await planFor(db, data, lang) };
}

import { CSV_COLUMNS, templateHeaders, type CsvField } from '#domain/employees/csv-import.ts';
import { spreadsheetCsv } from '#domain/format/spreadsheet-cell.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { companyNames } from '../../db/repositories/org/companies.ts';
import { firstJobTitleOfCompany } from '../../db/repositories/org/job-titles.ts';
import { firstLeaveGroupOfCompany } from '../../db/repositories/org/leave-groups.ts';

/** Example values; references are filled from the instance's own records when it has them. */
const EXAMPLE: Record<Language, Partial<Record<CsvField, string>>> = {
  es: {
    firstName: 'Marina',
    lastName: 'Soler Vidal',
    gender: 'Mujer',
    email: 'marina.soler@ejemplo.es',
    nationalId: '12345678Z',
    employmentType: 'Fijo',
    pin: '482719',
    civilStatus: 'Soltera',
    phone: '+34 600 123 456',
    birthday: '17/05/1990',
    placeOfBirth: 'Sevilla',
    address: 'Calle Mayor 1, 41001 Sevilla',
    officialStartDate: '01/02/2024',
    status: 'Activo',
    professionalCategory: 'Grupo 4 – Dependiente',
    contractType: '100 Indefinido a tiempo completo',
  },
  en: {
    firstName: 'Marina',
    lastName: 'Soler Vidal',
    gender: 'female',
    email: 'marina.soler@example.com',
    nationalId: '12345678Z',
    employmentType: 'regular',
    pin: '482719',
    civilStatus: 'single',
    phone: '+34 600 123 456',
    birthday: '1990-05-17',
    placeOfBirth: 'Seville',
    address: '1 High Street, Seville',
    officialStartDate: '2024-02-01',
    status: 'active',
    professionalCategory: 'Group 4 – Shop assistant',
    contractType: '100 Permanent full time',
  },
};

const FALLBACK_NAMES: Record<Language, ReferenceNames> = {
  es: { company: 'Mi empresa', department: 'Tienda', jobTitle: 'Dependiente', leaveGroup: 'General' },
  en: { company: 'My company', department: 'Shop', jobTitle: 'Shop assistant', leaveGroup: 'General' },
};

type ReferenceNames = Record<'company' | 'department' | 'jobTitle' | 'leaveGroup', string>;

/**
 * The import template: a header row (field names in English, labels in Spanish) and one example
 * row naming a real company, department, job title and leave group when there are some. Spanish
 * uses `;` like Spanish Excel; a UTF-8 byte order mark makes Excel read accents right.
 */
export async function employeeImportTemplate(db: Db, lang: Language): Promise<{ filename: string; csv: string }> {
  const names = { ...FALLBACK_NAMES[lang] };
  const [company] = await companyNames(db, 1);
  if (company) {
    names.company = company.name;
    const job = await firstJobTitleOfCompany(db, company.id);
    if (job) Object.assign(names, job);
    const group = await firstLeaveGroupOfCompany(db, company.id);
    if (group) names.leaveGroup = group.name;
  }
  return importTemplateFile(names, lang);
}

/**
 * The template's file from the names it shows. The names are the instance's own records, typed by
 * any administrator: every cell goes through the one CSV writer, which escapes a text a
 * spreadsheet would run (`=cmd|' /C calc'!A0` is written `'=cmd|…`; the example phone `+34 …`
 * too, and the import reads the `'` away again, `cleanText`).
 */
export function importTemplateFile(names: ReferenceNames, lang: Language): { filename: string; csv: string } {
  const example: Partial<Record<CsvField, string>> = { ...EXAMPLE[lang], ...names };
  const csv = spreadsheetCsv(templateHeaders(lang), [CSV_COLUMNS.map((c) => example[c.field] ?? '')], { delimiter: lang === 'es' ? ';' : ',', quotes: false });
  return { filename: lang === 'es' ? 'plantilla-empleados.csv' : 'employee-import-template.csv', csv: `\uFEFF${csv}\r\n` };
}

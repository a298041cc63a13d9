import type { RecordAccount } from '#domain/permissions/record-access.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { downloadLanguage } from '../reports/report-downloads.ts';
import { payrollCsv, payrollXlsx } from './export-payroll.ts';
import { payrollFor } from './read-payroll.ts';

/** The payroll export as `format=csv` or `xlsx` (default), headers in `lang` (query) or the request's language, or the column ids with `headers=ids`. */
export async function downloadPayroll(db: Db, params: URLSearchParams, viewer: RecordAccount, requestLang: Language): Promise<Response> {
  const { query, report } = await payrollFor(db, params, viewer);
  const options = { lang: downloadLanguage(params, requestLang), headers: query.headers };
  return query.format === 'csv' ? payrollCsv(report, options) : payrollXlsx(report, options);
}

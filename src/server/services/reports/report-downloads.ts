import { scopedEmployeeFilter, type RecordAccount } from '#domain/permissions/record-access.ts';
import { isMonth } from '#domain/reports/periods.ts';
import { oneOf, positiveId } from '#domain/reports/report-query.ts';
import type { ReportName } from '#domain/reports/report-table.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { isLanguage, type Language } from '#i18n/languages.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import type { EmployeeFilter } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { notFound } from '../../http/app-error.ts';
import { exportMonthlyRecords, recordFileName } from './export-monthly-records.ts';
import { downloadMonth, recordPdfAccess } from '#domain/reports/record-pdf-access.ts';
import { hasAuthority, type AccountType, type Permissions } from '#domain/permissions/permissions.ts';
import { AppError } from '../../http/app-error.ts';
import { denial } from '../../http/denial.ts';
import { exportReport, reportFileName } from './export-report.ts';
import { monthlyRecords } from './monthly-records.ts';
import { STATUS_FILTERS, statusFilter } from './report-criteria.ts';
import { runReport } from './run-report.ts';
import { attachment, XLSX_TYPE } from './xlsx-stream.ts';

/** A download link cannot send Accept-Language: `lang` in the query wins, else the request's. */
export function downloadLanguage(params: URLSearchParams, fallback: Language): Language {
  const asked = params.get('lang');
  return isLanguage(asked) ? asked : fallback;
}

/** The month of a query (`month=YYYY-MM`), else the company's current month. */
export async function recordMonth(db: Db, params: URLSearchParams): Promise<string> {
  const asked = params.get('month');
  if (isMonth(asked)) return asked;
  return localDateOf(nowMs(), (await getSettings(db)).timezone).slice(0, 7);
}

/**
 * Employees of the monthly record: `employee`, `department`, `status` (any by default: the record
 * covers whoever worked), only among those the viewer may read (decision 024): its own employee
 * whatever the query names, 404 when linked to none.
 */
export function recordFilter(params: URLSearchParams, viewer: RecordAccount): EmployeeFilter {
  const employee = scopedEmployeeFilter(viewer, positiveId(params.get('employee')));
  if (employee === null) throw notFound();
  return {
    employee,
    department: positiveId(params.get('department')),
    ...statusFilter(oneOf(params.get('status'), STATUS_FILTERS) ?? ''),
  };
}

function download(body: ReadableStream<Uint8Array>, name: string): Response {
  return new Response(body, { status: 200, headers: { 'content-type': XLSX_TYPE, 'content-disposition': attachment(name), 'cache-control': 'no-store' } });
}

/** A report's .xlsx download. */
export async function reportDownload(db: Db, name: ReportName, params: URLSearchParams, lang: Language, viewer: RecordAccount): Promise<Response> {
  const settings = await getSettings(db);
  const report = await runReport(db, name, params, lang, viewer);
  const today = localDateOf(nowMs(), settings.timezone);
  return download(exportReport(report, { lang, timeZone: settings.timezone, timeFormat: settings.timeFormat }), reportFileName(report, lang, today));
}

/** The monthly working-time records' .xlsx download for the employees under the filter. */
export async function recordDownload(db: Db, filter: EmployeeFilter, month: string, lang: Language): Promise<Response> {
  const settings = await getSettings(db);
  const records = await monthlyRecords(db, filter, month);
  return download(exportMonthlyRecords(records, { lang, timeFormat: settings.timeFormat }), recordFileName(records, lang));
}

/** The records under `filter` for `month` as one PDF (decision 035); the inspector's link uses it too (decision 036). */
export async function recordPdfFor(db: Db, filter: EmployeeFilter, month: string, lang: Language): Promise<Response> {
  const settings = await getSettings(db);
  const records = await monthlyRecords(db, filter, month);
  // The PDF library (pdfkit and its fonts, ~1 MB of code) loads with the first PDF, not with every report page.
  const { monthlyRecordPdf, recordPdfFileName } = await import('./monthly-record-pdf.ts');
  const body = monthlyRecordPdf(records, { lang, timeFormat: settings.timeFormat });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': 'application/pdf', 'content-disposition': attachment(recordPdfFileName(records, lang)), 'cache-control': 'no-store' },
  });
}

/** The asked month of a PDF: absent is the current month; malformed is a 422, never another month. */
async function pdfMonth(db: Db, params: URLSearchParams): Promise<string> {
  const settings = await getSettings(db);
  const month = downloadMonth(params.get('month'), localDateOf(nowMs(), settings.timezone).slice(0, 7));
  if ('error' in month) throw new AppError(month.error, 422, {}, { month: month.error });
  return month.month;
}

/**
 * The monthly record as PDF for the reports (decision 035; the API table asks `report.read`):
 * whom the query names (`employee`, `department`, `status`) among those the viewer may read — an
 * Employee account that holds `report.read` still reaches only its own employee (another's is a
 * 404). Each employee's pages print their company's record chain head (decision 033).
 */
export async function recordPdfDownload(db: Db, params: URLSearchParams, viewer: RecordAccount & { permissions: Permissions; accountType: AccountType }, lang: Language): Promise<Response> {
  const access = recordPdfAccess(viewer, hasAuthority(viewer.accountType, viewer.permissions, ['report.read']), positiveId(params.get('employee')));
  if (access.kind === 'refused') throw denial(access.missing, lang);
  if (access.kind === 'notFound') throw notFound();
  const month = await pdfMonth(db, params);
  const filter: EmployeeFilter = {
    employee: access.employee,
    department: positiveId(params.get('department')),
    ...statusFilter(oneOf(params.get('status'), STATUS_FILTERS) ?? ''),
  };
  return recordPdfFor(db, filter, month, lang);
}

/** My own month as PDF, for the personal area (any signed-in account linked to an employee). */
export async function ownRecordPdfDownload(db: Db, employee: number, params: URLSearchParams, lang: Language): Promise<Response> {
  return recordPdfFor(db, { employee }, await pdfMonth(db, params), lang);
}

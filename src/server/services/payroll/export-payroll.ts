import type ExcelJS from 'exceljs';
import { CSV_LOCALES, csvValue, type PayrollColumn, type PayrollRow } from '#domain/payroll/payroll-columns.ts';
import { spreadsheetCsv } from '#domain/format/spreadsheet-cell.ts';
import type { Language } from '#i18n/languages.ts';
import { translate, translator } from '#i18n/translate.ts';
import { attachment, sheetName, streamWorkbook, XLSX_TYPE } from '../reports/xlsx-stream.ts';
import type { PayrollReport } from './payroll-report.ts';

/**
 * The payroll export files (docs/payroll-export.md): one row per employee, the columns of
 * `payrollColumns` in their order. The header row holds the translated names, or the column ids
 * with `headers: 'ids'` (for import tools). Formula injection: every text cell of both files goes
 * through `spreadsheetText` (a leading `'` before = + - @ tab CR) in the writers themselves
 * (`spreadsheetCsv`, `streamWorkbook`); numbers stay numbers.
 */
export interface PayrollFileOptions {
  lang: Language;
  headers: 'labels' | 'ids';
}

const header = (c: PayrollColumn, o: PayrollFileOptions) => (o.headers === 'ids' ? c.id : translate(o.lang, c.labelKey, c.labelParams));

export function payrollFileName(report: PayrollReport, lang: Language, ext: 'csv' | 'xlsx'): string {
  return `${lang === 'es' ? 'nomina' : 'payroll'}-${report.month}.${ext}`;
}

/**
 * RFC 4180 with CRLF and a UTF-8 BOM, in the conventions of the file's language (`CSV_LOCALES`):
 * Spanish `;` separated with decimal commas (what Spanish Excel opens in columns), English `,`
 * separated with dots; hours and days with two decimals; codes translated.
 */
export function payrollCsv(report: PayrollReport, options: PayrollFileOptions): Response {
  const locale = CSV_LOCALES[options.lang];
  const t = translator(options.lang);
  const csv = spreadsheetCsv(
    report.columns.map((c) => header(c, options)),
    report.rows.map((r) => report.columns.map((c) => csvValue(c, r, locale, t))),
    { delimiter: locale.delimiter },
  );
  return new Response(`\uFEFF${csv}\r\n`, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': attachment(payrollFileName(report, options.lang, 'csv')), 'cache-control': 'no-store' },
  });
}

/** An .xlsx cell: hours as exact numbers (seconds / 3600), days and counts as numbers, codes translated (texts escaped by the writer). */
function xlsxCell(c: PayrollColumn, r: PayrollRow, t: (key: string) => string): ExcelJS.CellValue {
  const v = c.value(r);
  if (v === null) return null;
  if (c.kind === 'hours') return (v as number) / 3600;
  if (c.kind === 'code') return c.display ? c.display(r, t) : String(v);
  if (c.kind === 'text') return String(v);
  return v;
}

/** One sheet: the header row, then a row per employee; hours as numbers (exact: seconds / 3600) shown with two decimals. */
export function payrollXlsx(report: PayrollReport, options: PayrollFileOptions): Response {
  const t = translator(options.lang);
  const body = streamWorkbook('payroll', async (workbook, pace) => {
    const sheet = workbook.addWorksheet(sheetName(`${translate(options.lang, 'payroll.title')} ${report.month}`, new Set()), { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
    sheet.columns = report.columns.map((c) => ({ width: c.kind === 'text' ? 22 : 14 }));
    const head = sheet.addRow(report.columns.map((c) => header(c, options)));
    head.eachCell((cell) => (cell.style = { font: { bold: true }, alignment: { wrapText: true, vertical: 'middle' } }));
    head.commit();
    for (const r of report.rows) {
      const row = sheet.addRow(report.columns.map((c): ExcelJS.CellValue => xlsxCell(c, r, t)));
      report.columns.forEach((c, i) => {
        if (c.kind === 'hours' || c.kind === 'days') row.getCell(i + 1).numFmt = '0.00';
      });
      row.commit();
      if (!(await pace(sheet))) return;
    }
    sheet.commit();
  });
  return new Response(body, {
    status: 200,
    headers: { 'content-type': XLSX_TYPE, 'content-disposition': attachment(payrollFileName(report, options.lang, 'xlsx')), 'cache-control': 'no-store' },
  });
}

import Papa from 'papaparse';
import type ExcelJS from 'exceljs';
import { csvCell, type PayrollColumn } from '../../../domain/payroll/payroll-columns.ts';
import type { Language } from '../../../i18n/languages.ts';
import { translate } from '../../../i18n/translate.ts';
import { attachment, sheetName, streamWorkbook, XLSX_TYPE } from '../reports/xlsx-stream.ts';
import type { PayrollReport } from './payroll-report.ts';

/**
 * The payroll export files (docs/payroll-export.md): one row per employee, the columns of
 * `payrollColumns` in their order. The header row holds the translated names, or the column ids
 * with `headers: 'ids'` (for import tools). Formula injection: the .csv escapes cells that start
 * with = + - @ (papaparse `escapeFormulae`); the .xlsx writes texts as strings, never formulas.
 */
export interface PayrollFileOptions {
  lang: Language;
  headers: 'labels' | 'ids';
}

const header = (c: PayrollColumn, o: PayrollFileOptions) => (o.headers === 'ids' ? c.id : translate(o.lang, c.labelKey, c.labelParams));

export function payrollFileName(report: PayrollReport, lang: Language, ext: 'csv' | 'xlsx'): string {
  return `${lang === 'es' ? 'nomina' : 'payroll'}-${report.month}.${ext}`;
}

/** RFC 4180: comma separated, CRLF, UTF-8 with BOM; hours as decimals with two places and a dot. */
export function payrollCsv(report: PayrollReport, options: PayrollFileOptions): Response {
  const csv = Papa.unparse(
    { fields: report.columns.map((c) => header(c, options)), data: report.rows.map((r) => report.columns.map((c) => csvCell(c, r))) },
    { escapeFormulae: true, newline: '\r\n' },
  );
  return new Response(`\uFEFF${csv}\r\n`, {
    status: 200,
    headers: { 'content-type': 'text/csv; charset=utf-8', 'content-disposition': attachment(payrollFileName(report, options.lang, 'csv')), 'cache-control': 'no-store' },
  });
}

/** One sheet: the header row, then a row per employee; hours as numbers (exact: seconds / 3600) shown with two decimals. */
export function payrollXlsx(report: PayrollReport, options: PayrollFileOptions): Response {
  const body = streamWorkbook('payroll', async (workbook, pace) => {
    const sheet = workbook.addWorksheet(sheetName(`${translate(options.lang, 'payroll.title')} ${report.month}`, new Set()), { views: [{ state: 'frozen', ySplit: 1, xSplit: 0 }] });
    sheet.columns = report.columns.map((c) => ({ width: c.kind === 'text' ? 22 : 14 }));
    const head = sheet.addRow(report.columns.map((c) => header(c, options)));
    head.eachCell((cell) => (cell.style = { font: { bold: true }, alignment: { wrapText: true, vertical: 'middle' } }));
    head.commit();
    for (const r of report.rows) {
      const row = sheet.addRow(
        report.columns.map((c): ExcelJS.CellValue => {
          const v = c.value(r);
          if (v === null) return null;
          return c.kind === 'hours' ? (v as number) / 3600 : v;
        }),
      );
      report.columns.forEach((c, i) => {
        if (c.kind === 'hours') row.getCell(i + 1).numFmt = '0.00';
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

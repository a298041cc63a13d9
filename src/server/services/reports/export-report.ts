import type ExcelJS from 'exceljs';
import { wallClockReader } from '#domain/attendance/shift-times.ts';
import { formatDate, formatTime } from '#domain/format/intl-format.ts';
import type { CellKind, CellValue, Report, ReportColumn } from '#domain/reports/report-table.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { dateValue, durationValue, sheetName, streamWorkbook, timeOfDayValue } from './xlsx-stream.ts';

/**
 * A report as an .xlsx: one sheet per table; on top the title, the filters it ran with and when
 * it was made, then the header, the rows and the totals. Values keep their type: dates and
 * instants are spreadsheet dates (instants as the company's wall clock), durations are
 * spreadsheet durations (`[h]:mm`, exact to the second, summable), counts are numbers.
 */
export function exportReport(report: Report, options: { lang: Language; timeZone: string; timeFormat: '1' | '2' }): ReadableStream<Uint8Array> {
  const { lang, timeZone, timeFormat } = options;
  const t = (key: string, p?: Record<string, unknown>) => translate(lang, key, p);
  const wallClock = wallClockReader(timeZone);
  const time = timeFormat === '2' ? 'h:mm AM/PM' : 'hh:mm';
  // One style object per kind, shared by every cell (exceljs registers a style once per object).
  const STYLES: Record<CellKind, Partial<ExcelJS.Style>> = {
    text: {},
    label: {},
    date: { numFmt: 'dd/mm/yyyy' },
    instant: { numFmt: `dd/mm/yyyy ${time}` },
    time: { numFmt: time },
    duration: { numFmt: '[h]:mm' },
    number: { numFmt: '#,##0' },
    hours: { numFmt: '0.##' },
  };
  const TOTAL_STYLES = Object.fromEntries(Object.entries(STYLES).map(([k, v]) => [k, { ...v, font: { bold: true } }])) as Record<CellKind, Partial<ExcelJS.Style>>;
  const TITLE: Partial<ExcelJS.Style> = { font: { bold: true, size: 14 } };
  const BOLD: Partial<ExcelJS.Style> = { font: { bold: true } };
  const HEADER: Partial<ExcelJS.Style> = { font: { bold: true }, fill: { type: 'pattern', pattern: 'solid', fgColor: { argb: 'FFE5E7EB' } }, alignment: { wrapText: true, vertical: 'middle' } };

  const value = (kind: CellKind, v: CellValue): ExcelJS.CellValue => {
    if (v === null || v === undefined || v === '') return null;
    switch (kind) {
      case 'label':
        return t(String(v));
      case 'date':
        return typeof v === 'string' ? dateValue(v) : v;
      case 'instant':
        return typeof v === 'string' ? wallClock(v) : v;
      case 'time':
        return typeof v === 'string' ? timeOfDayValue(v) : v;
      case 'duration':
        return typeof v === 'number' ? durationValue(v) : v;
      default:
        return v;
    }
  };

  return streamWorkbook(report.name, async (workbook, pace) => {
    const taken = new Set<string>();
    for (const table of report.tables) {
      const sheet = workbook.addWorksheet(sheetName(t(table.title ?? report.title), taken), {
        pageSetup: { orientation: 'landscape', fitToPage: true, fitToWidth: 1, fitToHeight: 0 },
      });
      sheet.columns = table.columns.map((c: ReportColumn) => ({ key: c.key, width: c.width ?? 16 }));
      // Whole style objects only: setting `cell.font` would change a style shared by other cells.
      const put = async (values: ExcelJS.CellValue[], style?: (index: number) => Partial<ExcelJS.Style>) => {
        const row = sheet.addRow(values);
        if (style) row.eachCell({ includeEmpty: true }, (cell, n) => (cell.style = style(n - 1)));
        row.commit();
        return pace(sheet);
      };
      await put([t(report.title)], () => TITLE);
      if (table.title) await put([t(table.title)], () => BOLD);
      for (const c of report.criteria) await put([`${c.label}: ${c.value}`]);
      const at = new Date(report.generatedAt);
      await put([t('reports.generatedAt', { date: formatDate(at, lang, timeZone), time: formatTime(at, lang, timeZone, timeFormat) })]);
      await put([]);
      await put(
        table.columns.map((c) => t(c.label)),
        () => HEADER,
      );
      for (const row of table.rows) {
        const go = await put(
          table.columns.map((c) => value(c.kind, row.cells[c.key] ?? null)),
          (i) => STYLES[table.columns[i]!.kind],
        );
        if (!go) return;
      }
      if (table.rows.length === 0) await put([t(table.empty)]);
      else if (table.totals) {
        await put(
          table.columns.map((c) => value(c.kind, table.totals![c.key] ?? null)),
          (i) => TOTAL_STYLES[table.columns[i]!.kind],
        );
      }
      sheet.commit();
    }
  });
}

/** `informe-asistencia-2026-11-21.xlsx` / `employee-attendance-2026-11-21.xlsx`. */
export function reportFileName(report: Report, lang: Language, today: string): string {
  const FILE_NAMES = {
    'employee-attendance': 'reports.files.employeeAttendance',
    'employee-birthdays': 'reports.files.employeeBirthdays',
    'employee-leaves': 'reports.files.employeeLeaves',
    'employee-list': 'reports.files.employeeList',
    'employee-schedule': 'reports.files.employeeSchedule',
    'hours-balance': 'balance.fileName',
    'organization-profile': 'reports.files.organizationProfile',
    'user-accounts': 'reports.files.userAccounts',
  } as const;
  return `${translate(lang, FILE_NAMES[report.name])}-${today}.xlsx`;
}

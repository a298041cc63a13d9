import { readdirSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import ExcelJS from 'exceljs';
import Papa from 'papaparse';
import { describe, expect, it } from 'vitest';
import { computeAttendanceMetrics } from '#domain/attendance/attendance-metrics.ts';
import { shiftInstants } from '#domain/attendance/shift-times.ts';
import { parseEmployeeCsv } from '#domain/employees/csv-import.ts';
import { csvCellText, CsvNumber, spreadsheetValue, startsLikeFormula } from '#domain/format/spreadsheet-cell.ts';
import { payrollColumns, type PayrollRow } from '#domain/payroll/payroll-columns.ts';
import type { PayrollMonth } from '#domain/payroll/payroll-month.ts';
import { createDayCalendar } from '#domain/reports/day-calendar.ts';
import { buildMonthlyRecord, type RecordAttendance } from '#domain/reports/monthly-record.ts';
import { recordExportCsv } from '#domain/record-export/record-export-csv.ts';
import { RECORD_EXPORT_SECTION_NAMES, sealRecordExport, type UnsealedRecordExport } from '#domain/record-export/record-export.ts';
import { monthPeriod } from '#domain/reports/periods.ts';
import type { Report } from '#domain/reports/report-table.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import type { ExportRow } from '#server/db/repositories/attendances.ts';
import { attendanceWorkbook } from '#server/services/attendance/export-attendances.ts';
import { importTemplateFile } from '#server/services/employees/employee-import-template.ts';
import { payrollCsv, payrollXlsx } from '#server/services/payroll/export-payroll.ts';
import type { PayrollReport } from '#server/services/payroll/payroll-report.ts';
import { exportMonthlyRecords } from '#server/services/reports/export-monthly-records.ts';
import { exportReport } from '#server/services/reports/export-report.ts';
import { streamBytes } from '../helpers/pdf-text.ts';

/**
 * Formula injection (issue 34 point 2, decision 018): every CSV and xlsx file the app writes has
 * its text cells escaped by one function (`spreadsheetText`). Hostile names go through every export
 * builder; no text cell of the file may start with = + - @ tab or CR, and numbers stay numbers.
 */

const HOSTILE = ["=cmd|' /C calc'!A0", '+SUM(1;2)', '-2+3', '@SUM(A1)', '\t=1', '\r=1'];
const [CMD, SUM, MINUS, AT, TAB, CR] = HOSTILE as [string, string, string, string, string, string];

/** Every text cell of an .xlsx (strings and rich text), with its sheet. */
async function xlsxTexts(bytes: Uint8Array): Promise<{ texts: string[]; numbers: number[] }> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(Buffer.from(bytes) as unknown as ArrayBuffer);
  const texts: string[] = [];
  const numbers: number[] = [];
  workbook.eachSheet((sheet) =>
    sheet.eachRow({ includeEmpty: false }, (row) =>
      row.eachCell({ includeEmpty: false }, (cell) => {
        const v = cell.value;
        if (typeof v === 'string') texts.push(v);
        else if (typeof v === 'number') numbers.push(v);
        else if (v && typeof v === 'object' && 'richText' in v) texts.push(v.richText.map((r) => r.text).join(''));
        else if (v && typeof v === 'object' && 'formula' in v) texts.push(`=${String(v.formula)}`);
      }),
    ),
  );
  return { texts, numbers };
}

function csvTexts(text: string, delimiter: string): string[] {
  const parsed = Papa.parse<string[]>(text.replace(/^\uFEFF/, ''), { delimiter, skipEmptyLines: true });
  return parsed.data.flat();
}

function expectNoFormula(texts: string[], escapedHostile: string[]) {
  // A CSV's number (`-1,50`) is read as a number, not run: only the other texts count.
  const formulas = texts.filter((t) => startsLikeFormula(t) && !/^-?\d+([.,]\d+)?$/.test(t));
  expect(formulas, 'text cells a spreadsheet would run').toEqual([]);
  // The hostile names did get into the file, escaped (not left out).
  // (XML reads a CR back as LF.)
  const norm = (t: string) => t.replace(/\r/g, '\n');
  for (const h of escapedHostile)
    expect(
      texts.some((t) => norm(t).includes(norm(`'${h}`))),
      `'${JSON.stringify(h)} written escaped`,
    ).toBe(true);
}

// ---------------------------------------------------------------------------------------------
// Fixtures: one per builder, each carrying the hostile names where a user's text goes.

const MADRID = 'Europe/Madrid';

function payrollReport(): PayrollReport {
  const columns = payrollColumns([{ id: 9, name: AT }] as Parameters<typeof payrollColumns>[0]);
  // Every figure 0 but the lists.
  const lists = { absences: [], overtimeMarks: [], unjustifiedDates: [] } as Record<string, unknown>;
  const figures = new Proxy(lists, { get: (target, key) => (typeof key === 'string' && key in target ? target[key] : 0) }) as unknown as PayrollMonth;
  const row = {
    month: '2026-02',
    employee: {
      id: 1,
      name: CMD,
      nationalId: TAB,
      socialSecurityNumber: null,
      companyName: SUM,
      companyTaxId: CR,
      contributionAccountCode: null,
      departmentName: MINUS,
      workingDayType: 'full-time',
      partTimePercent: null,
      professionalCategory: AT,
      contractType: null,
    },
    figures,
    approval: { approved: false, approvedOn: null },
    leaveBalances: { 9: -1.5 },
    workModes: { onSiteDays: 3, remoteDays: 1 },
  } as unknown as PayrollRow;
  return { month: '2026-02', timezone: MADRID, leaveTypes: [], columns, rows: [row] };
}

function report(): Report {
  return {
    name: 'employee-list',
    title: 'reports.titles.employeeList',
    criteria: [
      { label: 'Departamento', value: SUM },
      { label: CMD, value: 'x' },
    ],
    tables: [
      {
        columns: [
          { key: 'name', label: 'reports.columns.name', kind: 'text' },
          { key: 'dept', label: 'reports.columns.department', kind: 'label' },
          { key: 'balance', label: 'reports.columns.balance', kind: 'duration' },
          { key: 'count', label: 'reports.columns.count', kind: 'number' },
        ],
        rows: [{ cells: { name: CMD, dept: MINUS, balance: -3600, count: -2 } }, { cells: { name: TAB, dept: AT, balance: 60, count: 1 } }],
        totals: { name: CR, balance: -3540, count: -1 },
        empty: 'reports.empty',
      },
    ],
    generatedAt: '2026-11-20T10:00:00.000Z',
  };
}

function monthlyRecords() {
  const schedule: ScheduleRule = { id: 1, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2026-01-01', toDate: null, status: 'current' };
  const calendar = createDayCalendar(MADRID);
  const date = '2027-03-01';
  const shift = shiftInstants(date, { timeIn: '09:00', timeOut: '17:30', breakIn: '13:00', breakOut: '13:30' }, MADRID);
  const m = computeAttendanceMetrics({ date, timeZone: MADRID, graceMinutes: 5, schedule, shift });
  const attendance: RecordAttendance = { date, timeIn: shift.timeIn, timeOut: shift.timeOut, breaks: shift.breaks, timezone: MADRID, revision: 2, reason: CMD, source: 'manual', ...m };
  const record = buildMonthlyRecord({ period: monthPeriod('2027-03'), today: '2027-04-15', calendar, schedules: [schedule], leaveByDate: new Map(), attendances: [attendance] });
  return {
    month: '2027-03',
    period: monthPeriod('2027-03'),
    today: '2027-04-15',
    now: '2027-04-15T10:00:00.000Z',
    timezone: MADRID,
    records: [
      {
        employee: {
          id: 1,
          name: SUM,
          nationalId: MINUS,
          companyName: CMD,
          departmentName: AT,
          jobTitleName: TAB,
          companyTaxId: CR,
          socialSecurityNumber: null,
          workingDayType: 'full-time' as const,
          partTimePercent: null,
        },
        record,
        revisions: {},
        chainHead: null,
        acknowledgedAt: null,
        requests: {},
      },
    ],
  };
}

function attendanceRows(): ExportRow[] {
  return [
    [CMD, SUM, TAB, MINUS, '2026-11-02', MADRID, '2026-11-02T08:00:00.000Z', '2026-11-02T16:00:00.000Z', 1800, 27000, 0, 0, AT, 'manual', null, null, null, 0],
    [CR, 'x', '1', 'y', '2026-11-03', MADRID, '2026-11-03T08:00:00.000Z', null, 0, null, 60, 0, null, 'clock', null, null, null, 0],
  ];
}

// ---------------------------------------------------------------------------------------------

describe('every export escapes its text cells through spreadsheetText (formula injection)', () => {
  it('the employee import template: company, department, job title and leave group names', () => {
    for (const lang of ['es', 'en'] as const) {
      const { csv } = importTemplateFile({ company: CMD, department: SUM, jobTitle: AT, leaveGroup: MINUS }, lang);
      const delimiter = lang === 'es' ? ';' : ',';
      expectNoFormula(csvTexts(csv, delimiter), [CMD, SUM, AT, MINUS]);
      // The example phone (+34 …) is escaped too, and the import reads every `'` away again.
      const parsed = parseEmployeeCsv(csv);
      expect(parsed.rows[0]!.values).toMatchObject({ company: CMD, department: SUM, jobTitle: AT, leaveGroup: MINUS, phone: '+34 600 123 456' });
    }
  });

  it('the payroll .csv and .xlsx: texts escaped, a negative balance stays a number', async () => {
    for (const lang of ['es', 'en'] as const) {
      const csv = await payrollCsv(payrollReport(), { lang, headers: 'labels' }).text();
      const texts = csvTexts(csv, lang === 'es' ? ';' : ',');
      expectNoFormula(texts, [CMD, SUM, MINUS, TAB, CR]);
      expect(texts).toContain(lang === 'es' ? '-1,50' : '-1.50');
      const xlsx = await xlsxTexts(new Uint8Array(await payrollXlsx(payrollReport(), { lang, headers: 'labels' }).arrayBuffer()));
      expectNoFormula(xlsx.texts, [CMD, SUM, MINUS, TAB, CR, AT]);
      expect(xlsx.numbers).toContain(-1.5);
    }
  });

  it('the reports .xlsx: criteria, texts, labels and totals; negative durations and counts stay numbers', async () => {
    const { texts, numbers } = await xlsxTexts(await streamBytes(exportReport(report(), { lang: 'es', timeZone: MADRID, timeFormat: '1' })));
    expectNoFormula(texts, [CMD, MINUS, TAB, AT, CR]);
    expect(texts.some((t) => t.endsWith(`: '${SUM}`))).toBe(false); // "Departamento: +SUM…" does not start with +
    expect(numbers).toEqual(expect.arrayContaining([-2, -1]));
  });

  it('the monthly record .xlsx: employee, company, position and notes', async () => {
    const { texts } = await xlsxTexts(await streamBytes(exportMonthlyRecords(monthlyRecords(), { lang: 'es', timeFormat: '1' })));
    expectNoFormula(texts, [SUM, MINUS, CMD, CR]);
  });

  it('the attendance .xlsx: names, national id, department and reason', async () => {
    const rows = attendanceRows();
    const { texts, numbers } = await xlsxTexts(await streamBytes(attendanceWorkbook(async () => ({ rows, close: () => {} }), { lang: 'es', timeFormat: '1' })));
    expectNoFormula(texts, [TAB, MINUS, CR]);
    expect(texts.some((t) => t.startsWith(`'${CMD} `))).toBe(true);
    expect(numbers).toContain(1);
  });

  it("the open record export's CSV twin: worker, company and reason texts", () => {
    const sections = Object.fromEntries(RECORD_EXPORT_SECTION_NAMES.map((n) => [n, []])) as unknown as UnsealedRecordExport['sections'];
    sections.companies = [{ id: 1, name: SUM, taxId: null }];
    sections.workers = HOSTILE.map((name, i) => ({ id: i + 1, companyId: 1, name, nationalId: CMD, socialSecurityNumber: null, department: MINUS, jobTitle: AT, workingDayType: 'full-time', partTimePercent: null }));
    sections.days = [{ employeeId: 1, date: '2026-05-04', attendanceId: null, kind: 'absent', workedSeconds: null, reason: TAB, lateSeconds: 0 }];
    const doc = sealRecordExport(
      { exportedAt: '2026-06-01T00:00:00.000Z', timezone: 'Europe/Madrid', scope: { month: '2026-05', from: '2026-05-01', to: '2026-05-31', employeeId: null, departmentId: null }, sections },
      (t) => String(t.length).padStart(64, '0'),
    );
    expectNoFormula(csvTexts(recordExportCsv(doc), ','), [CMD, SUM, MINUS, AT, TAB, CR]);
  });

  it('the one function: texts escaped, numbers and dates as they are, formulas refused', () => {
    expect(csvCellText(-2)).toBe('-2');
    expect(csvCellText(new CsvNumber('-1,50'))).toBe('-1,50');
    expect(csvCellText('-1,50')).toBe("'-1,50");
    expect(csvCellText(null)).toBe('');
    expect(spreadsheetValue(-2)).toBe(-2);
    const d = new Date(0);
    expect(spreadsheetValue(d)).toBe(d);
    expect(spreadsheetValue('@x')).toBe("'@x");
    expect(() => spreadsheetValue({ formula: 'A1' })).toThrow();
    expect(() => new CsvNumber('=1')).toThrow();
  });

  it('every module that writes a CSV or an xlsx is one of the builders above', () => {
    const writers: string[] = [];
    const walk = (dir: string) => {
      for (const name of readdirSync(dir)) {
        const file = path.join(dir, name);
        if (statSync(file).isDirectory()) walk(file);
        else if (/\.(ts|tsx|astro)$/.test(name)) {
          const text = readFileSync(file, 'utf8');
          if (/\bunparse\(|WorkbookWriter|new ExcelJS\.Workbook|spreadsheetCsv\(|streamWorkbook\(/.test(text)) writers.push(path.relative('.', file));
        }
      }
    };
    walk('src');
    // The two writers (CSV: spreadsheetCsv; xlsx: streamWorkbook) and the builders tested above.
    expect(writers.sort()).toEqual([
      'src/domain/format/spreadsheet-cell.ts',
      'src/domain/record-export/record-export-csv.ts',
      'src/server/services/attendance/export-attendances.ts',
      'src/server/services/employees/employee-import-template.ts',
      'src/server/services/payroll/export-payroll.ts',
      'src/server/services/reports/export-monthly-records.ts',
      'src/server/services/reports/export-report.ts',
      'src/server/services/reports/xlsx-stream.ts',
    ]);
    // Only the two writers call papaparse's unparse or make an exceljs writer.
    const raw = writers.filter((f) => /\bunparse\(|WorkbookWriter\(/.test(readFileSync(f, 'utf8')));
    expect(raw.sort()).toEqual(['src/domain/format/spreadsheet-cell.ts', 'src/server/services/reports/xlsx-stream.ts']);
  });
});

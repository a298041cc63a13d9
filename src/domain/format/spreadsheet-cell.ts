import Papa from 'papaparse';

/**
 * Formula-injection defence for exported text cells (CSV and xlsx; OWASP "CSV injection"): a text
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be read by a spreadsheet
 * program as a formula (or a DDE call), so it is written with a leading `'`, which the program
 * shows as text. Only for text cells: numbers are written as numbers (a negative figure is not a
 * formula). The one function every export's text cells go through: the CSV writer below and the
 * xlsx writer (`streamWorkbook`, services/reports/xlsx-stream.ts) call it on every text cell, so
 * an export cannot forget it (tests/unit/export-formula-injection.test.ts feeds hostile names
 * through every export).
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A text read back from a spreadsheet file the app wrote (the employee import template): the `'`
 * that `spreadsheetText` put before a formula character is taken away again. Any other text is
 * as it is (a name may well start with an apostrophe).
 */
export function readSpreadsheetText(text: string): string {
  return text.startsWith("'") && FORMULA_START.test(text.slice(1)) ? text.slice(1) : text;
}

/** True when a text cell would be read as a formula (what the export test looks for). */
export function startsLikeFormula(text: string): boolean {
  return FORMULA_START.test(text);
}

/**
 * An xlsx cell value as written: a text escaped, anything else (numbers, dates, booleans, empty)
 * as it is. A formula object is never written by an export: it is refused here.
 */
export function spreadsheetValue<T>(value: T): T {
  if (typeof value === 'string') return spreadsheetText(value) as T;
  if (typeof value === 'object' && value !== null && 'formula' in value) throw new Error('Exports never write formulas.');
  return value;
}

/**
 * A number already written in the file's locale (`7,50`, `-1.25`): a number cell of a CSV, never
 * escaped (a spreadsheet reads `-1,50` as minus one and a half, not as a formula).
 */
export class CsvNumber {
  constructor(readonly text: string) {
    if (!/^-?\d+([.,]\d+)?$/.test(text)) throw new Error(`Not a number: ${text}`);
  }
}

export type CsvCell = string | number | CsvNumber | null | undefined;

/** One CSV cell as text: texts escaped (`spreadsheetText`), numbers as they are, empty for null. */
export function csvCellText(cell: CsvCell): string {
  if (cell === null || cell === undefined) return '';
  if (cell instanceof CsvNumber) return cell.text;
  if (typeof cell === 'number') return String(cell);
  return spreadsheetText(cell);
}

/**
 * Every CSV file the app writes: RFC 4180 through papaparse, each cell through `csvCellText`.
 * No BOM and no final line break: the caller adds what its file needs.
 */
export function spreadsheetCsv(fields: readonly CsvCell[], rows: readonly (readonly CsvCell[])[], options: { delimiter: string; newline?: string; quotes?: boolean }): string {
  return Papa.unparse(
    { fields: fields.map(csvCellText), data: rows.map((row) => row.map(csvCellText)) },
    { delimiter: options.delimiter, newline: options.newline ?? '\r\n', ...(options.quotes === undefined ? {} : { quotes: options.quotes }) },
  );
}

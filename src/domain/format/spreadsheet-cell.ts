/**
 * Formula-injection defence for exported text cells (CSV and xlsx; OWASP "CSV injection"): a text
 * starting with `=`, `+`, `-`, `@`, a tab or a carriage return would be read by a spreadsheet
 * program as a formula (or a DDE call), so it is written with a leading `'`, which the program
 * shows as text. Only for text cells: numbers are written as numbers (a negative figure is not a
 * formula). The one function every export's text cells go through.
 */
const FORMULA_START = /^[=+\-@\t\r]/;

export function spreadsheetText(text: string): string {
  return FORMULA_START.test(text) ? `'${text}` : text;
}

/**
 * A report as data: named columns with a kind, rows of raw values, optional totals. One shape for
 * the seven reports, so one page component renders them, one writer exports them to Excel and
 * the JSON API returns them as they are (numbers stay numbers, instants stay ISO 8601).
 */

export const REPORT_NAMES = ['employee-attendance', 'employee-birthdays', 'employee-leaves', 'employee-list', 'employee-schedule', 'hours-balance', 'organization-profile', 'user-accounts'] as const;
export type ReportName = (typeof REPORT_NAMES)[number];

export function isReportName(value: string | undefined | null): value is ReportName {
  return (REPORT_NAMES as readonly string[]).includes(value ?? '');
}

/**
 * The reports about employees, each taking an `employee` filter: an account that reaches only
 * its own employee gets them for that employee alone (decision 024). The others (companies and
 * departments, user accounts) are not per employee and only for accounts that see everyone.
 */
export const PER_EMPLOYEE_REPORTS: ReadonlySet<ReportName> = new Set(['employee-attendance', 'employee-birthdays', 'employee-leaves', 'employee-list', 'employee-schedule', 'hours-balance']);

/**
 * How a value reads:
 * - `text`: as recorded; `label`: an i18n key to translate;
 * - `date`: a calendar date `YYYY-MM-DD`; `instant`: ISO 8601 UTC, shown as date and time in the
 *   company zone; `time`: a wall time `HH:mm`;
 * - `duration`: seconds, shown as hours and minutes; `number`: a count; `hours`: decimal hours.
 */
export type CellKind = 'text' | 'label' | 'date' | 'instant' | 'time' | 'duration' | 'number' | 'hours';

export type CellValue = string | number | null;

export interface ReportColumn {
  key: string;
  /** i18n key of the header. */
  label: string;
  kind: CellKind;
  /** Excel column width in characters. */
  width?: number;
}

export interface ReportRow {
  cells: Record<string, CellValue>;
  /** Where the row leads in the app (the filtered list or record behind it). */
  href?: string;
}

export interface ReportTable {
  /** i18n key of the table's heading, when a report has more than one. */
  title?: string;
  columns: ReportColumn[];
  rows: ReportRow[];
  /** A totals row: values by column key (a missing key leaves the cell empty). */
  totals?: Record<string, CellValue>;
  /** i18n key of the text shown when there are no rows. */
  empty: string;
}

export interface Report {
  name: ReportName;
  /** i18n key of the title. */
  title: string;
  /** What the filters chose, translated, for the page, the printout and the export's header. */
  criteria: { label: string; value: string }[];
  tables: ReportTable[];
  /** When the figures were produced (ISO 8601 UTC). */
  generatedAt: string;
}

/** Adds numeric cells of the given columns over the rows (the totals row). */
export function sumColumns(rows: readonly ReportRow[], keys: readonly string[]): Record<string, number> {
  const out: Record<string, number> = {};
  for (const key of keys) out[key] = 0;
  for (const row of rows) {
    for (const key of keys) {
      const v = row.cells[key];
      if (typeof v === 'number') out[key]! += v;
    }
  }
  return out;
}

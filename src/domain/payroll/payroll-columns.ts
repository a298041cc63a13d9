import { csvCellText, CsvNumber, type CsvCell } from '../format/spreadsheet-cell.ts';
import type { DateRange, PayrollMonth, PayrollOvertimeMark } from './payroll-month.ts';
import type { TimeApartTotals } from '../worktime/time-apart.ts';

/**
 * The payroll export's column layout (docs/payroll-export.md, decision 052). STABLE within a
 * layout version (`PAYROLL_LAYOUT_VERSION`, the `layout_version` column): ids never change
 * meaning, columns are never reordered or removed; a new column goes at the end of the fixed list
 * (before the leave type groups) and is written down in the doc. A change of meaning is a new
 * version, announced in the doc. The .csv, the .xlsx and the JSON API share it. Values: `text`,
 * `code` (a fixed code in the API, its translation in the files), `integer` (days, minutes),
 * `hours` (exact seconds in the API, hours in the files), `days` (a number of days that may have
 * a fraction), `percent` (empty when not part-time).
 */
export const PAYROLL_LAYOUT_VERSION = 2;

export interface PayrollEmployee {
  id: number;
  name: string;
  nationalId: string;
  socialSecurityNumber: string | null;
  companyName: string;
  /** The company's CIF/NIF and its contribution account code (código de cuenta de cotización). */
  companyTaxId: string | null;
  contributionAccountCode: string | null;
  departmentName: string;
  workingDayType: 'full-time' | 'part-time';
  partTimePercent: number | null;
  /** Professional category or group (convenio) and contract type, as the company records them. */
  professionalCategory: string | null;
  contractType: string | null;
}

/** Whether every day of the month is in an approved period (decision 051), and the local date of the latest approval. */
export interface PayrollApproval {
  approved: boolean;
  approvedOn: string | null;
}

export interface PayrollRow {
  month: string;
  employee: PayrollEmployee;
  figures: PayrollMonth;
  approval: PayrollApproval;
  /** Remaining days of each limited leave type's allowance for the year, as of the month's end; a type missing or null = unlimited. */
  leaveBalances: Record<number, number | null>;
  /**
   * Days attended on site and remotely (the day's work mode: a manual day says it, a personal
   * clock check-in sets it; decision 067), as the monthly record's totals count them (frozen with
   * them when the month is approved).
   */
  workModes: { onSiteDays: number; remoteDays: number };
  /**
   * Waiting, on-call, called-in and interruption totals (issue 38 point 1, decision 080), as the
   * monthly record's totals count them; missing = none. Their work is already in the hours columns.
   */
  timeApart?: TimeApartTotals;
}

export interface PayrollLeaveType {
  id: number;
  name: string;
}

export type PayrollColumnKind = 'text' | 'code' | 'integer' | 'hours' | 'days' | 'percent';

type Translate = (key: string, params?: Record<string, unknown>) => string;

export interface PayrollColumn {
  id: string;
  kind: PayrollColumnKind;
  /** i18n key of the header, with params (leave type columns name their type). */
  labelKey: string;
  labelParams?: Record<string, string>;
  /** Text, a code, a count, seconds (`hours`), days, a percentage, or null for an empty cell. */
  value(row: PayrollRow): string | number | null;
  /** A `code` column's value as the files write it, in their language. */
  display?(row: PayrollRow, t: Translate): string;
}

const fixed = (id: string, labelKey: string, kind: PayrollColumnKind, value: PayrollColumn['value'], display?: PayrollColumn['display']): PayrollColumn => ({ id, kind, labelKey, value, ...(display ? { display } : {}) });

/** Date ranges as text: `2027-03-01/2027-03-03, 2027-03-26` (ISO 8601 intervals, the same in every language). */
export function datesText(ranges: readonly DateRange[]): string {
  return ranges.map((r) => (r.from === r.to ? r.from : `${r.from}/${r.to}`)).join(', ');
}

const minutes = (seconds: number) => Math.round(seconds / 60);
const notAccepted = (m: PayrollOvertimeMark) => m.acceptance === 'pending' || m.acceptance === 'rejected' || m.acceptance === 'expired';
const MARK_KEYS = { paid: 'payroll.values.markPaid', rest: 'payroll.values.markRest' } as const;
const ANSWER_KEYS = {
  accepted: 'payroll.values.answerAccepted',
  pending: 'payroll.values.answerPending',
  rejected: 'payroll.values.answerRejected',
  expired: 'payroll.values.answerExpired',
  superseded: 'payroll.values.answerNone',
  none: 'payroll.values.answerNone',
} as const;
const WORKING_DAY_KEYS = { 'full-time': 'employees.workingDay.full-time', 'part-time': 'employees.workingDay.part-time' } as const;

// The header keys are written out (not built from the id) so the i18n usage check finds them.
/** The fixed columns, in their order (1-based position = index + 1). */
export const PAYROLL_FIXED_COLUMNS: readonly PayrollColumn[] = [
  fixed('month', 'payroll.columns.month', 'text', (r) => r.month),
  fixed('employee_id', 'payroll.columns.employee_id', 'integer', (r) => r.employee.id),
  fixed('national_id', 'payroll.columns.national_id', 'text', (r) => r.employee.nationalId),
  fixed('social_security_number', 'payroll.columns.social_security_number', 'text', (r) => r.employee.socialSecurityNumber ?? ''),
  fixed('employee_name', 'payroll.columns.employee_name', 'text', (r) => r.employee.name),
  fixed('company', 'payroll.columns.company', 'text', (r) => r.employee.companyName),
  fixed('department', 'payroll.columns.department', 'text', (r) => r.employee.departmentName),
  fixed(
    'working_day_type',
    'payroll.columns.working_day_type',
    'code',
    (r) => r.employee.workingDayType,
    (r, t) => t(WORKING_DAY_KEYS[r.employee.workingDayType]),
  ),
  fixed('part_time_percent', 'payroll.columns.part_time_percent', 'percent', (r) => (r.employee.workingDayType === 'part-time' ? r.employee.partTimePercent : null)),
  fixed('worked_days', 'payroll.columns.worked_days', 'integer', (r) => r.figures.workedDays),
  fixed('open_days', 'payroll.columns.open_days', 'integer', (r) => r.figures.openDays),
  fixed('expected_hours', 'payroll.columns.expected_hours', 'hours', (r) => r.figures.expectedSeconds),
  fixed('worked_hours', 'payroll.columns.worked_hours', 'hours', (r) => r.figures.countedSeconds),
  fixed('ordinary_hours', 'payroll.columns.ordinary_hours', 'hours', (r) => r.figures.ordinarySeconds),
  fixed('overtime_hours', 'payroll.columns.overtime_hours', 'hours', (r) => r.figures.overtimeSeconds),
  fixed('overtime_paid_hours', 'payroll.columns.overtime_paid_hours', 'hours', (r) => r.figures.overtimePaidSeconds),
  fixed('overtime_compensated_hours', 'payroll.columns.overtime_compensated_hours', 'hours', (r) => r.figures.overtimeCompensatedSeconds),
  fixed('overtime_unmarked_hours', 'payroll.columns.overtime_unmarked_hours', 'hours', (r) => r.figures.overtimeUnmarkedSeconds),
  fixed('night_hours', 'payroll.columns.night_hours', 'hours', (r) => r.figures.nightSeconds),
  fixed('holiday_worked_days', 'payroll.columns.holiday_worked_days', 'integer', (r) => r.figures.holidayWorkedDays),
  fixed('holiday_worked_hours', 'payroll.columns.holiday_worked_hours', 'hours', (r) => r.figures.holidayWorkedSeconds),
  fixed('leave_days', 'payroll.columns.leave_days', 'integer', (r) => r.figures.leaveDays),
  fixed('leave_hours', 'payroll.columns.leave_hours', 'hours', (r) => r.figures.leaveSeconds),
  fixed('unjustified_absence_days', 'payroll.columns.unjustified_absence_days', 'integer', (r) => r.figures.unjustifiedDays),
  fixed('unjustified_absence_hours', 'payroll.columns.unjustified_absence_hours', 'hours', (r) => r.figures.unjustifiedSeconds),
  fixed('auto_break_deducted_hours', 'payroll.columns.auto_break_deducted_hours', 'hours', (r) => r.figures.autoBreakDeductedSeconds),
  // Layout 2 (issue 33.7).
  fixed('layout_version', 'payroll.columns.layout_version', 'integer', () => PAYROLL_LAYOUT_VERSION),
  fixed('company_tax_id', 'payroll.columns.company_tax_id', 'text', (r) => r.employee.companyTaxId ?? ''),
  fixed('contribution_account_code', 'payroll.columns.contribution_account_code', 'text', (r) => r.employee.contributionAccountCode ?? ''),
  fixed('professional_category', 'payroll.columns.professional_category', 'text', (r) => r.employee.professionalCategory ?? ''),
  fixed('contract_type', 'payroll.columns.contract_type', 'text', (r) => r.employee.contractType ?? ''),
  fixed('rest_day_worked_days', 'payroll.columns.rest_day_worked_days', 'integer', (r) => r.figures.restDayWorkedDays),
  fixed('rest_day_worked_hours', 'payroll.columns.rest_day_worked_hours', 'hours', (r) => r.figures.restDayWorkedSeconds),
  fixed('holiday_night_hours', 'payroll.columns.holiday_night_hours', 'hours', (r) => r.figures.holidayNightSeconds),
  fixed('late_days', 'payroll.columns.late_days', 'integer', (r) => r.figures.lateDays),
  fixed('late_minutes', 'payroll.columns.late_minutes', 'integer', (r) => minutes(r.figures.lateSeconds)),
  fixed('early_departure_days', 'payroll.columns.early_departure_days', 'integer', (r) => r.figures.earlyDepartureDays),
  fixed('early_departure_minutes', 'payroll.columns.early_departure_minutes', 'integer', (r) => minutes(r.figures.earlyDepartureSeconds)),
  fixed('unjustified_absence_dates', 'payroll.columns.unjustified_absence_dates', 'text', (r) => datesText(r.figures.unjustifiedDates)),
  fixed(
    'overtime_marks',
    'payroll.columns.overtime_marks',
    'code',
    (r) => r.figures.overtimeMarks.map((m) => `${m.date} ${m.compensation} ${m.acceptance ?? 'none'}`).join('; '),
    (r, t) => r.figures.overtimeMarks.map((m) => `${m.date} ${t(MARK_KEYS[m.compensation])}: ${t(ANSWER_KEYS[m.acceptance ?? 'none'])}`).join('; '),
  ),
  fixed('overtime_marks_not_accepted', 'payroll.columns.overtime_marks_not_accepted', 'integer', (r) => r.figures.overtimeMarks.filter(notAccepted).length),
  fixed(
    'month_approved',
    'payroll.columns.month_approved',
    'code',
    (r) => (r.approval.approved ? 'yes' : 'no'),
    (r, t) => t(r.approval.approved ? 'payroll.values.yes' : 'payroll.values.no'),
  ),
  fixed('month_approved_on', 'payroll.columns.month_approved_on', 'text', (r) => (r.approval.approved ? (r.approval.approvedOn ?? '') : '')),
  // Issue 33 point 5: a part-time worker's complementary hours, a part of worked hours of their own.
  fixed('complementary_hours', 'payroll.columns.complementary_hours', 'hours', (r) => r.figures.complementarySeconds),
  // Issue 36.3: on site or remote, per day in the record, counted here.
  fixed('on_site_days', 'payroll.columns.on_site_days', 'integer', (r) => r.workModes.onSiteDays),
  fixed('remote_days', 'payroll.columns.remote_days', 'integer', (r) => r.workModes.remoteDays),
  // Issue 38.1: time that is not work (waiting, on call) apart; the called-in part and interruption work, already in worked_hours, shown apart too.
  fixed('waiting_hours', 'payroll.columns.waiting_hours', 'hours', (r) => r.timeApart?.waitingSeconds ?? 0),
  fixed('on_call_hours', 'payroll.columns.on_call_hours', 'hours', (r) => r.timeApart?.onCallSeconds ?? 0),
  fixed('called_in_hours', 'payroll.columns.called_in_hours', 'hours', (r) => r.timeApart?.calledInSeconds ?? 0),
  fixed('disconnection_interruptions', 'payroll.columns.disconnection_interruptions', 'integer', (r) => r.timeApart?.interruptions ?? 0),
  fixed('interruption_work_hours', 'payroll.columns.interruption_work_hours', 'hours', (r) => r.timeApart?.interruptionWorkSeconds ?? 0),
  // Issue 38 (decision 081): force majeure overtime (inside overtime_hours, not in the 80 h cap) and
  // the complementary hours by category (they add up to complementary_hours).
  fixed('overtime_force_majeure_hours', 'payroll.columns.overtime_force_majeure_hours', 'hours', (r) => r.figures.overtimeForceMajeureSeconds ?? 0),
  fixed('complementary_agreed_hours', 'payroll.columns.complementary_agreed_hours', 'hours', (r) => r.figures.complementaryAgreedSeconds ?? 0),
  fixed('complementary_voluntary_hours', 'payroll.columns.complementary_voluntary_hours', 'hours', (r) => r.figures.complementaryVoluntarySeconds ?? 0),
  fixed('complementary_exceeding_hours', 'payroll.columns.complementary_exceeding_hours', 'hours', (r) => r.figures.complementaryExceedingSeconds ?? 0),
  fixed('complementary_not_allowed_hours', 'payroll.columns.complementary_not_allowed_hours', 'hours', (r) => r.figures.complementaryNotAllowedSeconds ?? 0),
];

/**
 * Every column of an export: the fixed ones, then five per leave type in id order, for every
 * leave type of the exported companies whether taken this month or not, so the layout does not
 * change from month to month: `leave_<id>_days` (working days), `_hours`, `_calendar_days`,
 * `_dates` and `_balance_days` (remaining allowance of the year; empty when unlimited).
 */
export function payrollColumns(leaveTypes: readonly PayrollLeaveType[]): PayrollColumn[] {
  const groups = [...leaveTypes]
    .sort((a, b) => a.id - b.id)
    .flatMap((t): PayrollColumn[] => {
      const taken = (r: PayrollRow) => r.figures.absences.find((a) => a.leaveTypeId === t.id);
      const labelParams = { name: t.name };
      return [
        { id: `leave_${t.id}_days`, kind: 'integer', labelKey: 'payroll.columns.leaveTypeDays', labelParams, value: (r) => taken(r)?.days ?? 0 },
        { id: `leave_${t.id}_hours`, kind: 'hours', labelKey: 'payroll.columns.leaveTypeHours', labelParams, value: (r) => taken(r)?.seconds ?? 0 },
        { id: `leave_${t.id}_calendar_days`, kind: 'integer', labelKey: 'payroll.columns.leaveTypeCalendarDays', labelParams, value: (r) => taken(r)?.calendarDays ?? 0 },
        { id: `leave_${t.id}_dates`, kind: 'text', labelKey: 'payroll.columns.leaveTypeDates', labelParams, value: (r) => datesText(taken(r)?.dates ?? []) },
        { id: `leave_${t.id}_balance_days`, kind: 'days', labelKey: 'payroll.columns.leaveTypeBalance', labelParams, value: (r) => r.leaveBalances[t.id] ?? null },
      ];
    });
  return [...PAYROLL_FIXED_COLUMNS, ...groups];
}

/** How a file writes numbers: the .csv in Spanish uses `;` and decimal commas (Spanish Excel), in English `,` and dots. */
export interface CsvLocale {
  delimiter: ';' | ',';
  decimal: ',' | '.';
}

export const CSV_LOCALES = { es: { delimiter: ';', decimal: ',' }, en: { delimiter: ',', decimal: '.' } } as const satisfies Record<string, CsvLocale>;

/** Hundredths as a decimal with two places: 750 -> "7.50" (or "7,50"). */
function hundredthsText(hundredths: number, decimal: string): string {
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}${decimal}${String(abs % 100).padStart(2, '0')}`;
}

/** Seconds as decimal hours with two decimals, rounded half up (the .csv's form): 27000 -> "7.50". */
export function hoursText(seconds: number, decimal: ',' | '.' = '.'): string {
  // seconds / 36 is exact at the halves (36k + 18 seconds), so Math.round rounds them up.
  return hundredthsText(Math.round(seconds / 36), decimal);
}

/** Days with two decimals: 12.5 -> "12.50" (or "12,50"). */
export function daysText(days: number, decimal: ',' | '.' = '.'): string {
  return hundredthsText(Math.round(days * 100), decimal);
}

/**
 * A cell as the .csv holds it: hours and days as decimals in the file's locale (numbers, never
 * escaped, `CsvNumber`), counts as numbers, codes translated, texts as they are, null empty. The
 * CSV writer (`spreadsheetCsv`) escapes the texts against formulas.
 */
export function csvValue(column: PayrollColumn, row: PayrollRow, locale: CsvLocale, t: Translate): CsvCell {
  const v = column.value(row);
  if (v === null) return null;
  if (column.kind === 'hours') return new CsvNumber(hoursText(v as number, locale.decimal));
  if (column.kind === 'days') return new CsvNumber(daysText(v as number, locale.decimal));
  if (column.kind === 'code') return column.display ? column.display(row, t) : String(v);
  if (typeof v === 'number') return v;
  return String(v);
}

/** A cell as the .csv writes it: `csvValue` through `csvCellText` (texts escaped against formulas). */
export function csvCell(column: PayrollColumn, row: PayrollRow, locale: CsvLocale, t: Translate): string {
  return csvCellText(csvValue(column, row, locale, t));
}

import type { PayrollMonth } from './payroll-month.ts';

/**
 * The payroll export's column layout (docs/payroll-export.md, decision 052). STABLE: ids never
 * change meaning, columns are never reordered or removed; a new column goes at the end of the
 * fixed list (before the leave type pairs) and is written down in the doc. The .csv, the .xlsx and
 * the JSON API share it. Values: `text`, `integer` (days), `hours` (exact seconds in the API, hours
 * in the files), `percent` (empty when not part-time).
 */

export interface PayrollEmployee {
  id: number;
  name: string;
  nationalId: string;
  socialSecurityNumber: string | null;
  companyName: string;
  departmentName: string;
  workingDayType: 'full-time' | 'part-time';
  partTimePercent: number | null;
}

export interface PayrollRow {
  month: string;
  employee: PayrollEmployee;
  figures: PayrollMonth;
}

export interface PayrollLeaveType {
  id: number;
  name: string;
}

export type PayrollColumnKind = 'text' | 'integer' | 'hours' | 'percent';

export interface PayrollColumn {
  id: string;
  kind: PayrollColumnKind;
  /** i18n key of the header, with params (leave type columns name their type). */
  labelKey: string;
  labelParams?: Record<string, string>;
  /** Text, a day count, seconds (`hours`), a percentage, or null for an empty cell. */
  value(row: PayrollRow): string | number | null;
}

// The header keys are written out (not built from the id) so the i18n usage check finds them.
const fixed = (id: string, labelKey: string, kind: PayrollColumnKind, value: PayrollColumn['value']): PayrollColumn => ({ id, kind, labelKey, value });

/** The fixed columns, in their order (1-based position = index + 1). */
export const PAYROLL_FIXED_COLUMNS: readonly PayrollColumn[] = [
  fixed('month', 'payroll.columns.month', 'text', (r) => r.month),
  fixed('employee_id', 'payroll.columns.employee_id', 'integer', (r) => r.employee.id),
  fixed('national_id', 'payroll.columns.national_id', 'text', (r) => r.employee.nationalId),
  fixed('social_security_number', 'payroll.columns.social_security_number', 'text', (r) => r.employee.socialSecurityNumber ?? ''),
  fixed('employee_name', 'payroll.columns.employee_name', 'text', (r) => r.employee.name),
  fixed('company', 'payroll.columns.company', 'text', (r) => r.employee.companyName),
  fixed('department', 'payroll.columns.department', 'text', (r) => r.employee.departmentName),
  fixed('working_day_type', 'payroll.columns.working_day_type', 'text', (r) => r.employee.workingDayType),
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
];

/**
 * Every column of an export: the fixed ones, then two per leave type (`leave_<id>_days`,
 * `leave_<id>_hours`) in id order, for every leave type of the exported companies whether taken
 * this month or not, so the layout does not change from month to month.
 */
export function payrollColumns(leaveTypes: readonly PayrollLeaveType[]): PayrollColumn[] {
  const pairs = [...leaveTypes]
    .sort((a, b) => a.id - b.id)
    .flatMap((t): PayrollColumn[] => {
      const taken = (r: PayrollRow) => r.figures.absences.find((a) => a.leaveTypeId === t.id);
      return [
        { id: `leave_${t.id}_days`, kind: 'integer', labelKey: 'payroll.columns.leaveTypeDays', labelParams: { name: t.name }, value: (r) => taken(r)?.days ?? 0 },
        { id: `leave_${t.id}_hours`, kind: 'hours', labelKey: 'payroll.columns.leaveTypeHours', labelParams: { name: t.name }, value: (r) => taken(r)?.seconds ?? 0 },
      ];
    });
  return [...PAYROLL_FIXED_COLUMNS, ...pairs];
}

/** Seconds as decimal hours with two decimals, rounded half up (the .csv's form): 27000 -> "7.50". */
export function hoursText(seconds: number): string {
  // seconds / 36 is exact at the halves (36k + 18 seconds), so Math.round rounds them up.
  const hundredths = Math.round(seconds / 36);
  const sign = hundredths < 0 ? '-' : '';
  const abs = Math.abs(hundredths);
  return `${sign}${Math.floor(abs / 100)}.${String(abs % 100).padStart(2, '0')}`;
}

/** A cell as the .csv writes it: hours as `hoursText`, numbers plainly, null empty. */
export function csvCell(column: PayrollColumn, row: PayrollRow): string {
  const v = column.value(row);
  if (v === null) return '';
  if (column.kind === 'hours') return hoursText(v as number);
  return String(v);
}

import { oneOf, positiveId } from '#domain/reports/report-query.ts';
import type { CellValue, Report, ReportColumn } from '#domain/reports/report-table.ts';
import type { OvertimeCapState } from '#domain/worktime/overtime-cap.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { describeCriteria, STATUS_FILTERS, statusFilter } from '../reports/report-criteria.ts';
import { hoursBalances } from './hours-balances.ts';

const COLUMNS: ReportColumn[] = [
  { key: 'employee', label: 'reports.columns.employee', kind: 'text', width: 28 },
  { key: 'department', label: 'reports.columns.department', kind: 'text', width: 18 },
  { key: 'from', label: 'balance.columns.from', kind: 'date', width: 12 },
  { key: 'balance', label: 'balance.columns.balance', kind: 'hours', width: 12 },
  { key: 'available', label: 'balance.columns.available', kind: 'hours', width: 12 },
  { key: 'overtime', label: 'balance.columns.overtime', kind: 'duration', width: 12 },
  { key: 'paid', label: 'balance.columns.paid', kind: 'duration', width: 12 },
  // "Compensadas con descanso" means what payroll means by it: overtime marked compensated with
  // rest (issue 33 point 5); the hours already taken off are "toil".
  { key: 'rest', label: 'balance.columns.rest', kind: 'duration', width: 12 },
  { key: 'toil', label: 'balance.columns.toil', kind: 'duration', width: 12 },
  { key: 'yearPaid', label: 'balance.columns.yearPaid', kind: 'duration', width: 14 },
  { key: 'yearUnmarked', label: 'balance.columns.yearUnmarked', kind: 'duration', width: 14 },
  // Force majeure overtime (art. 35.3 ET, decision 081): apart, never in the 80 h cap.
  { key: 'yearForceMajeure', label: 'balance.columns.yearForceMajeure', kind: 'duration', width: 14 },
  { key: 'yearWeekly', label: 'balance.columns.yearWeekly', kind: 'duration', width: 14 },
  { key: 'cap', label: 'balance.columns.cap', kind: 'label', width: 16 },
];

export const CAP_LABELS: Record<OvertimeCapState, string> = {
  ok: 'balance.cap.ok',
  warning: 'balance.cap.warning',
  reached: 'balance.cap.reached',
  over: 'balance.cap.over',
};

/** Seconds as decimal hours with two decimals (the balance is signed; a duration cell is not). */
const hours = (seconds: number): number => Math.round(seconds / 36) / 100;

/**
 * The "Hours balance" report (decision 049): per employee the running balance (credit/debit)
 * from its start through today, what TOIL may still take, overtime since the start (paid out,
 * taken as TOIL) and this year's overtime against the 80 h cap. Filters `company`, `department`,
 * `employee`, `status` (active by default; `all`).
 */
export async function hoursBalanceReport(db: Db, params: URLSearchParams, lang: Language): Promise<Report> {
  const status = params.get('status') === 'all' ? '' : (oneOf(params.get('status'), STATUS_FILTERS) ?? 'active');
  const filter = { company: positiveId(params.get('company')), department: positiveId(params.get('department')), employee: positiveId(params.get('employee')), ...statusFilter(status) };
  const balances = await hoursBalances(db, filter);
  const criteria = await describeCriteria(db, lang, { company: filter.company, department: filter.department, employee: filter.employee, status });
  const rows = balances.map((b) => {
    const cells: Record<string, CellValue> = {
      employee: `${b.employee.firstName} ${b.employee.lastName}`,
      department: b.employee.departmentName,
      from: b.from,
      balance: hours(b.balance.balanceSeconds),
      available: hours(b.availableSeconds),
      overtime: b.balance.overtimeSeconds,
      paid: b.balance.paidSeconds,
      rest: b.balance.restSeconds,
      toil: b.balance.toilSeconds,
      yearPaid: b.year.paidSeconds,
      yearUnmarked: b.year.unmarkedSeconds,
      yearForceMajeure: b.year.forceMajeureSeconds,
      yearWeekly: b.year.weeklyOvertimeSeconds,
      cap: CAP_LABELS[b.year.state],
    };
    return { cells, href: `/reports/employee-attendance?view=record&employee=${b.employee.id}` };
  });
  return {
    name: 'hours-balance',
    title: 'pages.reportHoursBalance',
    criteria,
    tables: [{ columns: COLUMNS, rows, totals: { employee: translate(lang, 'reports.employeeCount', { n: rows.length }) }, empty: 'reports.noEmployees' }],
    generatedAt: new Date(nowMs()).toISOString(),
  };
}

import { isMonth } from '../reports/periods.ts';
import { positiveId } from '../reports/report-query.ts';

/**
 * The payroll report's query (`GET /api/reports/payroll`, its export and page): `month` YYYY-MM
 * (absent: the company's current month), `departmentId` and `employee` (positive ids, optional),
 * `format` csv | xlsx (exports), `headers` labels | ids. A malformed value is an error naming the
 * field, never silently another month or every department.
 */
export interface PayrollQuery {
  month: string;
  departmentId: number | undefined;
  employee: number | undefined;
  format: 'csv' | 'xlsx';
  headers: 'labels' | 'ids';
}

export function parsePayrollQuery(params: URLSearchParams, currentMonth: string): { ok: true; query: PayrollQuery } | { ok: false; errors: Record<string, string> } {
  const errors: Record<string, string> = {};
  const given = (key: string) => {
    const v = params.get(key);
    return v === null || v === '' ? null : v;
  };
  const month = given('month') ?? currentMonth;
  if (!isMonth(month)) errors.month = 'reports.invalidMonth';
  const id = (key: string) => {
    const v = given(key);
    if (v === null) return undefined;
    const n = positiveId(v);
    if (n === undefined) errors[key] = 'payroll.invalidDepartment';
    return n;
  };
  const departmentId = id('departmentId');
  const employee = id('employee');
  if (errors.employee) errors.employee = 'validation.invalidNumber';
  const format = given('format') ?? 'xlsx';
  if (format !== 'csv' && format !== 'xlsx') errors.format = 'payroll.invalidFormat';
  const headers = given('headers') === 'ids' ? 'ids' : 'labels';
  if (Object.keys(errors).length > 0) return { ok: false, errors };
  return { ok: true, query: { month, departmentId, employee, format: format as 'csv' | 'xlsx', headers } };
}

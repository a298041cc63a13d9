import { parsePayrollQuery, type PayrollQuery } from '#domain/payroll/payroll-query.ts';
import { PAYROLL_LAYOUT_VERSION, type PayrollApproval, type PayrollColumnKind, type PayrollEmployee, type PayrollLeaveType } from '#domain/payroll/payroll-columns.ts';
import type { PayrollMonth } from '#domain/payroll/payroll-month.ts';
import { scopedEmployeeFilter, type RecordAccount } from '#domain/permissions/record-access.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { Language } from '#i18n/languages.ts';
import { translate } from '#i18n/translate.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { invalidInput, notFound } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { payrollReport, type PayrollReport } from './payroll-report.ts';

/**
 * The payroll report a request asks for, among the employees the viewer may read (decision 024):
 * an Employee account reaches only its own employee whatever the query names (404 when linked to
 * none). Bad query values are a 422 naming the field.
 */
export async function payrollFor(db: Db, params: URLSearchParams, viewer: RecordAccount): Promise<{ query: PayrollQuery; report: PayrollReport }> {
  const settings = await getSettings(db);
  const parsed = parsePayrollQuery(params, localDateOf(nowMs(), settings.timezone).slice(0, 7));
  if (!parsed.ok) throw invalidInput(parsed.errors);
  const { query } = parsed;
  const employee = scopedEmployeeFilter(viewer, query.employee);
  if (employee === null) throw notFound();
  return { query, report: await payrollReport(db, { employee, department: query.departmentId }, query.month) };
}

/** The API's answer: the column layout (ids, kinds, headers in the request's language) and each employee's exact figures in seconds. */
export interface PayrollAnswer {
  /** The column layout's version (docs/payroll-export.md). */
  layoutVersion: number;
  month: string;
  timezone: string;
  leaveTypes: PayrollLeaveType[];
  columns: { id: string; kind: PayrollColumnKind; label: string }[];
  employees: { employee: PayrollEmployee; figures: PayrollMonth; approval: PayrollApproval; leaveBalances: Record<number, number | null>; values: Record<string, string | number | null> }[];
}

export async function readPayroll(db: Db, params: URLSearchParams, viewer: RecordAccount, lang: Language): Promise<PayrollAnswer> {
  const { report } = await payrollFor(db, params, viewer);
  return {
    layoutVersion: PAYROLL_LAYOUT_VERSION,
    month: report.month,
    timezone: report.timezone,
    leaveTypes: report.leaveTypes,
    columns: report.columns.map((c) => ({ id: c.id, kind: c.kind, label: translate(lang, c.labelKey, c.labelParams) })),
    employees: report.rows.map((r) => ({ employee: r.employee, figures: r.figures, approval: r.approval, leaveBalances: r.leaveBalances, values: Object.fromEntries(report.columns.map((c) => [c.id, c.value(r)])) })),
  };
}

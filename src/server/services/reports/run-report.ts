import { employeeScope, type RecordAccount } from '#domain/permissions/record-access.ts';
import { PER_EMPLOYEE_REPORTS, type Report, type ReportName } from '#domain/reports/report-table.ts';
import type { Language } from '#i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { employeeAttendanceReport } from './employee-attendance-report.ts';
import { employeeBirthdaysReport } from './employee-birthdays-report.ts';
import { employeeLeavesReport } from './employee-leaves-report.ts';
import { employeeListReport } from './employee-list-report.ts';
import { employeeScheduleReport } from './employee-schedule-report.ts';
import { hoursBalanceReport } from '../balance/hours-balance-report.ts';
import { organizationProfileReport } from './organization-profile-report.ts';
import { userAccountsReport } from './user-accounts-report.ts';

const REPORTS: Record<ReportName, (db: Db, params: URLSearchParams, lang: Language) => Promise<Report>> = {
  'employee-attendance': employeeAttendanceReport,
  'employee-birthdays': employeeBirthdaysReport,
  'employee-leaves': employeeLeavesReport,
  'employee-list': employeeListReport,
  'employee-schedule': employeeScheduleReport,
  'hours-balance': hoursBalanceReport,
  'organization-profile': organizationProfileReport,
  'user-accounts': userAccountsReport,
};

/**
 * Runs a report with the filters of a URL query, texts in `lang`, over the employees the viewer
 * may read (decision 024): an account that reaches only its own employee gets a report about
 * employees for that employee whatever the query names (404 when linked to none), and is refused
 * the reports that are not per employee (403).
 */
export async function runReport(db: Db, name: ReportName, params: URLSearchParams, lang: Language, viewer: RecordAccount): Promise<Report> {
  const scope = employeeScope(viewer);
  if (scope.kind === 'all') return REPORTS[name](db, params, lang);
  if (!PER_EMPLOYEE_REPORTS.has(name)) throw new AppError('errors.everyEmployeeAdminOnly', 403);
  if (scope.kind === 'none') throw notFound();
  const scoped = new URLSearchParams(params);
  scoped.set('employee', String(scope.employeeId));
  return REPORTS[name](db, scoped, lang);
}

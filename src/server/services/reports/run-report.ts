import type { Report, ReportName } from '../../../domain/reports/report-table.ts';
import type { Language } from '../../../i18n/languages.ts';
import type { Db } from '../../db/connection.ts';
import { employeeAttendanceReport } from './employee-attendance-report.ts';
import { employeeBirthdaysReport } from './employee-birthdays-report.ts';
import { employeeLeavesReport } from './employee-leaves-report.ts';
import { employeeListReport } from './employee-list-report.ts';
import { employeeScheduleReport } from './employee-schedule-report.ts';
import { organizationProfileReport } from './organization-profile-report.ts';
import { userAccountsReport } from './user-accounts-report.ts';

const REPORTS: Record<ReportName, (db: Db, params: URLSearchParams, lang: Language) => Promise<Report>> = {
  'employee-attendance': employeeAttendanceReport,
  'employee-birthdays': employeeBirthdaysReport,
  'employee-leaves': employeeLeavesReport,
  'employee-list': employeeListReport,
  'employee-schedule': employeeScheduleReport,
  'organization-profile': organizationProfileReport,
  'user-accounts': userAccountsReport,
};

/** Runs a report with the filters of a URL query, texts in `lang`. */
export function runReport(db: Db, name: ReportName, params: URLSearchParams, lang: Language): Promise<Report> {
  return REPORTS[name](db, params, lang);
}

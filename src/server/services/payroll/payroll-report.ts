import { payrollMonth } from '../../../domain/payroll/payroll-month.ts';
import { payrollColumns, type PayrollColumn, type PayrollLeaveType, type PayrollRow } from '../../../domain/payroll/payroll-columns.ts';
import { createDayCalendar } from '../../../domain/reports/day-calendar.ts';
import { monthPeriod } from '../../../domain/reports/periods.ts';
import type { Db } from '../../db/connection.ts';
import { allLeaveTypes, byEmployee, leavesOverlapping, reportEmployees, schedulesByEmployee, type EmployeeFilter } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { breakRulesOf } from '../../../domain/worktime/worktime-settings.ts';
import { monthlyRecords } from '../reports/monthly-records.ts';

export interface PayrollReport {
  month: string;
  timezone: string;
  /** Leave types of the exported employees' companies, by id: each has its two columns. */
  leaveTypes: PayrollLeaveType[];
  columns: PayrollColumn[];
  rows: PayrollRow[];
}

/**
 * The payroll figures (decision 052) of every employee under the filter that the monthly record
 * covers (a schedule in force or an attendance that month), in the record's order (by name). The
 * record decides each day; `payrollMonth` sorts it into payroll concepts.
 */
export async function payrollReport(db: Db, filter: EmployeeFilter, month: string): Promise<PayrollReport> {
  const settings = await getSettings(db);
  const period = monthPeriod(month);
  const calendar = createDayCalendar(settings.timezone);
  const records = await monthlyRecords(db, filter, month);
  const schedules = await schedulesByEmployee(db, filter);
  const leaves = byEmployee(await leavesOverlapping(db, filter, period));
  const companyOf = new Map((await reportEmployees(db, filter)).map((e) => [e.id, e.companyId]));
  const companies = new Set(records.records.map((r) => companyOf.get(r.employee.id)));
  const leaveTypes = (await allLeaveTypes(db)).filter((t) => companies.has(t.companyId)).map((t) => ({ id: t.id, name: t.name })).sort((a, b) => a.id - b.id);
  const { breaksPaid } = breakRulesOf(settings);
  const rows = records.records.map(({ employee, record }): PayrollRow => ({
    month,
    employee: {
      id: employee.id,
      name: employee.name,
      nationalId: employee.nationalId,
      socialSecurityNumber: employee.socialSecurityNumber,
      companyName: employee.companyName,
      departmentName: employee.departmentName,
      workingDayType: employee.workingDayType,
      partTimePercent: employee.partTimePercent,
    },
    figures: payrollMonth({ days: record.days, schedules: schedules.get(employee.id) ?? [], calendar, leaves: leaves.get(employee.id) ?? [], breaksPaid }),
  }));
  return { month, timezone: settings.timezone, leaveTypes, columns: payrollColumns(leaveTypes), rows };
}

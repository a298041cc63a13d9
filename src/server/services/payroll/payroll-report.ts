import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { payrollMonth, type PayrollMonth } from '#domain/payroll/payroll-month.ts';
import { currentSnapshots, type StoredSnapshot } from '../../db/repositories/approval-snapshots.ts';
import { monthApproval } from '#domain/payroll/payroll-approval.ts';
import { payrollColumns, type PayrollColumn, type PayrollLeaveType, type PayrollRow } from '#domain/payroll/payroll-columns.ts';
import { createDayCalendar } from '#domain/reports/day-calendar.ts';
import { aroundPeriod, monthPeriod } from '#domain/reports/periods.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import type { Db } from '../../db/connection.ts';
import { allLeaveTypes, byEmployee, holidaysByCompany, leavesOverlapping, reportEmployees, schedulesByEmployee, type EmployeeFilter } from '../../db/repositories/report-data.ts';
import { approvalsOverlapping } from '../../db/repositories/period-approvals.ts';
import { payrollIdentities } from '../../db/repositories/payroll-data.ts';
import { getSettings } from '../get-settings.ts';
import { employeeLeaveBalances } from '../leave/leave-balances.ts';
import { monthlyRecords, type EmployeeMonthlyRecord } from '../reports/monthly-records.ts';

export interface PayrollReport {
  month: string;
  timezone: string;
  /** Leave types of the exported employees' companies, by id: each has its group of columns. */
  leaveTypes: PayrollLeaveType[];
  columns: PayrollColumn[];
  rows: PayrollRow[];
}

/**
 * The payroll figures (decision 052) of every employee under the filter that the monthly record
 * covers (a schedule in force or an attendance that month), in the record's order (by name). The
 * record decides each day; `payrollMonth` sorts it into payroll concepts. Besides: whether the
 * month is approved (decision 051), the company's holidays of the month and the next day (a
 * night shift runs into it), each leave type's remaining allowance of the year as of the month's
 * last day (accrued to then), and the identity fields of migration 0030. An employee whose month
 * is approved is served the figures the approval froze (its snapshot), unless `fresh` asks for a
 * new computation (the approval and the check that compares the two call `payrollFigures` itself).
 */
export async function payrollReport(db: Db, filter: EmployeeFilter, month: string, options: { fresh?: boolean } = {}): Promise<PayrollReport> {
  const settings = await getSettings(db);
  const period = monthPeriod(month);
  const records = await monthlyRecords(db, filter, month, { fresh: options.fresh });
  // A month whose approval froze the figures is served from that snapshot (decision 051, update of issue 33).
  const frozen = options.fresh
    ? new Map<number, StoredSnapshot>()
    : await currentSnapshots(
        db,
        period,
        records.records.map((r) => r.employee.id),
      );
  const computed = await payrollFigures(
    db,
    filter,
    month,
    records.records.filter((r) => !frozen.has(r.employee.id)),
  );
  const companyOf = new Map((await reportEmployees(db, filter)).map((e) => [e.id, e.companyId]));
  const companies = new Set(records.records.map((r) => companyOf.get(r.employee.id)));
  const leaveTypes = (await allLeaveTypes(db))
    .filter((t) => companies.has(t.companyId))
    .map((t) => ({ id: t.id, name: t.name }))
    .sort((a, b) => a.id - b.id);
  const approvals = byEmployee(await approvalsOverlapping(db, period));
  const identities = await payrollIdentities(
    db,
    records.records.map((r) => r.employee.id),
  );
  const year = Number(month.slice(0, 4));
  const rows: PayrollRow[] = [];
  for (const { employee, record } of records.records) {
    const identity = identities.get(employee.id);
    const balances = await employeeLeaveBalances(db, employee.id, year, period.to);
    rows.push({
      month,
      employee: {
        id: employee.id,
        name: employee.name,
        nationalId: employee.nationalId,
        socialSecurityNumber: employee.socialSecurityNumber,
        companyName: employee.companyName,
        companyTaxId: employee.companyTaxId,
        contributionAccountCode: identity?.contributionAccountCode ?? null,
        departmentName: employee.departmentName,
        workingDayType: employee.workingDayType,
        partTimePercent: employee.partTimePercent,
        professionalCategory: identity?.professionalCategory ?? null,
        contractType: identity?.contractType ?? null,
      },
      figures: (frozen.get(employee.id)?.payroll as PayrollMonth | undefined) ?? computed.get(employee.id)!,
      approval: monthApproval(approvals.get(employee.id) ?? [], period, settings.timezone),
      leaveBalances: Object.fromEntries(balances.data.map((b) => [b.leaveType, b.remaining])),
      workModes: { onSiteDays: record.totals.onSiteDays, remoteDays: record.totals.remoteDays },
      ...(record.totals.timeApart ? { timeApart: record.totals.timeApart } : {}),
    });
  }
  return { month, timezone: settings.timezone, leaveTypes, columns: payrollColumns(leaveTypes), rows };
}

/**
 * The payroll figures (`payrollMonth`) of the given monthly records, computed now: the one
 * computation behind the report's rows and the approval check's fresh figures
 * (approval-figures.ts). `records` come from `monthlyRecords` for the same filter and month.
 */
export async function payrollFigures(db: Db, filter: EmployeeFilter, month: string, records: readonly EmployeeMonthlyRecord[]): Promise<Map<number, PayrollMonth>> {
  const out = new Map<number, PayrollMonth>();
  if (records.length === 0) return out;
  const settings = await getSettings(db);
  const period = monthPeriod(month);
  const calendar = createDayCalendar(settings.timezone);
  const schedules = await schedulesByEmployee(db, filter, aroundPeriod(period));
  const leaves = byEmployee(await leavesOverlapping(db, filter, period));
  const companyOf = new Map((await reportEmployees(db, filter)).map((e) => [e.id, e.companyId]));
  const holidays = await holidaysByCompany(db, { from: period.from, to: addDays(period.to, 1) });
  const rulesOn = await breakRulesByDate(db);
  const breaksPaid = (date: string): boolean => rulesOn(date).breaksPaid;
  for (const { employee, record } of records) {
    out.set(
      employee.id,
      payrollMonth({
        days: record.days,
        schedules: schedules.get(employee.id) ?? [],
        calendar,
        leaves: leaves.get(employee.id) ?? [],
        breaksPaid,
        holidays: new Set(holidays.get(companyOf.get(employee.id) ?? -1)?.keys() ?? []),
      }),
    );
  }
  return out;
}

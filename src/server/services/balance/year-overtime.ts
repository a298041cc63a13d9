import { partTimeOf } from '#domain/employees/contract-terms.ts';
import { contractTermsByEmployee } from '../../db/repositories/contract-terms.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { spanCalendar } from '#domain/worktime/hours-balance-calendar.ts';
import { createDayCalendar, nextDate } from '#domain/reports/day-calendar.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { holidaysByCompany, leavesOverlapping, recordAttendancesIn, reportEmployees, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { aroundPeriod } from '#domain/reports/periods.ts';
import { toilLeaveTypeIds } from '../../db/repositories/hours-balance.ts';
import { interruptionsIn, standbyIn } from '../../db/repositories/time-apart.ts';
import { getSettings } from '../get-settings.ts';
import { balanceDays, yearOvertime, type EmployeeHoursBalance } from './hours-balances.ts';

/**
 * One employee's overtime of a calendar year split by compensation (paid, rest, unmarked), as the
 * monthly record counts it, for the 80 h cap (decision 049). Null for an unknown employee.
 */
export async function employeeYearOvertime(db: Db, employeeId: number, year: number): Promise<EmployeeHoursBalance['year'] | null> {
  const settings = await getSettings(db);
  const filter = { employee: employeeId };
  const [employee] = await reportEmployees(db, filter);
  if (!employee) return null;
  const period = { from: `${year}-01-01`, to: `${year}-12-31` };
  const [schedules, leaves, attendances, holidays, toilTypes, standby, interruptions] = await Promise.all([
    schedulesByEmployee(db, filter, aroundPeriod(period)),
    leavesOverlapping(db, filter, period),
    recordAttendancesIn(db, filter, period),
    holidaysByCompany(db, period),
    toilLeaveTypeIds(db),
    standbyIn(db, filter, period),
    interruptionsIn(db, filter, period),
  ]);
  const approvedLeave = new Map<string, number>();
  for (const l of leaves) for (let d = l.fromDate; d <= l.toDate; d = nextDate(d)) approvedLeave.set(d, l.leaveTypeId);
  const { days } = balanceDays(period.from, period.to, {
    today: localDateOf(nowMs(), settings.timezone),
    breakRules: await breakRulesByDate(db),
    calendar: spanCalendar(createDayCalendar(settings.timezone)),
    schedules: schedules.get(employeeId) ?? [],
    holidays: holidays.get(employee.companyId),
    approvedLeave,
    toilTypes,
    attendances,
    partTime: partTimeOf(await contractTermsByEmployee(db, filter), employeeId),
    standby,
    interruptions,
  });
  return yearOvertime(year, days);
}

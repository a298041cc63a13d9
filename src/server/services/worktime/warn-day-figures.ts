import { partTimeOf } from '#domain/employees/contract-terms.ts';
import { contractTermsByEmployee } from '../../db/repositories/contract-terms.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { activeScheduleOn, createDayCalendar, leaveDateSet } from '#domain/reports/day-calendar.ts';
import { dayFigures, dayPlanOf, nightWorkerOn } from '#domain/worktime/day-figures.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import type { EmployeeWarnDay } from '#domain/worktime/work-time-warnings-by-day.ts';
import type { Db } from '../../db/connection.ts';
import { byEmployee, holidaysByCompany, leavesOverlapping, reportEmployees, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';

/**
 * The attendance list's and the dashboard's days with their figures from `dayFigures` (issue 33
 * points 4 and 5): ordinary hours (the long-day limit judges them), overtime and whether the
 * employee is a night worker that day, exactly as the monthly record computes them, so a badge
 * and the record's notes say the same. Four set-based reads whatever the number of days.
 */
export async function withWarnDayFigures<T extends EmployeeWarnDay & { breakSeconds: number }>(db: Db, days: readonly T[]): Promise<T[]> {
  if (days.length === 0) return [];
  const settings = await getSettings(db);
  const calendar = createDayCalendar(settings.timezone);
  const breakRules = await breakRulesByDate(db);
  const ids = new Set(days.map((d) => d.employeeId));
  const filter = ids.size === 1 ? { employee: [...ids][0]! } : {};
  const dates = days.map((d) => d.date).sort();
  const span = { from: dates[0]!, to: dates.at(-1)! };
  const [employees, schedules, leaves, holidays, terms] = await Promise.all([
    reportEmployees(db, filter),
    schedulesByEmployee(db, filter),
    leavesOverlapping(db, filter, span),
    holidaysByCompany(db, span),
    contractTermsByEmployee(db, filter),
  ]);
  const employeeOf = new Map(employees.map((e) => [e.id, e]));
  const leaveOf = byEmployee(leaves);
  const leaveDates = new Map<number, Set<string>>();
  return days.map((d) => {
    const e = employeeOf.get(d.employeeId);
    if (!e || d.timeOut === null) return d;
    let onLeave = leaveDates.get(d.employeeId);
    if (!onLeave) leaveDates.set(d.employeeId, (onLeave = leaveDateSet(leaveOf.get(d.employeeId) ?? [], span.from, span.to)));
    const schedule = activeScheduleOn(schedules.get(d.employeeId) ?? [], d.date);
    const holiday = holidays.get(e.companyId)?.has(d.date) === true;
    const f = dayFigures({
      date: d.date,
      today: d.date,
      plan: dayPlanOf(d.date, schedule, holiday, calendar),
      attendance: { timeOut: d.timeOut, workedSeconds: d.workedSeconds, breakSeconds: d.breakSeconds, lateSeconds: 0, earlyDepartureSeconds: 0, workFlag: d.workFlag ?? null },
      onLeave: onLeave.has(d.date),
      breakRules,
      partTime: partTimeOf(terms, e.id),
    });
    // The 3-day notice of complementary hours (decision 081): when the schedule in force last changed.
    const scheduleChangedOn = schedule?.changedAt ? localDateOf(schedule.changedAt, settings.timezone) : null;
    return { ...d, ordinarySeconds: f.ordinarySeconds, overtimeSeconds: f.overtimeSeconds, nightWorker: nightWorkerOn(schedule), complementarySeconds: f.complementarySeconds, scheduleChangedOn };
  });
}

import { partTimeOf } from '#domain/employees/contract-terms.ts';
import { contractTermsByEmployee } from '../../db/repositories/contract-terms.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { absenceFloors } from '../reports/absence-floors.ts';
import { presenceOf, type Presence } from '#domain/dashboard/presence.ts';
import { missingCheckOut } from '#domain/clock/clock-engine.ts';
import { summarizeAttendance, type AttendanceSummary } from '#domain/reports/attendance-summary.ts';
import { activeScheduleOn, createDayCalendar, dayKindOf, leaveDateSet, nextDate } from '#domain/reports/day-calendar.ts';
import { monthPeriod, weekPeriod, type Period } from '#domain/reports/periods.ts';
import type { BreakInstants } from '#domain/attendance/shift-times.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { isRestDay } from '#domain/schedules/schedule-rules.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { employeeLeaveBalances, type LeaveBalanceDto } from '../leave/leave-balances.ts';
import { holidaySets, holidaysByCompany, leavesOverlapping, recordAttendancesIn, reportEmployees, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { apartWorkByDate } from '#domain/worktime/time-apart.ts';
import { interruptionsIn, standbyIn } from '../../db/repositories/time-apart.ts';

export interface PersonalDashboard {
  employee: { id: number; name: string; departmentName: string; jobTitleName: string };
  today: string;
  timezone: string;
  presence: Presence;
  /** Today's attendance (or last night's shift still open). */
  /** `timezone`: the zone stored with the attendance; its times are shown in it (decision 027). */
  current: { date: string; timezone: string; timeIn: string; timeOut: string | null; breaks: BreakInstants[]; statusIn: 'on_time' | 'late' | null; lateSeconds: number } | null;
  scheduleToday: { startTime: string; offTime: string } | null;
  week: { period: Period; summary: AttendanceSummary };
  month: { period: Period; summary: AttendanceSummary };
  nextShift: { date: string; startTime: string; offTime: string } | null;
  year: number;
  balances: LeaveBalanceDto[];
  pendingRequests: number;
}

/** Days looked ahead for the next shift (a long leave may hide it longer; then none is shown). */
const LOOK_AHEAD_DAYS = 62;

/**
 * The signed-in employee's own dashboard: where they are today, hours this week and this month
 * against their schedule, their next shift, and leave balances for the year. Only ever called
 * with the session's own employee id.
 */
export async function personalDashboard(db: Db, employeeId: number): Promise<PersonalDashboard | undefined> {
  const settings = await getSettings(db);
  const zone = settings.timezone;
  const now = new Date(nowMs()).toISOString();
  const today = localDateOf(now, zone);
  const calendar = createDayCalendar(zone);
  const filter = { employee: employeeId };
  const [employee] = await reportEmployees(db, filter);
  if (!employee) return undefined;

  const week = weekPeriod(today);
  const month = monthPeriod(today.slice(0, 7));
  const year = Number(today.slice(0, 4));
  const span: Period = { from: [week.from, month.from, addDays(today, -1)].sort()[0]!, to: addDays(today, LOOK_AHEAD_DAYS) };
  const schedules = (await schedulesByEmployee(db, filter)).get(employeeId) ?? [];
  const breakRules = await breakRulesByDate(db);
  const terms = await contractTermsByEmployee(db, filter);
  const leaves = await leavesOverlapping(db, filter, { from: `${year}-01-01`, to: span.to > `${year}-12-31` ? span.to : `${year}-12-31` }, ['approved', 'pending']);
  const approvedDates = leaveDateSet(
    leaves.filter((l) => l.status === 'approved'),
    span.from,
    span.to,
  );
  const days = await recordAttendancesIn(db, filter, { from: span.from, to: today });
  // Work recorded apart (issue 38 point 1): the tiles count it as the record does.
  const apartWork = apartWorkByDate(await standbyIn(db, filter, { from: span.from, to: today }), await interruptionsIn(db, filter, { from: span.from, to: today }));
  const holidayYear = { from: [span.from, `${year}-01-01`].sort()[0]!, to: span.to > `${year}-12-31` ? span.to : `${year}-12-31` };
  const holidays = holidaySets(await holidaysByCompany(db, holidayYear)).get(employee.companyId) ?? new Set<string>();
  const recent = await recordAttendancesIn(db, filter, { from: addDays(today, -1), to: today });
  const absenceFrom = (await absenceFloors(db, [employee], () => schedules, zone)).get(employee.id)!;

  const todays = recent.find((a) => a.date === today);
  // Yesterday's day left open by a forgotten check-out is not being worked (the clock's rule).
  const open = todays?.timeOut === null ? todays : recent.find((a) => a.date === addDays(today, -1) && a.timeOut === null && !missingCheckOut(a, now, zone));
  const current = open ?? todays;
  const scheduleToday = activeScheduleOn(schedules, today);
  const presence = presenceOf({
    today,
    now,
    graceMinutes: breakRules(today).graceMinutes,
    open: open ? { onBreak: open.breaks.some((b) => b.endAt === null) } : undefined,
    todays,
    onLeave: approvedDates.has(today),
    holiday: holidays.has(today),
    schedule: scheduleToday,
    calendar,
    absenceFrom,
  });

  const summarize = (period: Period) => ({
    period,
    summary: summarizeAttendance({
      period,
      today,
      calendar,
      schedules,
      leaveDates: approvedDates,
      holidays,
      days: days.filter((d) => d.date >= period.from && d.date <= period.to),
      absenceFrom,
      breakRules,
      partTime: partTimeOf(terms, employeeId),
      apartWork,
    }),
  });

  let nextShift: PersonalDashboard['nextShift'] = null;
  for (let d = todays ? addDays(today, 1) : today; d <= span.to; d = nextDate(d)) {
    const schedule = activeScheduleOn(schedules, d);
    const kind = dayKindOf({ date: d, today, attendance: undefined, onLeave: approvedDates.has(d), holiday: holidays.has(d), schedule, calendar });
    if (kind === 'upcoming' && schedule) {
      nextShift = { date: d, startTime: schedule.startTime, offTime: schedule.offTime };
      break;
    }
  }

  // The same figures as the personal leave page: proration, accrual and carry-over (decision 053).
  const balances: LeaveBalanceDto[] = (await employeeLeaveBalances(db, employee.id, year, today)).data;

  return {
    employee: { id: employee.id, name: `${employee.firstName} ${employee.lastName}`, departmentName: employee.departmentName, jobTitleName: employee.jobTitleName },
    today,
    timezone: zone,
    presence,
    current: current ? { date: current.date, timezone: current.timezone, timeIn: current.timeIn, timeOut: current.timeOut, breaks: current.breaks, statusIn: current.statusIn, lateSeconds: current.lateSeconds } : null,
    scheduleToday: scheduleToday && !isRestDay(scheduleToday, today, calendar.weekday(today)) && !holidays.has(today) ? { startTime: scheduleToday.startTime, offTime: scheduleToday.offTime } : null,
    week: summarize(week),
    month: summarize(month),
    nextShift,
    year,
    balances,
    pendingRequests: leaves.filter((l) => l.status === 'pending' && l.toDate >= today).length,
  };
}

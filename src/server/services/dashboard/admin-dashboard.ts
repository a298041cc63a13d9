import { breakRulesOnDate } from '../../db/repositories/break-rules-history.ts';
import { absenceFloors } from '../reports/absence-floors.ts';
import { companyRecordStarts } from '../../db/repositories/record-start.ts';
import { recordStartOf } from '#domain/reports/absence-rule.ts';
import { monthChart, type ChartEmployee, type MonthChartDay } from '#domain/dashboard/month-chart.ts';
import { lateByNow, presenceOf, type Presence } from '#domain/dashboard/presence.ts';
import { missingCheckOut } from '#domain/clock/clock-engine.ts';
import { monthPeriod, type Period } from '#domain/reports/periods.ts';
import { activeScheduleOn, createDayCalendar, leaveDateSet } from '#domain/reports/day-calendar.ts';
import { addDays, localDateOf } from '#domain/time/zoned-time.ts';
import { inWeekOrder } from '#domain/schedules/rest-days.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { attendancesWithOpenBreak, recentAttendances } from '../../db/repositories/attendances.ts';
import { newestActiveEmployees } from '../../db/repositories/employees.ts';
import { countPendingLeavesOfActiveEmployees, recentLeaves } from '../../db/repositories/leaves.ts';
import { attendancesIn, byEmployee, holidaySets, holidaysByCompany, leavesOverlapping, reportEmployees, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';
import { seesEveryEmployee, type RecordAccount } from '#domain/permissions/record-access.ts';
import { AppError } from '../../http/app-error.ts';

export interface DashboardPerson {
  id: number;
  name: string;
  department: string;
  /** The instant that explains the state (check-in, check-out), when there is one. */
  at: string | null;
  /** The zone stored with the attendance `at` belongs to: `at` is shown in it (decision 027). */
  zone: string;
}

export interface AdminDashboard {
  today: string;
  timezone: string;
  counts: { employees: number; attendancesToday: number; leavesPending: number; onLeaveToday: number };
  presence: Record<Presence, DashboardPerson[]>;
  /**
   * Late today: checked in late (`at` the check-in), or not checked in and late by now (`at` null,
   * `checkedIn` false; presence `notArrived`). Those absent once their shift is over are
   * `presence.absent`.
   */
  late: (DashboardPerson & { seconds: number; checkedIn: boolean })[];
  early: (DashboardPerson & { seconds: number })[];
  newestEmployees: { id: number; name: string; department: string; jobTitle: string; since: string | null; createdAt: string }[];
  recentAttendances: { id: number; employeeId: number; name: string; date: string; timezone: string; timeIn: string; timeOut: string | null; statusIn: 'on_time' | 'late' | null; missingCheckOut: boolean }[];
  /** The seven days before today, newest first. */
  previousDays: MonthChartDay[];
  recentLeaves: { id: number; employeeId: number; name: string; leaveType: string; fromDate: string; toDate: string; status: 'pending' | 'approved' | 'declined'; createdAt: string }[];
  month: MonthChartDay[];
  /** Schedules in force today, grouped by shift, most employees first. */
  shifts: { startTime: string; offTime: string; totalHours: number; restDays: string[]; employees: number }[];
}

const PRESENCES: Presence[] = ['working', 'onBreak', 'left', 'leave', 'rest', 'unscheduled', 'expected', 'notArrived', 'absent'];

/**
 * Everything the admin dashboard shows, for the active employees, in a fixed number of queries:
 * who is in now, today's late arrivals and early departures, the month chart, the last seven
 * days, newest employees, recent attendance and leave, the shifts in force. Figures about every
 * employee: only for an account that sees every employee (decision 024; 403 otherwise).
 */
export async function adminDashboard(db: Db, viewer: RecordAccount): Promise<AdminDashboard> {
  if (!seesEveryEmployee(viewer)) throw new AppError('errors.everyEmployeeAdminOnly', 403);
  const settings = await getSettings(db);
  const zone = settings.timezone;
  const now = new Date(nowMs()).toISOString();
  const today = localDateOf(now, zone);
  const calendar = createDayCalendar(zone);
  const month = monthPeriod(today.slice(0, 7));
  const week: Period = { from: addDays(today, -7), to: addDays(today, -1) };
  const recordBegan = [...(await companyRecordStarts(db)).values()].map((c) => recordStartOf(localDateOf(c.createdAt, zone), c.firstRecordedDate)).sort()[0] ?? today;
  const span: Period = { from: week.from < month.from ? week.from : month.from, to: month.to };
  const active = { status: 'active' as const };

  const employees = await reportEmployees(db, active);
  const schedules = await schedulesByEmployee(db, active);
  const approved = byEmployee(await leavesOverlapping(db, active, span));
  const attendances = await attendancesIn(db, active, span);
  const holidays = holidaySets(await holidaysByCompany(db, span));
  const floors = await absenceFloors(db, employees, (id) => schedules.get(id) ?? [], zone);
  // Open break of each open attendance -> when that break started ("on a break since").
  const openBreaks = await attendancesWithOpenBreak(db, addDays(today, -1));

  const attendanceByEmployee = byEmployee(attendances);
  const nameOf = (e: (typeof employees)[number]) => `${e.firstName} ${e.lastName}`;
  const presence = Object.fromEntries(PRESENCES.map((p) => [p, [] as DashboardPerson[]])) as Record<Presence, DashboardPerson[]>;
  const late: AdminDashboard['late'] = [];
  const early: AdminDashboard['early'] = [];
  const chartEmployees: ChartEmployee[] = [];
  let attendancesToday = 0;
  let onLeaveToday = 0;
  const yesterday = addDays(today, -1);

  // Lateness now: the grace in force today (effective-dated, decision 050).
  const { graceMinutes } = await breakRulesOnDate(db, today);
  for (const e of employees) {
    const own = attendanceByEmployee.get(e.id) ?? [];
    const mine = schedules.get(e.id) ?? [];
    const leaveDates = leaveDateSet(approved.get(e.id) ?? [], span.from, span.to);
    const companyHolidays = holidays.get(e.companyId);
    const todays = own.find((a) => a.date === today);
    // Last night's shift still running belongs to yesterday's date (a shift belongs to its start);
    // yesterday's day left open by a forgotten check-out is not being worked (the clock's rule).
    const open = todays?.timeOut === null ? todays : own.find((a) => a.date === yesterday && a.timeOut === null && !missingCheckOut(a, now, zone));
    const absenceFrom = floors.get(e.id)!;
    const live = { today, now, graceMinutes, schedule: activeScheduleOn(mine, today), calendar };
    const state = presenceOf({
      ...live,
      open: open ? { onBreak: openBreaks.has(open.id) } : undefined,
      todays,
      onLeave: leaveDates.has(today),
      holiday: companyHolidays?.has(today) ?? false,
      absenceFrom,
    });
    chartEmployees.push({ schedules: mine, leaveDates, holidays: companyHolidays, attended: new Map(own.map((a) => [a.date, a.statusIn])), absenceFrom, presence: state });
    if (state === 'leave') onLeaveToday++;
    const shown = open ?? todays;
    const breakStart = open ? openBreaks.get(open.id) : undefined;
    const person = {
      id: e.id,
      name: nameOf(e),
      department: e.departmentName,
      at: breakStart ?? open?.timeIn ?? todays?.timeOut ?? null,
      zone: shown?.timezone ?? zone,
    };
    presence[state].push(person);
    if (state === 'notArrived') late.push({ ...person, at: null, seconds: lateByNow(live), checkedIn: false });
    if (todays) {
      attendancesToday++;
      if (todays.statusIn === 'late') late.push({ ...person, at: todays.timeIn, zone: todays.timezone, seconds: todays.lateSeconds, checkedIn: true });
      if (todays.earlyDepartureSeconds > 0) early.push({ ...person, at: todays.timeOut, zone: todays.timezone, seconds: todays.earlyDepartureSeconds });
    }
  }
  const byTime = (a: DashboardPerson, b: DashboardPerson) => (a.at ?? '').localeCompare(b.at ?? '');
  // Those still missing first (what to act on), latest due first; then the check-ins by time.
  late.sort((a, b) => Number(a.checkedIn) - Number(b.checkedIn) || byTime(a, b) || b.seconds - a.seconds);
  early.sort(byTime);
  presence.working.sort(byTime);
  presence.onBreak.sort(byTime);
  presence.left.sort(byTime);

  const chart = monthChart(span, today, chartEmployees, calendar);
  const byDate = new Map(chart.map((d) => [d.date, d]));

  const newest = await newestActiveEmployees(db, 5);
  const recent = await recentAttendances(db, addDays(today, -7), 8);
  const leaves = await recentLeaves(db, 5);
  const leavesPending = await countPendingLeavesOfActiveEmployees(db);

  const shiftMap = new Map<string, AdminDashboard['shifts'][number]>();
  for (const e of employees) {
    const s = activeScheduleOn(schedules.get(e.id) ?? [], today);
    if (!s) continue;
    const restDays = inWeekOrder(s.restDays);
    const key = `${s.startTime}|${s.offTime}|${s.totalHours}|${restDays.join(',')}`;
    const entry = shiftMap.get(key) ?? { startTime: s.startTime, offTime: s.offTime, totalHours: s.totalHours, restDays, employees: 0 };
    entry.employees++;
    shiftMap.set(key, entry);
  }

  return {
    today,
    timezone: zone,
    counts: { employees: employees.length, attendancesToday, leavesPending, onLeaveToday },
    presence,
    late,
    early,
    newestEmployees: newest.map((e) => ({ id: e.id, name: `${e.firstName} ${e.lastName}`, department: e.department, jobTitle: e.jobTitle, since: e.officialStartDate, createdAt: e.createdAt })),
    recentAttendances: recent.map((a) => ({
      id: a.id,
      employeeId: a.employeeId,
      name: `${a.firstName} ${a.lastName}`,
      date: a.date,
      timezone: a.timezone,
      timeIn: a.timeIn,
      timeOut: a.timeOut,
      statusIn: a.statusIn,
      missingCheckOut: missingCheckOut(a, now, zone),
    })),
    // Not the days before any company's record began here (an owner's first week showed a week of zeros).
    previousDays: Array.from({ length: 7 }, (_, i) => byDate.get(addDays(today, -1 - i))!).filter((day) => day.date >= recordBegan),
    recentLeaves: leaves.map((l) => ({
      id: l.id,
      employeeId: l.employeeId,
      name: `${l.firstName} ${l.lastName}`,
      leaveType: l.leaveType,
      fromDate: l.fromDate,
      toDate: l.toDate,
      status: l.status,
      createdAt: l.createdAt,
    })),
    month: chart.filter((d) => d.date >= month.from),
    shifts: [...shiftMap.values()].sort((a, b) => b.employees - a.employees || a.startTime.localeCompare(b.startTime)),
  };
}

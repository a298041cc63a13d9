import { activeScheduleOn, createDayCalendar, dayKindOf, leaveDateSet } from '#domain/reports/day-calendar.ts';
import { datesOf, weekPeriod } from '#domain/reports/periods.ts';
import { isRostered } from '#domain/roster/planned-day.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import { addDays, localDateOf, type WeekdayName } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { holidaysByCompany, leavesOverlapping, reportEmployees, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { plannedDaysOf } from '../../db/repositories/planned-days.ts';
import { getSettings } from '../get-settings.ts';

export interface PlannedDay {
  date: string;
  weekday: WeekdayName;
  kind: 'work' | 'rest' | 'holiday' | 'leave' | 'none';
  startTime: string | null;
  offTime: string | null;
  /** The leave type's name, or the holiday's. */
  leaveType: string | null;
  /** Whether the day comes from the published roster (decision 087) rather than the schedule. */
  rostered: boolean;
}

/** A published roster day of the worker (decision 087): a shift with its times and break, or a rest day. */
export interface PublishedShift {
  date: string;
  weekday: WeekdayName;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
}

export interface PersonalSchedule {
  today: string;
  /** The schedule in force today, if any. */
  current: ScheduleRule | null;
  /** All the employee's schedules, newest first (patterns only: published roster days are in `shifts`). */
  schedules: (ScheduleRule & { inForce: boolean; upcoming: boolean })[];
  /** Today and the next 13 days. */
  plan: PlannedDay[];
  /** The published days from this week's Monday through the next four weeks. */
  shifts: PublishedShift[];
  /** The dates `shifts` covers. */
  shiftsFrom: string;
  shiftsTo: string;
}

export const PLAN_DAYS = 14;
/** Published shifts shown: the current week (its past days too) and the four after it. */
export const SHIFT_WEEKS = 5;

/** The signed-in employee's schedules and the next two weeks as they stand (work, rest, leave). */
export async function personalSchedule(db: Db, employeeId: number): Promise<PersonalSchedule> {
  const settings = await getSettings(db);
  const today = localDateOf(nowMs(), settings.timezone);
  const calendar = createDayCalendar(settings.timezone);
  const period = { from: today, to: addDays(today, PLAN_DAYS - 1) };
  const filter = { employee: employeeId };
  const schedules = (await schedulesByEmployee(db, filter, period)).get(employeeId) ?? [];
  const shiftsFrom = weekPeriod(today).from;
  const shiftsTo = addDays(shiftsFrom, SHIFT_WEEKS * 7 - 1);
  const published = (await plannedDaysOf(db, [employeeId], { from: shiftsFrom, to: shiftsTo })).get(employeeId) ?? [];
  const leaves = await leavesOverlapping(db, filter, period);
  const leaveDates = leaveDateSet(leaves, period.from, period.to);
  const [employee] = await reportEmployees(db, filter);
  const holidays = (employee && (await holidaysByCompany(db, period)).get(employee.companyId)) || new Map<string, string>();
  // The schedule in force and the list are the patterns; the day plan takes the published day first.
  const patterns = schedules.filter((rule) => !isRostered(rule));
  const current = activeScheduleOn(patterns, today) ?? null;
  const plan = datesOf(period).map((date): PlannedDay => {
    const schedule = activeScheduleOn(schedules, date);
    const kind = dayKindOf({ date, today, attendance: undefined, onLeave: leaveDates.has(date), holiday: holidays.has(date), schedule, calendar });
    const planned = kind === 'rest' ? 'rest' : kind === 'holiday' ? 'holiday' : kind === 'leave' ? 'leave' : kind === 'unscheduled' || kind === 'before-start' ? 'none' : 'work';
    return {
      date,
      weekday: calendar.weekday(date),
      kind: planned,
      startTime: planned === 'work' ? schedule!.startTime : null,
      offTime: planned === 'work' ? schedule!.offTime : null,
      leaveType: planned === 'leave' ? (leaves.find((l) => l.fromDate <= date && l.toDate >= date)?.leaveTypeName ?? null) : planned === 'holiday' ? (holidays.get(date) ?? null) : null,
      rostered: schedule !== undefined && isRostered(schedule),
    };
  });
  return {
    today,
    current,
    schedules: patterns.sort((a, b) => b.fromDate.localeCompare(a.fromDate) || b.id - a.id).map((s) => ({ ...s, inForce: s.id === current?.id, upcoming: s.fromDate > today })),
    plan,
    shifts: published.map((d) => ({ date: d.date, weekday: calendar.weekday(d.date), kind: d.kind, startTime: d.startTime, endTime: d.endTime, breakMinutes: d.breakMinutes })),
    shiftsFrom,
    shiftsTo,
  };
}

import { activeScheduleOn, createDayCalendar, dayKindOf, leaveDateSet } from '#domain/reports/day-calendar.ts';
import { datesOf } from '#domain/reports/periods.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import { addDays, localDateOf, type WeekdayName } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { holidaysByCompany, leavesOverlapping, reportEmployees, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';

export interface PlannedDay {
  date: string;
  weekday: WeekdayName;
  kind: 'work' | 'rest' | 'holiday' | 'leave' | 'none';
  startTime: string | null;
  offTime: string | null;
  /** The leave type's name, or the holiday's. */
  leaveType: string | null;
}

export interface PersonalSchedule {
  today: string;
  /** The schedule in force today, if any. */
  current: ScheduleRule | null;
  /** All the employee's schedules, newest first. */
  schedules: (ScheduleRule & { inForce: boolean; upcoming: boolean })[];
  /** Today and the next 13 days. */
  plan: PlannedDay[];
}

export const PLAN_DAYS = 14;

/** The signed-in employee's schedules and the next two weeks as they stand (work, rest, leave). */
export async function personalSchedule(db: Db, employeeId: number): Promise<PersonalSchedule> {
  const settings = await getSettings(db);
  const today = localDateOf(nowMs(), settings.timezone);
  const calendar = createDayCalendar(settings.timezone);
  const period = { from: today, to: addDays(today, PLAN_DAYS - 1) };
  const filter = { employee: employeeId };
  const schedules = (await schedulesByEmployee(db, filter)).get(employeeId) ?? [];
  const leaves = await leavesOverlapping(db, filter, period);
  const leaveDates = leaveDateSet(leaves, period.from, period.to);
  const [employee] = await reportEmployees(db, filter);
  const holidays = (employee && (await holidaysByCompany(db, period)).get(employee.companyId)) || new Map<string, string>();
  const current = activeScheduleOn(schedules, today) ?? null;
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
    };
  });
  return {
    today,
    current,
    schedules: [...schedules].sort((a, b) => b.fromDate.localeCompare(a.fromDate) || b.id - a.id).map((s) => ({ ...s, inForce: s.id === current?.id, upcoming: s.fromDate > today })),
    plan,
  };
}

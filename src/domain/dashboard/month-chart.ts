import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import type { Presence } from './presence.ts';
import { datesOf, type Period } from '../reports/periods.ts';
import { activeScheduleOn, dayKindOf, type DayCalendar } from '../reports/day-calendar.ts';

/** One day of the dashboard's month chart: how many employees were present, late, on leave, absent. */
export interface MonthChartDay {
  date: string;
  /** Attended and on time (or without a schedule to be late for). */
  present: number;
  late: number;
  leave: number;
  absent: number;
  /** False for dates after today (nothing to show yet). */
  elapsed: boolean;
}

export interface ChartEmployee {
  schedules: readonly ScheduleRule[];
  leaveDates: ReadonlySet<string>;
  /** The company's holidays (nobody is absent on one). */
  holidays?: ReadonlySet<string>;
  /** Attendance statuses by date: 'late', or anything else for attended on time. */
  attended: ReadonlyMap<string, 'on_time' | 'late' | null>;
  /** The employee's absence floor (`absenceFloor`): no absence before it. */
  absenceFrom?: string;
  /** Where the employee is now (`presenceOf`): today, not arrived counts as late and absent as absent. */
  presence?: Presence;
}

/** The month chart over the given employees (the active ones), one entry per date of the period. */
export function monthChart(period: Period, today: string, employees: readonly ChartEmployee[], calendar: DayCalendar): MonthChartDay[] {
  return datesOf(period).map((date) => {
    const day: MonthChartDay = { date, present: 0, late: 0, leave: 0, absent: 0, elapsed: date <= today };
    if (!day.elapsed) return day;
    for (const e of employees) {
      const status = e.attended.get(date);
      if (status !== undefined) {
        if (status === 'late') day.late++;
        else day.present++;
        continue;
      }
      const live = date === today ? e.presence : undefined;
      if (live === 'notArrived' || live === 'absent') {
        day[live === 'absent' ? 'absent' : 'late']++;
        continue;
      }
      const kind = dayKindOf({
        date,
        today,
        attendance: undefined,
        onLeave: e.leaveDates.has(date),
        holiday: e.holidays?.has(date) ?? false,
        schedule: activeScheduleOn(e.schedules, date),
        calendar,
        ...(e.absenceFrom !== undefined ? { absenceFrom: e.absenceFrom } : {}),
      });
      if (kind === 'leave') day.leave++;
      else if (kind === 'absent') day.absent++;
    }
    return day;
  });
}

import { scheduledInstants } from '../attendance/attendance-metrics.ts';
import { activeScheduleOn, isRestDay, scheduledMinutes, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { dayPlanOf, kindOfPlan, planStateOf } from '../worktime/day-figures.ts';
import { weekdayOf, type WeekdayName } from '../time/zoned-time.ts';

/**
 * What a date was for one employee, in the order the reports decide it:
 * - `worked`: an attendance exists (closed), whatever the schedule says;
 * - `open`: an attendance without check-out (still working, or a forgotten check-out);
 * - `rest`: a rest day of the schedule in force (also inside a leave: leave takes working days);
 * - `holiday`: a company holiday on what would be a working day (the leave rules skip them too);
 * - `leave`: approved leave and no attendance;
 * - `unscheduled`: no schedule in force;
 * - `upcoming`: a working day from today on, not yet attended (today may still come);
 * - `absent`: a past working day with neither attendance nor approved leave;
 * - `before-start`: such a day before the employee's absence floor (absence-rule.ts: before the
 *   first schedule, the start date or the installation's record): expects nothing, counts nowhere.
 */
export type DayKind = 'worked' | 'open' | 'rest' | 'holiday' | 'leave' | 'unscheduled' | 'upcoming' | 'absent' | 'before-start';

/** An attendance as the reports need it (instants ISO 8601 UTC, durations in seconds). */
export interface DayAttendance {
  date: string;
  timeIn: string;
  timeOut: string | null;
  workedSeconds: number | null;
  breakSeconds: number;
  statusIn: 'on_time' | 'late' | null;
  lateSeconds: number;
  earlyDepartureSeconds: number;
}

type ScheduleTimes = Pick<ScheduleRule, 'startTime' | 'offTime' | 'totalHours'>;

/**
 * Calendar arithmetic for many employees over many dates, memoised: weekday names and expected
 * seconds repeat for every employee on the same shift, and each expected-seconds answer costs
 * two time-zone conversions. One calendar per request (the memo grows with dates × shifts).
 */
export interface DayCalendar {
  timeZone: string;
  weekday(date: string): WeekdayName;
  /**
   * The work a schedule expects on a date, in seconds: its total hours, corrected by the hours a
   * DST change adds to or removes from the scheduled span that night (a 22:00-06:00 shift of 8 h
   * expects 7 h on the night the clocks go forward, 9 h when they go back). 0 without a schedule
   * or on a rest day.
   */
  expectedSeconds(date: string, schedule: (ScheduleTimes & Pick<ScheduleRule, 'restDays'>) | undefined): number;
}

export function createDayCalendar(timeZone: string): DayCalendar {
  const weekdays = new Map<string, WeekdayName>();
  const spans = new Map<string, number>();
  const weekday = (date: string) => {
    let w = weekdays.get(date);
    if (!w) weekdays.set(date, (w = weekdayOf(date)));
    return w;
  };
  return {
    timeZone,
    weekday,
    expectedSeconds(date, schedule) {
      if (!schedule || isRestDay(schedule, date, weekday(date))) return 0;
      const key = `${date}|${schedule.startTime}|${schedule.offTime}`;
      let dstShift = spans.get(key);
      if (dstShift === undefined) {
        const { start, off } = scheduledInstants(date, schedule, timeZone);
        const real = Math.round((Date.parse(off) - Date.parse(start)) / 1000);
        dstShift = real - scheduledMinutes(schedule) * 60;
        spans.set(key, dstShift);
      }
      return Math.max(0, Math.round(schedule.totalHours * 3600) + dstShift);
    },
  };
}

/** The kind of a date for one employee (see DayKind). */
export function dayKindOf(input: {
  date: string;
  today: string;
  attendance: Pick<DayAttendance, 'timeOut'> | undefined;
  onLeave: boolean;
  /** A company holiday. */
  holiday?: boolean;
  schedule: Pick<ScheduleRule, 'restDays'> | undefined;
  calendar: DayCalendar;
  /** The employee's absence floor (`absenceFloor`); left out, any past working day can be absent. */
  absenceFrom?: string;
}): DayKind {
  const state = planStateOf(input.date, input.schedule, input.holiday === true, input.calendar);
  return kindOfPlan({ date: input.date, today: input.today, state, attendance: input.attendance, onLeave: input.onLeave, ...(input.absenceFrom !== undefined ? { absenceFrom: input.absenceFrom } : {}) });
}

/** The schedule in force on a date (re-exported so report code imports one module). */
export { activeScheduleOn };

/** Dates of approved leave ranges that fall within [from, to], as a set. */
export function leaveDateSet(leaves: readonly { fromDate: string; toDate: string }[], from: string, to: string): Set<string> {
  const out = new Set<string>();
  for (const l of leaves) {
    const start = l.fromDate > from ? l.fromDate : from;
    const end = l.toDate < to ? l.toDate : to;
    for (let d = start; d <= end; d = nextDate(d)) out.add(d);
  }
  return out;
}

/** The next calendar date, without Date parsing for the common case (same month). */
export function nextDate(date: string): string {
  const day = Number(date.slice(8, 10));
  if (day < 28) return `${date.slice(0, 8)}${String(day + 1).padStart(2, '0')}`;
  const d = new Date(`${date}T00:00:00Z`);
  d.setUTCDate(d.getUTCDate() + 1);
  return d.toISOString().slice(0, 10);
}

/**
 * What a set of schedules (and the company's holidays) says about each date of a period: `state`
 * 0 = no schedule in force, 1 = working day, 2 = rest day, 3 = holiday on a working day;
 * `expected` the seconds of work expected (0 unless working). Aligned with `dates`.
 */
export interface SchedulePlan {
  dates: readonly string[];
  state: Uint8Array;
  expected: Float64Array;
}

/**
 * Plans of a period, shared by every employee whose schedules read the same (most of a company
 * works a handful of shifts), so a report over hundreds of employees and a year of dates works
 * out each shift's calendar once instead of once per employee.
 */
export interface PeriodPlanner {
  dates: readonly string[];
  planFor(schedules: readonly ScheduleRule[], holidays?: ReadonlySet<string>): SchedulePlan;
}

export function createPeriodPlanner(calendar: DayCalendar, period: { from: string; to: string }): PeriodPlanner {
  const dates: string[] = [];
  for (let d = period.from; d <= period.to; d = nextDate(d)) dates.push(d);
  // By holiday set (one per company, the same object for all its employees), then by schedules.
  const byHolidays = new Map<ReadonlySet<string> | undefined, Map<string, SchedulePlan>>();
  return {
    dates,
    planFor(schedules, holidays) {
      let plans = byHolidays.get(holidays);
      if (!plans) byHolidays.set(holidays, (plans = new Map()));
      const ordered = [...schedules].sort((a, b) => a.id - b.id);
      const key = ordered.map((s) => `${s.rostered ? 'r' : ''}${s.startTime}|${s.offTime}|${s.totalHours}|${s.restDays.join(',')}|${s.fromDate}|${s.toDate ?? ''}`).join(';');
      let plan = plans.get(key);
      if (!plan) {
        // Ids only break ties between schedules starting on the same date; keep their order.
        const renumbered = ordered.map((s, i) => ({ ...s, id: i + 1 }));
        const state = new Uint8Array(dates.length);
        const expected = new Float64Array(dates.length);
        dates.forEach((date, i) => {
          const plan = dayPlanOf(date, activeScheduleOn(renumbered, date), holidays?.has(date) === true, calendar);
          state[i] = plan.state;
          expected[i] = plan.scheduledSeconds;
        });
        plans.set(key, (plan = { dates, state, expected }));
      }
      return plan;
    },
  };
}

import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import type { Period } from './periods.ts';
import { mayCountAsAbsence } from './absence-rule.ts';
import { createPeriodPlanner, overtimeSeconds, type DayAttendance, type DayCalendar, type PeriodPlanner } from './day-calendar.ts';

/** What a summary reads of an attendance (the check-out only for whether the day is closed). */
export type SummaryDay = Pick<DayAttendance, 'date' | 'timeOut' | 'workedSeconds' | 'breakSeconds' | 'statusIn' | 'lateSeconds' | 'earlyDepartureSeconds'>;

/**
 * One employee's attendance over a period (the attendance report's row). Counts look at the
 * period up to today: days still to come are neither absences nor expected work.
 */
export interface AttendanceSummary {
  /** Working days of the schedule so far, leave days excluded. */
  scheduledDays: number;
  /** Days with an attendance (closed or open). */
  attendedDays: number;
  /** Attended days without a check-out (forgotten or still working). */
  openDays: number;
  absentDays: number;
  leaveDays: number;
  /** Attendances on a rest day or without a schedule. */
  extraDays: number;
  workedSeconds: number;
  breakSeconds: number;
  /** Work the schedule expected so far (leave excluded; a day already attended counts). */
  expectedSeconds: number;
  /** Sum over closed days of the time worked beyond that day's expected time. */
  overtimeSeconds: number;
  lateCount: number;
  lateSeconds: number;
  earlyCount: number;
  earlySeconds: number;
}

export const EMPTY_SUMMARY: Readonly<AttendanceSummary> = {
  scheduledDays: 0,
  attendedDays: 0,
  openDays: 0,
  absentDays: 0,
  leaveDays: 0,
  extraDays: 0,
  workedSeconds: 0,
  breakSeconds: 0,
  expectedSeconds: 0,
  overtimeSeconds: 0,
  lateCount: 0,
  lateSeconds: 0,
  earlyCount: 0,
  earlySeconds: 0,
};

/**
 * Summarises one employee's period. `days` are the employee's attendances in the period (any
 * order); `leaveDates` the dates of approved leave; `schedules` all the employee's schedules.
 * Pass a `planner` of the period when summarising many employees (it shares each shift's
 * calendar); the kinds of days are those of `dayKindOf`.
 */
export function summarizeAttendance(input: {
  period: Period;
  today: string;
  calendar: DayCalendar;
  schedules: readonly ScheduleRule[];
  leaveDates: ReadonlySet<string>;
  /** The company's holidays: neither absences nor expected work (work on one is all extra). */
  holidays?: ReadonlySet<string>;
  days: readonly SummaryDay[];
  planner?: PeriodPlanner;
  /** The employee's absence floor (`absenceFloor`, issue 33 point 6): earlier days count nowhere. */
  absenceFrom?: string;
}): AttendanceSummary {
  const { today, leaveDates } = input;
  const planner = input.planner ?? createPeriodPlanner(input.calendar, input.period);
  const { dates, state, expected } = planner.planFor(input.schedules, input.holidays);
  const s: AttendanceSummary = { ...EMPTY_SUMMARY };
  const byDate = new Map<string, SummaryDay>();
  for (const d of input.days) byDate.set(d.date, d);
  const anyLeave = leaveDates.size > 0;
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i]!;
    const a = byDate.get(date);
    if (a) {
      const due = expected[i]!;
      s.attendedDays++;
      if (a.timeOut === null) s.openDays++;
      if (due > 0) s.scheduledDays++;
      else s.extraDays++;
      s.expectedSeconds += due;
      s.workedSeconds += a.workedSeconds ?? 0;
      s.breakSeconds += a.breakSeconds;
      s.overtimeSeconds += overtimeSeconds(a.workedSeconds, due);
      if (a.statusIn === 'late') {
        s.lateCount++;
        s.lateSeconds += a.lateSeconds;
      }
      if (a.earlyDepartureSeconds > 0) {
        s.earlyCount++;
        s.earlySeconds += a.earlyDepartureSeconds;
      }
      continue;
    }
    const st = state[i]!;
    if (st === 2 || st === 3) continue; // rest (also inside a leave), holiday
    if (anyLeave && leaveDates.has(date)) {
      s.leaveDays++;
      continue;
    }
    if (st === 0 || date >= today) continue; // unscheduled, or upcoming
    if (!mayCountAsAbsence(date, input.absenceFrom)) continue; // before the absence floor
    s.absentDays++;
    s.scheduledDays++;
    s.expectedSeconds += expected[i]!;
  }
  return s;
}

/** Adds summaries (the report's total row). */
export function addSummaries(a: AttendanceSummary, b: AttendanceSummary): AttendanceSummary {
  const out = { ...a };
  for (const key of Object.keys(out) as (keyof AttendanceSummary)[]) out[key] += b[key];
  return out;
}

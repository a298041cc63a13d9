import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import type { Period } from './periods.ts';
import {
  activeScheduleOn,
  dayKindOf,
  nextDate,
  overtimeSeconds,
  type DayAttendance,
  type DayCalendar,
} from './day-calendar.ts';

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
 */
export function summarizeAttendance(input: {
  period: Period;
  today: string;
  calendar: DayCalendar;
  schedules: readonly ScheduleRule[];
  leaveDates: ReadonlySet<string>;
  days: readonly DayAttendance[];
}): AttendanceSummary {
  const { period, today, calendar, schedules, leaveDates } = input;
  const s: AttendanceSummary = { ...EMPTY_SUMMARY };
  const byDate = new Map<string, DayAttendance>();
  for (const d of input.days) byDate.set(d.date, d);
  // One schedule lookup per date; most employees have one or two schedules.
  for (let date = period.from; date <= period.to; date = nextDate(date)) {
    const attendance = byDate.get(date);
    const onLeave = leaveDates.has(date);
    const schedule = activeScheduleOn(schedules, date);
    const kind = dayKindOf({ date, today, attendance, onLeave, schedule, calendar });
    const expected = onLeave && !attendance ? 0 : calendar.expectedSeconds(date, schedule);
    switch (kind) {
      case 'worked':
      case 'open': {
        const a = attendance!;
        s.attendedDays++;
        if (kind === 'open') s.openDays++;
        if (expected > 0) s.scheduledDays++;
        else s.extraDays++;
        s.expectedSeconds += expected;
        s.workedSeconds += a.workedSeconds ?? 0;
        s.breakSeconds += a.breakSeconds;
        s.overtimeSeconds += overtimeSeconds(a.workedSeconds, expected);
        if (a.statusIn === 'late') {
          s.lateCount++;
          s.lateSeconds += a.lateSeconds;
        }
        if (a.earlyDepartureSeconds > 0) {
          s.earlyCount++;
          s.earlySeconds += a.earlyDepartureSeconds;
        }
        break;
      }
      case 'leave':
        s.leaveDays++;
        break;
      case 'absent':
        s.absentDays++;
        s.scheduledDays++;
        s.expectedSeconds += expected;
        break;
      default:
        break;
    }
  }
  return s;
}

/** Adds summaries (the report's total row). */
export function addSummaries(a: AttendanceSummary, b: AttendanceSummary): AttendanceSummary {
  const out = { ...a };
  for (const key of Object.keys(out) as (keyof AttendanceSummary)[]) out[key] += b[key];
  return out;
}

import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import type { Period } from './periods.ts';
import { createPeriodPlanner, type DayAttendance, type DayCalendar, type PeriodPlanner } from './day-calendar.ts';
import type { WorkFlag } from '../attendance/work-flag.ts';
import { DEFAULT_BREAK_RULES, type BreakRulesInput } from '../worktime/break-rules.ts';
import { dayFigures, type DayPlan } from '../worktime/day-figures.ts';
import type { PartTimeInput } from '../employees/contract-terms.ts';

/** What a summary reads of an attendance (the check-out only for whether the day is closed). */
export type SummaryDay = Pick<DayAttendance, 'date' | 'timeOut' | 'workedSeconds' | 'breakSeconds' | 'statusIn' | 'lateSeconds' | 'earlyDepartureSeconds'> & {
  /** Work outside the schedule (decision 032): expects nothing, as on the record. */
  workFlag?: WorkFlag | null;
};

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
  /** Days worked: attended days with a check-out (the record's and payroll's "días trabajados"). */
  workedDays: number;
  absentDays: number;
  /** Working days of approved leave, also when the day was worked as well. */
  leaveDays: number;
  /** Attendances on a rest day or without a schedule. */
  extraDays: number;
  workedSeconds: number;
  breakSeconds: number;
  /** Work the schedule expected so far (leave excluded; a day already attended counts). */
  expectedSeconds: number;
  /** Counted as work under the break rules (decision 050), as on the record. */
  countedSeconds: number;
  /** Sum over closed days of the counted time beyond that day's expected time (dayFigures). */
  overtimeSeconds: number;
  /** A part-time worker's complementary hours (art. 12.5 ET): not overtime. */
  complementarySeconds: number;
  lateCount: number;
  lateSeconds: number;
  earlyCount: number;
  earlySeconds: number;
}

export const EMPTY_SUMMARY: Readonly<AttendanceSummary> = {
  scheduledDays: 0,
  attendedDays: 0,
  openDays: 0,
  workedDays: 0,
  absentDays: 0,
  leaveDays: 0,
  extraDays: 0,
  workedSeconds: 0,
  breakSeconds: 0,
  expectedSeconds: 0,
  countedSeconds: 0,
  overtimeSeconds: 0,
  complementarySeconds: 0,
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
  /** How breaks count (decision 050), as the record counts them; unpaid, no deduction when left out. */
  breakRules?: BreakRulesInput;
  /** Part time: time beyond the day's expected hours is complementary, not overtime. */
  partTime?: PartTimeInput;
  /** Work recorded apart by date (issue 38 point 1, `apartWorkByDate`): counted by dayFigures as the record counts it. */
  apartWork?: ReadonlyMap<string, number>;
}): AttendanceSummary {
  const { today, leaveDates } = input;
  const breakRules: BreakRulesInput = input.breakRules ?? DEFAULT_BREAK_RULES;
  const planner = input.planner ?? createPeriodPlanner(input.calendar, input.period);
  const { dates, state, expected } = planner.planFor(input.schedules, input.holidays);
  const s: AttendanceSummary = { ...EMPTY_SUMMARY };
  const byDate = new Map<string, SummaryDay>();
  for (const d of input.days) byDate.set(d.date, d);
  const anyLeave = leaveDates.size > 0;
  for (let i = 0; i < dates.length; i++) {
    const date = dates[i]!;
    const a = byDate.get(date);
    const st = state[i]! as DayPlan['state'];
    const onLeave = anyLeave && leaveDates.has(date);
    // Days without attendance that neither expect work nor count as leave or absence: skip cheaply.
    const apart = input.apartWork?.get(date) ?? 0;
    if (!a && apart === 0 && (st === 2 || st === 3 || (!onLeave && (st === 0 || date >= today)))) continue;
    const f = dayFigures({ date, today, plan: { state: st, scheduledSeconds: expected[i]! }, attendance: a, onLeave, breakRules, partTime: input.partTime, absenceFrom: input.absenceFrom, apartWorkSeconds: apart });
    if (f.leaveDay) s.leaveDays++;
    if (a) {
      s.attendedDays++;
      if (f.kind === 'worked') s.workedDays++;
      if (a.timeOut === null) s.openDays++;
      if (f.expectedSeconds > 0) s.scheduledDays++;
      else s.extraDays++;
      s.expectedSeconds += f.expectedSeconds;
      s.workedSeconds += a.workedSeconds ?? 0;
      s.countedSeconds += f.countedSeconds ?? 0;
      s.breakSeconds += a.breakSeconds;
      s.overtimeSeconds += f.overtimeSeconds;
      s.complementarySeconds += f.complementarySeconds;
      if (f.lateSeconds > 0) {
        s.lateCount++;
        s.lateSeconds += f.lateSeconds;
      }
      if (f.earlyDepartureSeconds > 0) {
        s.earlyCount++;
        s.earlySeconds += f.earlyDepartureSeconds;
      }
      continue;
    }
    // Work recorded apart on a day without attendance (issue 38 point 1): counted, as on the record.
    s.countedSeconds += f.countedSeconds ?? 0;
    s.overtimeSeconds += f.overtimeSeconds;
    s.complementarySeconds += f.complementarySeconds;
    if (f.kind !== 'absent') continue; // also 'before-start': before the absence floor
    s.absentDays++;
    s.scheduledDays++;
    s.expectedSeconds += f.expectedSeconds;
  }
  return s;
}

/** Adds summaries (the report's total row). */
export function addSummaries(a: AttendanceSummary, b: AttendanceSummary): AttendanceSummary {
  const out = { ...a };
  for (const key of Object.keys(out) as (keyof AttendanceSummary)[]) out[key] += b[key];
  return out;
}

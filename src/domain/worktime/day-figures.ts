import type { WorkFlag } from '../attendance/work-flag.ts';
import type { DayCalendar, DayKind } from '../reports/day-calendar.ts';
import { isNightSchedule, isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { countedSeconds, rulesOfDay, type BreakRulesInput } from './break-rules.ts';
import { mayCountAsAbsence } from '../reports/absence-rule.ts';
import { partTimeOn, type PartTimeInput } from '../employees/contract-terms.ts';

/**
 * A day's figures, computed in one place (issue 33 point 4). The personal dashboard and the
 * attendance report (`summarizeAttendance`), the monthly record and everything read from it
 * (payroll, hours balance, period close, the record's page, xlsx and PDF) call `dayFigures`, so a
 * day cannot have one overtime on a screen and another on the signed record.
 *
 * - What the schedule says of the date is its `DayPlan` (`dayPlanOf`, or a `PeriodPlanner`'s
 *   arrays, which are built with it).
 * - Counted time follows the break rules (decision 050); overtime is counted beyond expected on a
 *   closed day; a holiday, a rest day and flagged work (decision 032) expect nothing.
 * - A part-time worker's time beyond the day's expected hours is complementary hours
 *   (art. 12.4.c and 12.5 ET), never overtime: it is not in the 80 h cap (decision 049).
 * - Ordinary = counted − overtime − complementary: what the daily limit of art. 34.3 ET judges.
 * - Work recorded apart (issue 38: the called-in part of on-call time, interruption work) is
 *   counted with the day's work (`apartWorkSeconds`); on-call and waiting time itself never is.
 * - An approved leave over a working day is a leave day whether or not the day was also worked
 *   (`leaveDay`): the record shows both and payroll counts the leave (decision 052).
 */

/**
 * What the schedules say of one date: `state` 0 = no schedule in force, 1 = working day,
 * 2 = rest day, 3 = company holiday (on a working day, or without schedule); `scheduledSeconds`
 * the work a working day expects (0 otherwise).
 */
export interface DayPlan {
  state: 0 | 1 | 2 | 3;
  scheduledSeconds: number;
}

/** The plan's state alone (see DayPlan): the rest day first, then the holiday. */
export function planStateOf(date: string, schedule: Pick<ScheduleRule, 'restDays'> | undefined, holiday: boolean, calendar: Pick<DayCalendar, 'weekday'>): DayPlan['state'] {
  if (schedule && isRestDay(schedule, date, calendar.weekday(date))) return 2;
  if (holiday) return 3;
  return schedule ? 1 : 0;
}

export function dayPlanOf(date: string, schedule: Pick<ScheduleRule, 'startTime' | 'offTime' | 'totalHours' | 'restDays'> | undefined, holiday: boolean, calendar: DayCalendar): DayPlan {
  const state = planStateOf(date, schedule, holiday, calendar);
  return { state, scheduledSeconds: state === 1 ? calendar.expectedSeconds(date, schedule) : 0 };
}

/**
 * The kind of a date (see DayKind) from its plan, in the order the reports decide it. A past
 * working day without attendance or leave before the employee's absence floor (`absenceFrom`,
 * absence-rule.ts, issue 33 point 6) is 'before-start': it expects nothing and is never absent.
 */
export function kindOfPlan(input: {
  date: string;
  today: string;
  state: DayPlan['state'];
  attendance: { timeOut: string | null } | undefined;
  onLeave: boolean;
  /** The employee's absence floor (`absenceFloor`); left out, any past working day can be absent. */
  absenceFrom?: string | undefined;
  /**
   * Today's scheduled end has passed (the live dashboards, issue 37): today is judged like a past
   * day, so a working day without attendance or leave is absent. Left out, today is 'upcoming'.
   */
  dayOver?: boolean;
}): DayKind {
  const { attendance, state } = input;
  if (attendance) return attendance.timeOut === null ? 'open' : 'worked';
  if (state === 2) return 'rest';
  if (state === 3) return 'holiday';
  if (input.onLeave) return 'leave';
  if (state === 0) return 'unscheduled';
  if (input.date > input.today || (input.date === input.today && input.dayOver !== true)) return 'upcoming';
  return mayCountAsAbsence(input.date, input.absenceFrom) ? 'absent' : 'before-start';
}

/** What the figures read of an attendance (durations in seconds). */
export interface FigureAttendance {
  timeOut: string | null;
  workedSeconds: number | null;
  breakSeconds: number;
  lateSeconds: number;
  earlyDepartureSeconds: number;
  /** Work outside the schedule (a WorkFlag, decision 032): expects nothing. Missing = not flagged. */
  workFlag?: WorkFlag | string | null;
}

export interface DayFigures {
  kind: DayKind;
  expectedSeconds: number;
  /** Counted as work under the break rules; null while open or without attendance. */
  countedSeconds: number | null;
  deductedSeconds: number;
  ordinarySeconds: number;
  overtimeSeconds: number;
  /** A part-time worker's hours beyond the day's expected ones (art. 12.5 ET); 0 full time. */
  complementarySeconds: number;
  lateSeconds: number;
  earlyDepartureSeconds: number;
  /** Approved leave covers this date, not a rest day or holiday (worked or not): a leave day. */
  leaveDay: boolean;
}

export function dayFigures(input: {
  date: string;
  today: string;
  plan: DayPlan;
  attendance: FigureAttendance | undefined;
  onLeave: boolean;
  /** One set of rules, or the rules in force on each date (effective-dated, decision 050). */
  breakRules: BreakRulesInput;
  /** The employee works part time: one answer, or the contract terms in force on each date (effective-dated, issue 33). */
  partTime?: PartTimeInput;
  /** The employee's absence floor (`absenceFloor`, issue 33 point 6): earlier days are 'before-start'. */
  absenceFrom?: string | undefined;
  /**
   * Work recorded apart from the attendance (issue 38 point 1, decision 080): the called-in part of
   * on-call and waiting periods and the interruptions in which work was done (`apartWorkSeconds`).
   * Added to the counted time after the break rules (they judge the attendance alone); a day
   * without attendance counts it alone; an open day stays open (null). Missing or 0: no change.
   */
  apartWorkSeconds?: number;
}): DayFigures {
  const { plan, attendance: a } = input;
  const kind = kindOfPlan({ date: input.date, today: input.today, state: plan.state, attendance: a, onLeave: input.onLeave, absenceFrom: input.absenceFrom });
  // Leave without work, a day still to come, a day before the absence floor, a holiday, a rest day
  // and flagged work expect nothing.
  const expectedSeconds = plan.state !== 1 || kind === 'leave' || kind === 'upcoming' || kind === 'before-start' || Boolean(a?.workFlag) ? 0 : plan.scheduledSeconds;
  const measured = a ? countedSeconds(a, rulesOfDay(input.breakRules, input.date)) : { counted: null, deducted: 0 };
  const apart = input.apartWorkSeconds ?? 0;
  const counted = apart > 0 && !(a && measured.counted === null) ? { counted: (measured.counted ?? 0) + apart, deducted: measured.deducted } : measured;
  const beyond = counted.counted === null ? 0 : Math.max(0, counted.counted - expectedSeconds);
  const partTime = partTimeOn(input.partTime, input.date);
  const complementarySeconds = partTime ? beyond : 0;
  const overtimeSeconds = partTime ? 0 : beyond;
  return {
    kind,
    expectedSeconds,
    countedSeconds: counted.counted,
    deductedSeconds: counted.deducted,
    ordinarySeconds: (counted.counted ?? 0) - beyond,
    overtimeSeconds,
    complementarySeconds,
    lateSeconds: a?.lateSeconds ?? 0,
    earlyDepartureSeconds: a?.earlyDepartureSeconds ?? 0,
    leaveDay: input.onLeave && (plan.state === 1 || plan.state === 0),
  };
}

/** Whether the schedule in force makes the employee a night worker that day (art. 36.1 ET). */
export function nightWorkerOn(schedule: Pick<ScheduleRule, 'startTime' | 'offTime'> | undefined): boolean {
  return schedule !== undefined && isNightSchedule(schedule);
}

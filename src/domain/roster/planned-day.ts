import { WEEKDAY_NAMES, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { shiftWorkMinutes, type ShiftTimes } from './shift-times.ts';

/**
 * A published roster day (decision 085): what the plan says about one employee's date once
 * published. `shift` carries its times; `rest` means the employee is off that day.
 */
export interface PlannedDay {
  id: number;
  employeeId: number;
  date: string;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
  /** When this day was last published (ISO instant): the notice rules read it. */
  publishedAt: string;
}

/** Ids of rostered rules sit above every schedule's, so the period planner's renumbering keeps them last. */
export const ROSTERED_RULE_ID_BASE = 1_000_000_000;

/**
 * A published day as a one-day schedule rule, so every reader of schedules (the clock engine,
 * `dayFigures` through the record, the balance, payroll, lateness, reminders) takes it without a
 * second path: `activeScheduleOn` prefers it over the pattern on its date. A rest day rests on
 * every weekday; a shift rests on none and expects its span less its break.
 */
export function plannedDayRule(day: PlannedDay): ScheduleRule {
  const shift = day.kind === 'shift' && day.startTime !== null && day.endTime !== null ? ({ startTime: day.startTime, endTime: day.endTime, breakMinutes: day.breakMinutes } satisfies ShiftTimes) : null;
  return {
    id: ROSTERED_RULE_ID_BASE + day.id,
    startTime: shift?.startTime ?? '00:00',
    offTime: shift?.endTime ?? '00:00',
    totalHours: shift ? shiftWorkMinutes(shift) / 60 : 0,
    restDays: shift ? [] : [...WEEKDAY_NAMES],
    fromDate: day.date,
    toDate: day.date,
    status: 'current',
    changedAt: day.publishedAt,
    rostered: true,
  };
}

/** Whether a rule is a published roster day rather than a schedule pattern. */
export const isRostered = (rule: Pick<ScheduleRule, 'rostered'>): boolean => rule.rostered === true;

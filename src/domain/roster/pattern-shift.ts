import { activeScheduleOn, isRestDay, scheduledMinutes, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { isRostered } from './planned-day.ts';
import type { ShiftTimes } from './shift-times.ts';

/** The longest break a roster shift holds (the tables' check). */
export const MAX_BREAK_MINUTES = 240;

/**
 * The shift an employee's schedule pattern plans on a date (issue 39 point 2, "fill from
 * schedules"): the pattern in force (published roster days left out: they are what is being
 * planned), none on its rest days, on a company holiday or without a schedule. The break is the
 * pattern's span less its total hours (never below 0, at most `MAX_BREAK_MINUTES`).
 */
export function patternShiftOn(rules: readonly ScheduleRule[], date: string, holiday: boolean): ShiftTimes | null {
  if (holiday) return null;
  const rule = activeScheduleOn(
    rules.filter((r) => !isRostered(r)),
    date,
  );
  if (!rule || isRestDay(rule, date)) return null;
  const breakMinutes = Math.min(MAX_BREAK_MINUTES, Math.max(0, Math.round(scheduledMinutes(rule) - rule.totalHours * 60)));
  return { startTime: rule.startTime, endTime: rule.offTime, breakMinutes };
}

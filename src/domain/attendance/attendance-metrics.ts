import { crossesMidnight, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { addDays, localDateTimeToUtcIso } from '../time/zoned-time.ts';
import type { BreakInstants, ShiftInstants } from './shift-times.ts';

/** What an attendance row stores besides its instants (durations in whole seconds). */
export interface AttendanceMetrics {
  /** Check-in to check-out less breaks; null while the day is open. */
  workedSeconds: number | null;
  /** Closed breaks only (an open break has no length yet). */
  breakSeconds: number;
  /** null when no schedule applies (nothing to be late for). */
  statusIn: 'on_time' | 'late' | null;
  lateSeconds: number;
  earlyDepartureSeconds: number;
}

/** The scheduled start and off instants of a work date (off on the next day for a night shift). */
export function scheduledInstants(date: string, schedule: Pick<ScheduleRule, 'startTime' | 'offTime'>, timeZone: string): { start: string; off: string } {
  return {
    start: localDateTimeToUtcIso(date, schedule.startTime, timeZone),
    off: localDateTimeToUtcIso(crossesMidnight(schedule) ? addDays(date, 1) : date, schedule.offTime, timeZone),
  };
}

/**
 * Lateness, the one rule (issue 33 point 4; the clock engine and the stored metrics both ask it):
 * late when the check-in came more than the grace minutes after the scheduled start, and then
 * late by the whole time since the start (grace is a tolerance, not a discount). Whole seconds.
 */
export function latenessSeconds(scheduledStartMs: number, checkInMs: number, graceMinutes: number): number {
  const afterStart = Math.round((checkInMs - scheduledStartMs) / 1000);
  return afterStart > Math.max(0, graceMinutes) * 60 ? afterStart : 0;
}

const seconds = (from: string, to: string) => Math.round((Date.parse(to) - Date.parse(from)) / 1000);

/** Total length of the closed breaks, in seconds. */
export function breakSecondsOf(breaks: readonly BreakInstants[]): number {
  return breaks.reduce((sum, b) => sum + (b.endAt === null ? 0 : Math.max(0, seconds(b.startAt, b.endAt))), 0);
}

/**
 * Worked time, breaks, lateness and early departure of a shift against the schedule of its date.
 * Late: the check-in came after the scheduled start plus the grace minutes; the lateness then
 * counts from the scheduled start (grace is a tolerance, not a discount). Early departure: the
 * check-out came before the scheduled off time. All from UTC instants, so DST cannot distort them.
 * Pure: the clock engine computes a closed day with the same function.
 */
export function computeAttendanceMetrics(input: { date: string; timeZone: string; graceMinutes: number; schedule: Pick<ScheduleRule, 'startTime' | 'offTime'> | undefined; shift: ShiftInstants }): AttendanceMetrics {
  const { shift, schedule } = input;
  const breakSeconds = breakSecondsOf(shift.breaks);
  const workedSeconds = shift.timeOut === null ? null : Math.max(0, seconds(shift.timeIn, shift.timeOut) - breakSeconds);
  if (!schedule) return { workedSeconds, breakSeconds, statusIn: null, lateSeconds: 0, earlyDepartureSeconds: 0 };
  const { start, off } = scheduledInstants(input.date, schedule, input.timeZone);
  const lateSeconds = latenessSeconds(Date.parse(start), Date.parse(shift.timeIn), input.graceMinutes);
  const earlyDepartureSeconds = shift.timeOut === null ? 0 : Math.max(0, seconds(shift.timeOut, off));
  return {
    workedSeconds,
    breakSeconds,
    statusIn: lateSeconds > 0 ? 'late' : 'on_time',
    lateSeconds,
    earlyDepartureSeconds,
  };
}

/** Hours as a number rounded to hundredths (7.5 for 7 h 30 min), for totals and spreadsheets. */
export function hoursOf(seconds: number): number {
  return Math.round((seconds / 3600) * 100) / 100;
}

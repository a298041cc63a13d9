import { shiftBounds } from '../clock/shift-bounds.ts';
import type { BreakInstants } from './shift-times.ts';
import type { ScheduleRule } from '../schedules/schedule-rules.ts';

/** Hours after the scheduled end at which an open day is closed (decision 056): whole hours, 1-12. */
export const AUTO_CLOCK_OUT_HOURS_RANGE = { min: 1, max: 12 } as const;
export const DEFAULT_AUTO_CLOCK_OUT_HOURS = 4;

/** An open attendance as the automatic clock-out judges it. */
export interface OpenDay {
  date: string;
  /** The zone stored with the attendance (decision 027): its scheduled end is read in it. */
  timezone: string;
  timeIn: string;
  /** Flagged work (decision 032) was recorded outside every shift: it has no scheduled end. */
  workFlag: string | null;
  breaks: readonly BreakInstants[];
}

export interface AutoClockOut {
  /** The check-out to record (ISO 8601 UTC). */
  checkOut: string;
  /** Open breaks end at the check-out. */
  breaks: BreakInstants[];
  /** The scheduled end the check-out comes from (ISO). */
  scheduledEnd: string;
}

/**
 * Whether the automatic clock-out closes `day` at `nowMs`, and how (decision 056). Due once
 * `afterHours` real hours (instants, so a DST change in between neither adds nor loses one) have
 * passed since the scheduled end of the shift that starts on the day's date, under `schedule` (the
 * one in force on that date). The check-out recorded is the SCHEDULED END, not the moment the job
 * runs: it is the time the worker was expected to leave, and the record must not gain hours nobody
 * saw worked. A punch later than the end (a break started or ended after it) is the last moment the
 * worker was known to be there, so the check-out is then that punch. Nothing is due for flagged
 * work or without a schedule (no scheduled end), or when the check-in is at or after the end.
 */
export function dueAutoClockOut(day: OpenDay, schedule: Pick<ScheduleRule, 'startTime' | 'offTime'> | undefined, afterHours: number, nowMs: number): AutoClockOut | null {
  if (day.workFlag !== null || schedule === undefined) return null;
  const endMs = shiftBounds(schedule, day.date, day.timezone).off * 1000;
  if (Date.parse(day.timeIn) >= endMs) return null;
  if (nowMs < endMs + afterHours * 3_600_000) return null;
  let lastMs = endMs;
  for (const b of day.breaks) lastMs = Math.max(lastMs, Date.parse(b.startAt), b.endAt === null ? 0 : Date.parse(b.endAt));
  const checkOut = new Date(lastMs).toISOString();
  return {
    checkOut,
    breaks: day.breaks.map((b) => ({ startAt: b.startAt, endAt: b.endAt ?? checkOut })),
    scheduledEnd: new Date(endMs).toISOString(),
  };
}

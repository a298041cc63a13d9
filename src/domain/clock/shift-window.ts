import { activeScheduleOn, isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { addDays } from '../time/zoned-time.ts';
import { shiftBounds } from './shift-bounds.ts';

/**
 * Which scheduled shift a check-in belongs to (issue 18.2, decision 032). Each working shift
 * (a date whose schedule in force is not resting and not on approved leave) accepts check-ins
 * from `window` minutes before its scheduled start until `window` minutes after it, and in any
 * case until its scheduled end (an arrival late into the shift is still that shift). When
 * several windows hold the instant, the shift whose start is nearest wins (a tie goes to the
 * one about to start). Outside every window the check-in belongs to no shift.
 */

/** Default minutes either side of a scheduled start (setting `shiftWindowMinutes`). */
export const DEFAULT_SHIFT_WINDOW_MINUTES = 240;
/** The values the setting accepts: an hour at least, twelve hours at most (past 12 h the windows of daily shifts cover the whole day). */
export const SHIFT_WINDOW_RANGE = { min: 60, max: 720 } as const;

export interface ShiftCandidate {
  /** The local date the shift starts on (the attendance's work date). */
  date: string;
  schedule: ScheduleRule;
  /** Scheduled start and off, epoch seconds. */
  start: number;
  off: number;
}

/** The working shifts starting yesterday, today and tomorrow (local dates in `timeZone`). */
export function shiftsAround(schedules: readonly ScheduleRule[], today: string, timeZone: string, leaveDates: ReadonlySet<string>): ShiftCandidate[] {
  const out: ShiftCandidate[] = [];
  for (const date of [addDays(today, -1), today, addDays(today, 1)]) {
    const schedule = activeScheduleOn(schedules, date);
    if (!schedule || isRestDay(schedule, date) || leaveDates.has(date)) continue;
    out.push({ date, schedule, ...shiftBounds(schedule, date, timeZone) });
  }
  return out;
}

/** The last instant (epoch seconds) at which a shift still takes a check-in. */
export function windowEnd(shift: Pick<ShiftCandidate, 'start' | 'off'>, windowMinutes: number): number {
  return Math.max(shift.start + windowMinutes * 60, shift.off);
}

/** The shift a check-in at `now` (epoch seconds) belongs to, or undefined. */
export function shiftOfCheckIn(candidates: readonly ShiftCandidate[], now: number, windowMinutes: number): ShiftCandidate | undefined {
  let best: ShiftCandidate | undefined;
  for (const c of candidates) {
    if (now < c.start - windowMinutes * 60 || now > windowEnd(c, windowMinutes)) continue;
    const distance = Math.abs(now - c.start);
    const bestDistance = best ? Math.abs(now - best.start) : Number.POSITIVE_INFINITY;
    if (distance < bestDistance || (distance === bestDistance && best && c.start > best.start)) best = c;
  }
  return best;
}

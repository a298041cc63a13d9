import { scheduledInstants } from '../attendance/attendance-metrics.ts';
import { isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';
import type { DayCalendar } from '../reports/day-calendar.ts';

/**
 * Where an employee is right now, for the dashboard's "who is in" widgets:
 * - `working` / `onBreak`: an open attendance (today's, or last night's shift still running);
 * - `left`: today's attendance is closed;
 * - `leave`: approved leave today and no attendance;
 * - `rest`: a rest day of the schedule in force, or a company holiday; `unscheduled`: no schedule;
 * - `expected`: a working day whose scheduled start (plus grace) has not come yet;
 * - `notArrived`: the scheduled start plus grace has passed without a check-in.
 * Online = working or on break; everyone else is offline.
 */
export type Presence = 'working' | 'onBreak' | 'left' | 'leave' | 'rest' | 'unscheduled' | 'expected' | 'notArrived';

export const ONLINE: ReadonlySet<Presence> = new Set(['working', 'onBreak']);

export function presenceOf(input: {
  today: string;
  now: string;
  graceMinutes: number;
  /** An attendance still open (dated today or the day before), with whether a break is open. */
  open: { onBreak: boolean } | undefined;
  /** Today's attendance, open or closed. */
  todays: { timeOut: string | null } | undefined;
  onLeave: boolean;
  /** Today is a company holiday. */
  holiday?: boolean;
  schedule: Pick<ScheduleRule, 'startTime' | 'offTime' | 'restDays'> | undefined;
  calendar: DayCalendar;
}): Presence {
  if (input.open) return input.open.onBreak ? 'onBreak' : 'working';
  if (input.todays) return 'left';
  if (input.onLeave) return 'leave';
  const { schedule } = input;
  if (!schedule) return 'unscheduled';
  if (isRestDay(schedule, input.today, input.calendar.weekday(input.today)) || input.holiday) return 'rest';
  const { start } = scheduledInstants(input.today, schedule, input.calendar.timeZone);
  const due = Date.parse(start) + Math.max(0, input.graceMinutes) * 60_000;
  return Date.parse(input.now) > due ? 'notArrived' : 'expected';
}

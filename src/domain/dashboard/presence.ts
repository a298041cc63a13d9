import { latenessSeconds, scheduledInstants } from '../attendance/attendance-metrics.ts';
import { isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';
import type { DayCalendar } from '../reports/day-calendar.ts';
import { kindOfPlan } from '../worktime/day-figures.ts';

/**
 * Where an employee is right now, for the dashboards' "who is in" widgets:
 * - `working` / `onBreak`: an open attendance (today's, or last night's shift still running; a
 *   day left open by a forgotten check-out is not one: see `missingCheckOut`);
 * - `left`: today's attendance is closed;
 * - `leave`: approved leave today and no attendance;
 * - `rest`: a rest day of the schedule in force, or a company holiday; `unscheduled`: no schedule,
 *   or a day before the employee's absence floor (nothing expected of them);
 * - `expected`: a working day whose scheduled start (plus grace) has not come yet;
 * - `notArrived`: no check-in and late by now (`latenessSeconds`, the one lateness rule);
 * - `absent`: no check-in and the scheduled end has passed (`kindOfPlan` with `dayOver`, the
 *   one day-kind rule, so the absence floor applies as in every report).
 * Online = working or on break; everyone else is offline.
 */
export const PRESENCES = ['working', 'onBreak', 'left', 'leave', 'rest', 'unscheduled', 'expected', 'notArrived', 'absent'] as const;
export type Presence = (typeof PRESENCES)[number];

export const ONLINE: ReadonlySet<Presence> = new Set(['working', 'onBreak']);

export interface PresenceInput {
  today: string;
  now: string;
  graceMinutes: number;
  /** An attendance still being worked (dated today or the day before), with whether a break is open. */
  open: { onBreak: boolean } | undefined;
  /** Today's attendance, open or closed. */
  todays: { timeOut: string | null } | undefined;
  onLeave: boolean;
  /** Today is a company holiday. */
  holiday?: boolean;
  schedule: Pick<ScheduleRule, 'startTime' | 'offTime' | 'restDays'> | undefined;
  calendar: DayCalendar;
  /** The employee's absence floor (`absenceFloor`); left out, today can be an absence. */
  absenceFrom?: string | undefined;
}

export function presenceOf(input: PresenceInput): Presence {
  if (input.open) return input.open.onBreak ? 'onBreak' : 'working';
  if (input.todays) return 'left';
  if (input.onLeave) return 'leave';
  const { schedule } = input;
  if (!schedule) return 'unscheduled';
  if (isRestDay(schedule, input.today, input.calendar.weekday(input.today)) || input.holiday) return 'rest';
  // A working day without attendance or leave, judged as if over: 'absent', or 'before-start'.
  const kind = kindOfPlan({ date: input.today, today: input.today, state: 1, attendance: undefined, onLeave: false, absenceFrom: input.absenceFrom, dayOver: true });
  if (kind === 'before-start') return 'unscheduled';
  const { off } = scheduledInstants(input.today, schedule, input.calendar.timeZone);
  if (Date.parse(input.now) >= Date.parse(off)) return 'absent';
  return lateByNow(input) > 0 ? 'notArrived' : 'expected';
}

/**
 * How late someone without a check-in is by now: `latenessSeconds` with `now` as the check-in,
 * 0 within the grace or without a schedule.
 */
export function lateByNow(input: Pick<PresenceInput, 'today' | 'now' | 'graceMinutes' | 'schedule' | 'calendar'>): number {
  if (!input.schedule) return 0;
  const { start } = scheduledInstants(input.today, input.schedule, input.calendar.timeZone);
  return latenessSeconds(Date.parse(start), Date.parse(input.now), input.graceMinutes);
}

import type { Language } from '../../i18n/languages.ts';
import { formatRecordTime } from '../format/record-time.ts';
import { CLOCK_MESSAGES } from '../messages/spec-messages.ts';
import type { WorkFlag } from '../attendance/work-flag.ts';
import { latenessSeconds } from '../attendance/attendance-metrics.ts';
import { activeScheduleOn, isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { localDateOf } from '../time/zoned-time.ts';
import { PUNCH_MESSAGES, type PunchRefusalCode } from './punch-messages.ts';
import { epochSeconds, isoOfSeconds, shiftBounds } from './shift-bounds.ts';
import { DEFAULT_SHIFT_WINDOW_MINUTES, shiftOfCheckIn, shiftsAround, windowEnd } from './shift-window.ts';

/**
 * The clock engine (docs/architecture.md, "Clock engine"; spec section 4; issue 6): a pure function from the
 * employee's state and the current instant to either exactly what to write or the message that
 * refuses the punch. No I/O; the caller loads the state and writes the change in one transaction.
 */

export const CLOCK_ACTIONS = ['check-in', 'check-out', 'break-in', 'break-out'] as const;
export type ClockAction = (typeof CLOCK_ACTIONS)[number];

/**
 * An open attendance from an earlier date stays the current shift for this long after its
 * check-in (a night shift, or a late check-out after midnight); older ones are forgotten
 * check-outs, left open for the admin.
 */
export const MAX_OPEN_SHIFT_SECONDS = 16 * 3600;

export interface BreakState {
  id: number;
  startAt: string;
  endAt: string | null;
}

export interface AttendanceState {
  id: number;
  /** Local work date: the date on which the shift started. */
  date: string;
  /** The zone stored with the attendance at check-in (decision 027); absent: the company zone. */
  timezone?: string;
  timeIn: string;
  timeOut: string | null;
  breaks: readonly BreakState[];
  /** Work outside the schedule (decision 032); absent or null: a scheduled shift. */
  workFlag?: WorkFlag | null;
}

export interface PunchInput {
  action: ClockAction;
  /** The instant of the punch, ISO 8601 (truncated to whole seconds). */
  now: string;
  /** The company's IANA time zone. */
  timeZone: string;
  schedules: readonly ScheduleRule[];
  /** The attendance dated today (local date of `now`), open or closed. */
  attendanceToday: AttendanceState | null;
  /** The attendance dated yesterday, open or closed (a night shift still running owns the punch). */
  attendanceYesterday?: AttendanceState | null;
  /** The attendance dated tomorrow (an early check-in to a shift that starts after midnight). */
  attendanceTomorrow?: AttendanceState | null;
  /** The latest open attendance dated before today (a night shift or a forgotten check-out). */
  previousOpen: AttendanceState | null;
  /** Local dates covered by the employee's approved leave. */
  approvedLeaveDates: Iterable<string>;
  graceMinutes: number;
  breaksPerDay: number;
  /** Minutes either side of a scheduled start in which a check-in belongs to that shift (shift-window.ts). */
  shiftWindowMinutes?: number;
  /** Accept check-ins on rest days, without a schedule or outside every shift, flagged (decision 032). */
  acceptUnscheduledWork?: boolean;
  /** "1" 24-hour, "2" 12-hour: how {time} reads in "already checked in at {time}". */
  timeFormat: string;
  lang?: Language;
}

export type PunchChange =
  | {
      action: 'check-in';
      at: string;
      date: string;
      /** null for flagged work: there is no scheduled start to be late for. */
      statusIn: 'on_time' | 'late' | null;
      lateSeconds: number;
      /** Present only for work outside the schedule. */
      workFlag?: WorkFlag;
    }
  | {
      action: 'check-out';
      at: string;
      attendanceId: number;
      date: string;
      workedSeconds: number;
      breakSeconds: number;
      earlyDepartureSeconds: number;
    }
  | { action: 'break-in'; at: string; attendanceId: number; date: string }
  | { action: 'break-out'; at: string; attendanceId: number; date: string; breakId: number; breakSeconds: number };

export type PunchDecision = { ok: true; change: PunchChange } | { ok: false; code: PunchRefusalCode; params: Record<string, string> };

const refuse = (code: PunchRefusalCode, params: Record<string, string> = {}): PunchDecision => ({ ok: false, code, params });

/** Seconds of the breaks that have ended (plus `closing` ended at `now`). */
function breakSecondsOf(breaks: readonly BreakState[], now: number, closing?: BreakState): number {
  let total = 0;
  for (const b of breaks) {
    const end = b === closing ? now : b.endAt === null ? null : epochSeconds(b.endAt);
    if (end !== null) total += Math.max(0, end - epochSeconds(b.startAt));
  }
  return total;
}

/** True while an open attendance from an earlier date is still the shift being worked. */
function stillWorking(open: AttendanceState, now: number): boolean {
  return now - epochSeconds(open.timeIn) <= MAX_OPEN_SHIFT_SECONDS;
}

/**
 * "Missing check-out" for the admin: the day is open, started before today and is no longer the
 * shift being worked (a night shift in progress is not flagged).
 */
export function missingCheckOut(attendance: Omit<AttendanceState, 'breaks' | 'id'>, now: string, timeZone: string): boolean {
  return attendance.timeOut === null && attendance.date < localDateOf(now, timeZone) && !stillWorking({ ...attendance, id: 0, breaks: [] }, epochSeconds(now));
}

export function decidePunch(input: PunchInput): PunchDecision {
  const now = epochSeconds(input.now);
  const at = isoOfSeconds(now);
  const today = localDateOf(at, input.timeZone);
  const alreadyIn = (a: AttendanceState) =>
    refuse(CLOCK_MESSAGES.alreadyCheckedIn, {
      time: formatRecordTime(a.timeIn, a.timezone ?? input.timeZone, input.lang ?? 'es', input.timeFormat),
    });

  if (input.action === 'check-in') return checkIn(input, now, at, today, alreadyIn);

  // Break in, break out and check out act on the shift being worked: the latest open attendance
  // that is today's or whose check-in was at most 16 h ago (a night shift after midnight, an
  // early check-in dated tomorrow); else today's, closed.
  const current = currentAttendance(input, now, today);
  const date = current?.date ?? today;
  const schedule = activeScheduleOn(input.schedules, date);
  if (!current) {
    return refuse(schedule || input.acceptUnscheduledWork ? CLOCK_MESSAGES.noAttendanceData : CLOCK_MESSAGES.noActiveSchedule);
  }
  if (!schedule && !current.workFlag) return refuse(CLOCK_MESSAGES.noActiveSchedule);
  if (current.timeOut !== null) return refuse(CLOCK_MESSAGES.alreadyLeftWork);
  const onBreak = current.breaks.find((b) => b.endAt === null);

  switch (input.action) {
    case 'break-in':
      if (onBreak) return refuse(CLOCK_MESSAGES.currentlyOnBreak);
      if (current.breaks.length >= input.breaksPerDay) return refuse(CLOCK_MESSAGES.alreadyTookBreak);
      return { ok: true, change: { action: 'break-in', at, attendanceId: current.id, date } };
    case 'break-out':
      if (!onBreak) {
        return refuse(current.breaks.length === 0 ? CLOCK_MESSAGES.didNotStartBreak : CLOCK_MESSAGES.alreadyFinishedBreak);
      }
      return {
        ok: true,
        change: {
          action: 'break-out',
          at,
          attendanceId: current.id,
          date,
          breakId: onBreak.id,
          breakSeconds: breakSecondsOf(current.breaks, now, onBreak),
        },
      };
    case 'check-out': {
      if (onBreak) return refuse(CLOCK_MESSAGES.currentlyOnBreak);
      const breakSeconds = breakSecondsOf(current.breaks, now);
      // The shift's end on the wall clock of the zone it was worked in (decision 027); flagged
      // work has no scheduled end to leave early from.
      const off = schedule && !current.workFlag ? shiftBounds(schedule, date, current.timezone ?? input.timeZone).off : now;
      return {
        ok: true,
        change: {
          action: 'check-out',
          at,
          attendanceId: current.id,
          date,
          workedSeconds: Math.max(0, now - epochSeconds(current.timeIn) - breakSeconds),
          breakSeconds,
          earlyDepartureSeconds: Math.max(0, off - now),
        },
      };
    }
  }
}

/** The attendance a break or check-out acts on (see decidePunch). */
function currentAttendance(input: PunchInput, now: number, today: string): AttendanceState | null {
  let best: AttendanceState | null = null;
  for (const a of [input.attendanceYesterday, input.attendanceToday, input.attendanceTomorrow, input.previousOpen]) {
    if (!a || a.timeOut !== null || (a.date !== today && !stillWorking(a, now))) continue;
    if (!best || epochSeconds(a.timeIn) > epochSeconds(best.timeIn)) best = a;
  }
  return best ?? input.attendanceToday ?? null;
}

/**
 * Check in (decision 032): the punch belongs to the working shift whose scheduled start is
 * nearest, within the shift window (shift-window.ts), and takes that shift's date; a shift that
 * already has an attendance answers "already checked in". A punch that belongs to no shift is
 * checked against today: already checked in → no active schedule → rest day → approved leave →
 * outside every shift. With `acceptUnscheduledWork`, a day without schedule or a rest day is
 * recorded flagged, and so is a punch outside every shift once today's shift is over (before it,
 * a flagged day would take the date that shift still needs: refused). A forgotten check-out on
 * an earlier day does not block.
 */
function checkIn(input: PunchInput, now: number, at: string, today: string, alreadyIn: (a: AttendanceState) => PunchDecision): PunchDecision {
  const leave = new Set(input.approvedLeaveDates);
  const window = input.shiftWindowMinutes ?? DEFAULT_SHIFT_WINDOW_MINUTES;
  const shift = shiftOfCheckIn(shiftsAround(input.schedules, today, input.timeZone, leave), now, window);
  if (shift) {
    const existing = attendanceOn(input, shift.date, today);
    if (existing) return alreadyIn(existing);
    const lateSeconds = latenessSeconds(shift.start * 1000, now * 1000, input.graceMinutes);
    return {
      ok: true,
      change: { action: 'check-in', at, date: shift.date, statusIn: lateSeconds > 0 ? 'late' : 'on_time', lateSeconds },
    };
  }

  if (input.attendanceToday) return alreadyIn(input.attendanceToday);
  const accept = input.acceptUnscheduledWork === true;
  const flagged = (workFlag: WorkFlag): PunchDecision => ({
    ok: true,
    change: { action: 'check-in', at, date: today, statusIn: null, lateSeconds: 0, workFlag },
  });
  const schedule = activeScheduleOn(input.schedules, today);
  if (!schedule) return accept ? flagged('unscheduled') : refuse(CLOCK_MESSAGES.noActiveSchedule);
  if (isRestDay(schedule, today)) return accept ? flagged('rest-day') : refuse(CLOCK_MESSAGES.restDayToday);
  if (leave.has(today)) return refuse(PUNCH_MESSAGES.onLeave);
  if (accept && now > windowEnd(shiftBounds(schedule, today, input.timeZone), window)) return flagged('unscheduled');
  return refuse(PUNCH_MESSAGES.outsideShift);
}

/** The attendance dated `date` among the loaded ones (yesterday, today, tomorrow, the latest open). */
function attendanceOn(input: PunchInput, date: string, today: string): AttendanceState | null {
  if (date === today) return input.attendanceToday ?? null;
  const loaded = date < today ? input.attendanceYesterday : input.attendanceTomorrow;
  return loaded ?? (input.previousOpen?.date === date ? input.previousOpen : null);
}

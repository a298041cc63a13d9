/**
 * Time that is not work, and interruptions of the right to digital disconnection (issue 38
 * point 1, decision 080). Both are recorded apart from attendances:
 *
 * - A standby period (`waiting` = tiempo de espera, `on_call` = guardia localizada): start and end
 *   instants, never counted as work, except its called-in part (`calledInSeconds`, a duration
 *   inside the period), which is work.
 * - An interruption: the worker was contacted outside working hours (instant, channel, duration);
 *   when work was done its duration is work.
 *
 * A row belongs to the local work date of its start (like an attendance). The work these add to a
 * day is `apartWorkSeconds`, which `dayFigures` adds to the day's counted time: the one place.
 */

export const STANDBY_KINDS = ['waiting', 'on_call'] as const;
export type StandbyKind = (typeof STANDBY_KINDS)[number];
export const CONTACT_CHANNELS = ['phone', 'message', 'email', 'other'] as const;
export type ContactChannel = (typeof CONTACT_CHANNELS)[number];
/** Who entered the row: the worker in the personal area, or an administrator. */
export type TimeApartSource = 'personal' | 'manual';

/** The labels of the kinds and channels (keys written out, so the usage check finds them). */
export const STANDBY_KIND_LABELS = { waiting: 'timeApart.kinds.waiting', on_call: 'timeApart.kinds.on_call' } as const satisfies Record<StandbyKind, string>;
export const CONTACT_CHANNEL_LABELS = {
  phone: 'timeApart.channels.phone',
  message: 'timeApart.channels.message',
  email: 'timeApart.channels.email',
  other: 'timeApart.channels.other',
} as const satisfies Record<ContactChannel, string>;

/** Longest standby period (a weekend's on-call duty) and longest interruption. */
export const MAX_STANDBY_SECONDS = 72 * 3600;
export const MAX_INTERRUPTION_SECONDS = 24 * 3600;

export interface StandbyEntry {
  id: number;
  employeeId: number;
  kind: StandbyKind;
  startAt: string;
  endAt: string;
  date: string;
  timezone: string;
  /** The called-in part (work), 0..(end − start) seconds. */
  calledInSeconds: number;
  source: TimeApartSource;
}

export interface InterruptionEntry {
  id: number;
  employeeId: number;
  at: string;
  date: string;
  timezone: string;
  channel: ContactChannel;
  durationSeconds: number;
  workDone: boolean;
  source: TimeApartSource;
  note: string | null;
}

/** A day's (or a month's) time apart, in seconds; `interruptions` is a count. */
export interface TimeApartTotals {
  waitingSeconds: number;
  onCallSeconds: number;
  /** Called-in part of the standby periods: work. */
  calledInSeconds: number;
  interruptions: number;
  /** Duration of the interruptions in which work was done: work. */
  interruptionWorkSeconds: number;
}

export const emptyTimeApart = (): TimeApartTotals => ({ waitingSeconds: 0, onCallSeconds: 0, calledInSeconds: 0, interruptions: 0, interruptionWorkSeconds: 0 });

const seconds = (from: string, to: string): number => Math.round((Date.parse(to) - Date.parse(from)) / 1000);

/** The totals of some standby periods and interruptions (a day's or a month's). */
export function timeApartTotals(
  standby: readonly Pick<StandbyEntry, 'kind' | 'startAt' | 'endAt' | 'calledInSeconds'>[],
  interruptions: readonly Pick<InterruptionEntry, 'durationSeconds' | 'workDone'>[],
): TimeApartTotals {
  const t = emptyTimeApart();
  for (const s of standby) {
    const length = seconds(s.startAt, s.endAt);
    if (s.kind === 'waiting') t.waitingSeconds += length;
    else t.onCallSeconds += length;
    t.calledInSeconds += s.calledInSeconds;
  }
  for (const i of interruptions) {
    t.interruptions++;
    if (i.workDone) t.interruptionWorkSeconds += i.durationSeconds;
  }
  return t;
}

/** The work the time apart adds to a day's counted time: the called-in part and the interruption work. */
export const apartWorkSeconds = (t: TimeApartTotals): number => t.calledInSeconds + t.interruptionWorkSeconds;

/** Whether any time apart was recorded (a month without any keeps its totals as before). */
export const hasTimeApart = (t: TimeApartTotals): boolean => t.waitingSeconds + t.onCallSeconds + t.calledInSeconds + t.interruptions + t.interruptionWorkSeconds > 0;

/** The work apart of each local date (called-in parts and interruption work), for summaries that read no record days. */
export function apartWorkByDate(standby: readonly Pick<StandbyEntry, 'date' | 'calledInSeconds'>[], interruptions: readonly Pick<InterruptionEntry, 'date' | 'durationSeconds' | 'workDone'>[]): Map<string, number> {
  const out = new Map<string, number>();
  const add = (date: string, seconds: number) => seconds > 0 && out.set(date, (out.get(date) ?? 0) + seconds);
  for (const s of standby) add(s.date, s.calledInSeconds);
  for (const i of interruptions) if (i.workDone) add(i.date, i.durationSeconds);
  return out;
}

export function addTimeApart(into: TimeApartTotals, t: TimeApartTotals): void {
  into.waitingSeconds += t.waitingSeconds;
  into.onCallSeconds += t.onCallSeconds;
  into.calledInSeconds += t.calledInSeconds;
  into.interruptions += t.interruptions;
  into.interruptionWorkSeconds += t.interruptionWorkSeconds;
}

/** A refusal of a standby period or interruption: an i18n code under `timeApart.errors` and the field it concerns. */
export interface TimeApartRefusal {
  code: string;
  field: string;
}

/**
 * The rules of a standby period, given now and the employee's other periods (ids to compare
 * against; the row being replaced is left out by the caller): end after start, not in the future,
 * at most MAX_STANDBY_SECONDS, the called-in part inside the period, no overlap with another.
 */
export function standbyRefusal(p: { startAt: string; endAt: string; calledInSeconds: number }, now: string, others: readonly Pick<StandbyEntry, 'startAt' | 'endAt'>[]): TimeApartRefusal | null {
  const length = seconds(p.startAt, p.endAt);
  if (length <= 0) return { code: 'timeApart.errors.endBeforeStart', field: 'endAt' };
  if (Date.parse(p.endAt) > Date.parse(now)) return { code: 'timeApart.errors.future', field: 'endAt' };
  if (length > MAX_STANDBY_SECONDS) return { code: 'timeApart.errors.standbyTooLong', field: 'endAt' };
  if (!Number.isInteger(p.calledInSeconds) || p.calledInSeconds < 0 || p.calledInSeconds > length) return { code: 'timeApart.errors.calledInOutside', field: 'calledInSeconds' };
  const start = Date.parse(p.startAt);
  const end = Date.parse(p.endAt);
  if (others.some((o) => Date.parse(o.startAt) < end && start < Date.parse(o.endAt))) return { code: 'timeApart.errors.overlap', field: 'startAt' };
  return null;
}

/** The rules of an interruption: not in the future, a duration of 1 s to 24 h. */
export function interruptionRefusal(i: { at: string; durationSeconds: number }, now: string): TimeApartRefusal | null {
  if (!Number.isInteger(i.durationSeconds) || i.durationSeconds <= 0 || i.durationSeconds > MAX_INTERRUPTION_SECONDS) return { code: 'timeApart.errors.duration', field: 'durationSeconds' };
  if (Date.parse(i.at) + i.durationSeconds * 1000 > Date.parse(now)) return { code: 'timeApart.errors.future', field: 'at' };
  return null;
}

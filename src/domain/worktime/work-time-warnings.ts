import type { BreakInstants } from '../attendance/shift-times.ts';

/**
 * Spain's limits on the working day (issue 21 point 2, decision 050), as warnings: the record is
 * never refused for them (the work happened and must be recorded), but an administrator must
 * see them before approving the period.
 * - `shortBreak` (art. 34.4 ET): a day whose work exceeds 6 h needs a break of at least 15 min;
 *   `seconds` is the longest punched break (0 without any).
 * - `shortRest` (art. 34.3 ET): at least 12 h between the end of one working day and the start
 *   of the next; `seconds` is the rest measured, and the warning goes on the later day.
 * - `longDay` (art. 34.3 ET): at most 9 ordinary hours a day unless a collective agreement
 *   distributes them otherwise (`maxOrdinarySeconds` 0 = agreed otherwise, no warning);
 *   `seconds` is the day's ORDINARY work (issue 33 point 5: overtime and complementary hours are
 *   not ordinary; `ordinarySeconds` from dayFigures, the day's work where the caller has no
 *   schedule figures). Days flagged as work outside the schedule are overtime, not ordinary
 *   hours, and are not judged by this rule.
 * - `nightOvertime` (art. 36.1 ET): a night worker (3 h or more of the scheduled day at night)
 *   may not work overtime; `seconds` is the day's overtime, `limitSeconds` 0.
 * - `shortNotice` (art. 12.5.d ET; decision 081): a part-time worker must know the day and hours of
 *   complementary hours at least 3 days before; a day with complementary hours whose schedule in
 *   force was created or changed less than 3 days before it is warned. `seconds` is the notice
 *   given (whole days × 86 400), `limitSeconds` 3 days.
 * Only closed days are judged (an open day has no end yet); voided days are not passed in.
 */
export type WorkTimeWarningKind = 'shortBreak' | 'shortRest' | 'longDay' | 'nightOvertime' | 'shortNotice';

/** The notice complementary hours need (art. 12.5.d ET): 3 days. */
export const COMPLEMENTARY_NOTICE_DAYS = 3;

/** Whole days from `changedOn` to `date` (local dates), or null when no change date is known. */
export function noticeDays(changedOn: string | null | undefined, date: string): number | null {
  if (!changedOn) return null;
  return Math.round((Date.parse(`${date}T00:00:00Z`) - Date.parse(`${changedOn}T00:00:00Z`)) / 86_400_000);
}

/** Whether a day with complementary hours had less than 3 days' notice of its schedule. */
export function shortNotice(day: { date: string; complementarySeconds?: number; scheduleChangedOn?: string | null }): boolean {
  const days = noticeDays(day.scheduleChangedOn, day.date);
  return (day.complementarySeconds ?? 0) > 0 && days !== null && days < COMPLEMENTARY_NOTICE_DAYS;
}

export interface WorkTimeWarning {
  date: string;
  kind: WorkTimeWarningKind;
  /** What was measured (see the kinds). */
  seconds: number;
  /** The limit it broke. */
  limitSeconds: number;
}

export interface WarningLimits {
  /** Work beyond which a break is required (6 h). */
  breakAfterSeconds: number;
  /** The shortest break that satisfies it (15 min). */
  minBreakSeconds: number;
  /** Rest between two working days (12 h). */
  minRestSeconds: number;
  /** Ordinary seconds a day (9 h); 0 = no limit (agreed otherwise). */
  maxOrdinarySeconds: number;
}

export const DEFAULT_WARNING_LIMITS: Readonly<WarningLimits> = {
  breakAfterSeconds: 6 * 3600,
  minBreakSeconds: 15 * 60,
  minRestSeconds: 12 * 3600,
  maxOrdinarySeconds: 9 * 3600,
};

/** The limits in force on a date (the daily ordinary hours are effective-dated, decision 050). */
export type WarningLimitsByDate = (date: string) => WarningLimits;
export type WarningLimitsInput = WarningLimits | WarningLimitsByDate;

/** Bounds of the daily ordinary hours setting (0 = off). */
export const MAX_ORDINARY_HOURS_RANGE = { min: 0, max: 24 } as const;

export interface WarnDay {
  date: string;
  timeIn: string;
  timeOut: string | null;
  breaks: readonly BreakInstants[];
  workedSeconds: number | null;
  /** Work outside the schedule (decision 032): overtime, not ordinary hours. */
  workFlag?: string | null;
  /** Ordinary seconds of the day (dayFigures): what the long-day rule judges; the work when missing. */
  ordinarySeconds?: number;
  /** The day's overtime and whether the employee is a night worker that day (art. 36.1 ET). */
  overtimeSeconds?: number;
  nightWorker?: boolean;
  /** A part-time worker's complementary seconds of the day, and the local date the schedule in force was last created or changed (decision 081). */
  complementarySeconds?: number;
  scheduleChangedOn?: string | null;
}

/** The warnings of `days` (any order), oldest first; `previous` is the last day before them (for the rest rule). */
export function workTimeWarnings(days: readonly WarnDay[], input: WarningLimitsInput, previous?: WarnDay): WorkTimeWarning[] {
  const ordered = [...days].sort((a, b) => (a.timeIn < b.timeIn ? -1 : a.timeIn > b.timeIn ? 1 : 0));
  const out: WorkTimeWarning[] = [];
  let before: WarnDay | undefined = previous;
  for (const day of ordered) {
    // Each day is judged by the limits in force on its own date.
    const limits = typeof input === 'function' ? input(day.date) : input;
    if (before?.timeOut) {
      const rest = Math.round((Date.parse(day.timeIn) - Date.parse(before.timeOut)) / 1000);
      if (rest >= 0 && rest < limits.minRestSeconds) out.push({ date: day.date, kind: 'shortRest', seconds: rest, limitSeconds: limits.minRestSeconds });
    }
    if (day.timeOut !== null && day.workedSeconds !== null) {
      if (day.workedSeconds > limits.breakAfterSeconds) {
        const longest = longestBreakSeconds(day.breaks);
        if (longest < limits.minBreakSeconds) out.push({ date: day.date, kind: 'shortBreak', seconds: longest, limitSeconds: limits.minBreakSeconds });
      }
      const ordinary = day.ordinarySeconds ?? day.workedSeconds;
      if (limits.maxOrdinarySeconds > 0 && !day.workFlag && ordinary > limits.maxOrdinarySeconds) {
        out.push({ date: day.date, kind: 'longDay', seconds: ordinary, limitSeconds: limits.maxOrdinarySeconds });
      }
      if (day.nightWorker && (day.overtimeSeconds ?? 0) > 0) out.push({ date: day.date, kind: 'nightOvertime', seconds: day.overtimeSeconds!, limitSeconds: 0 });
      if (shortNotice(day)) out.push({ date: day.date, kind: 'shortNotice', seconds: Math.max(0, noticeDays(day.scheduleChangedOn, day.date)!) * 86_400, limitSeconds: COMPLEMENTARY_NOTICE_DAYS * 86_400 });
    }
    before = day;
  }
  return out;
}

/** The longest closed break, in seconds (0 without any). */
export function longestBreakSeconds(breaks: readonly BreakInstants[]): number {
  let longest = 0;
  for (const b of breaks) {
    if (!b.endAt) continue;
    const s = Math.round((Date.parse(b.endAt) - Date.parse(b.startAt)) / 1000);
    if (s > longest) longest = s;
  }
  return longest;
}

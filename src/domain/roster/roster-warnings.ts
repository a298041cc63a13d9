import type { ContractTerms } from '../employees/contract-terms.ts';
import { isRestDay, type ScheduleRule } from '../schedules/schedule-rules.ts';
import { addDays, localDateTimeToUtcIso, WEEKDAY_NAMES, weekdayOf } from '../time/zoned-time.ts';
import { timeOfDayMinutes, type ShiftTimes } from './shift-times.ts';

/**
 * Warnings while planning a roster (issue 39 point 4, decision 088). Pure: the service gathers
 * the inputs. A warning never refuses a write or a publish; the grid shows it on the cell.
 *
 * Every duration is measured in REAL time in the company's zone: a 22:00–06:00 shift on the night
 * of the spring change (Europe/Madrid, last Sunday of March) lasts 7 h, on the autumn one 9 h.
 * A shift belongs to the date it starts on (as the record counts it): Sunday 22:00–Monday 06:00 is
 * Sunday's, so its hours count in Sunday's ISO week and its end is measured against Monday's rest.
 *
 * The plan of a date (what the rules judge) is the draft shift; without one, rest when the date
 * was published or lies in the planned range (publishing writes rest there); otherwise, outside
 * the range and never published, the schedule pattern's day (what the worker will do there).
 */

/** Every kind of roster warning (the API's `kind`). */
export const ROSTER_WARNING_KINDS = ['leave', 'holiday', 'shortRest', 'longDay', 'weeklyHours', 'overlap', 'lateNotice', 'lateNoticeComplementary'] as const;
export type RosterWarningKind = (typeof ROSTER_WARNING_KINDS)[number];

export type RosterWarning =
  | { employee: number; date: string; kind: 'leave' | 'holiday' }
  /** Rest from the previous shift's end to this shift's start, and the 12 h due (art. 34.3 ET). */
  | { employee: number; date: string; kind: 'shortRest'; restMinutes: number; limitMinutes: number }
  /** The shift's work (real span less break) and the daily ordinary limit. */
  | { employee: number; date: string; kind: 'longDay'; workMinutes: number; limitMinutes: number }
  /** On the ISO week's Monday: its planned work and the contract's weekly hours. */
  | { employee: number; date: string; kind: 'weeklyHours'; plannedMinutes: number; limitMinutes: number }
  /** This shift starts before the previous one ends, by `overlapMinutes`. */
  | { employee: number; date: string; kind: 'overlap'; overlapMinutes: number }
  /** Notice given (whole days from now to the day's start) and the days due: 5 (art. 34.2 ET) or 3 (art. 12.5 ET). */
  | { employee: number; date: string; kind: 'lateNotice' | 'lateNoticeComplementary'; noticeDays: number; limitDays: number };

/** A published day as the rules read it (a `PlannedDay` fits). */
export interface PublishedDayInput {
  date: string;
  kind: 'shift' | 'rest';
  startTime: string | null;
  endTime: string | null;
  breakMinutes: number;
}

/** A draft shift of the worker (a roster shift with an employee). */
export interface DraftShiftInput extends ShiftTimes {
  date: string;
}

/** One worker's plan and terms. Dates: the planned range, one day either side, and the whole ISO weeks it touches. */
export interface EmployeePlanInput {
  employee: number;
  shifts: readonly DraftShiftInput[];
  published: readonly PublishedDayInput[];
  /** Dates of approved leave. */
  leaveDates: readonly string[];
  /** The holiday dates of the worker's company. */
  holidays: readonly string[];
  /** The contract in force on a date (full time 40 h a week; part time 40 h × percent). */
  contractOn: (date: string) => ContractTerms;
  /** Whether a complementary-hours pact is in force on the date (art. 12.5 ET). */
  pactOn: (date: string) => boolean;
  /** The schedule pattern on the date without the roster (`activeScheduleOn` of the non-rostered rules). */
  patternOn: (date: string) => ScheduleRule | undefined;
}

export interface RosterWarningInput {
  /** The planned range judged (inclusive); weekly warnings go on the Mondays of the weeks it touches. */
  from: string;
  to: string;
  timeZone: string;
  /** The instant the notice is measured from (ISO). */
  now: string;
  /** Daily ordinary hours (the effective-dated setting, or one value); 0 = agreed otherwise, no longDay warning. */
  maxOrdinaryDailyHours: number | ((date: string) => number);
  employees: readonly EmployeePlanInput[];
}

export const MIN_REST_MINUTES = 12 * 60;
export const FULL_TIME_WEEKLY_MINUTES = 40 * 60;
/** Notice of a change to the distribution of hours (art. 34.2 ET) and of complementary hours (art. 12.5.d ET). */
export const NOTICE_DAYS = { irregular: 5, complementary: 3 } as const;

const MINUTE_MS = 60_000;
const DAY_MS = 86_400_000;

/** A planned day's shift placed in real time. */
interface PlacedShift extends DraftShiftInput {
  startMs: number;
  endMs: number;
  workMinutes: number;
}

/** Local date and time → epoch ms in one zone, memoised: a grid repeats the same few dates and times. */
type InstantOf = (date: string, time: string) => number;

export function instantsIn(timeZone: string): InstantOf {
  const memo = new Map<string, number>();
  return (date, time) => {
    const key = `${date} ${time}`;
    let ms = memo.get(key);
    if (ms === undefined) memo.set(key, (ms = Date.parse(localDateTimeToUtcIso(date, time, timeZone))));
    return ms;
  };
}

/** `addDays`, memoised for one call (every worker walks the same dates). */
function memoAddDays(): (date: string, days: number) => string {
  const memo = new Map<string, string>();
  return (date, days) => {
    const key = `${date} ${days}`;
    let out = memo.get(key);
    if (out === undefined) memo.set(key, (out = addDays(date, days)));
    return out;
  };
}

/** What one call shares between its workers. */
interface Ctx {
  instantOf: InstantOf;
  plus: (date: string, days: number) => string;
}

/** A shift's real start and end (an end not after the start is the next day's) and its work. */
export function placeShift(shift: DraftShiftInput, instantOf: InstantOf, plus: (date: string, days: number) => string = addDays): PlacedShift {
  const startMs = instantOf(shift.date, shift.startTime);
  const endDate = timeOfDayMinutes(shift.endTime) > timeOfDayMinutes(shift.startTime) ? shift.date : plus(shift.date, 1);
  const endMs = instantOf(endDate, shift.endTime);
  return { ...shift, startMs, endMs, workMinutes: Math.max(0, Math.round((endMs - startMs) / MINUTE_MS) - shift.breakMinutes) };
}

/** The pattern's shift on a date, or null on its rest day or without a pattern. */
export function patternShift(pattern: ScheduleRule | undefined, date: string): ShiftTimes | null {
  if (!pattern || isRestDay(pattern, date)) return null;
  const span = timeOfDayMinutes(pattern.offTime) - timeOfDayMinutes(pattern.startTime);
  const spanMinutes = span > 0 ? span : span + 24 * 60;
  return { startTime: pattern.startTime, endTime: pattern.offTime, breakMinutes: Math.max(0, spanMinutes - Math.round(pattern.totalHours * 60)) };
}

/** The contract's weekly minutes on a date: 40 h, or 40 h × percent for part time. */
export function weeklyLimitMinutes(terms: ContractTerms): number {
  return terms.workingDayType === 'part-time' && terms.partTimePercent !== null ? (FULL_TIME_WEEKLY_MINUTES * terms.partTimePercent) / 100 : FULL_TIME_WEEKLY_MINUTES;
}

/** The ISO week's Monday of a date. */
export function isoMonday(date: string): string {
  const dow = WEEKDAY_NAMES.indexOf(weekdayOf(date)); // 0 = Sunday
  return addDays(date, -((dow + 6) % 7));
}

const sameTimes = (a: ShiftTimes, b: ShiftTimes) => a.startTime === b.startTime && a.endTime === b.endTime && a.breakMinutes === b.breakMinutes;

/** Every warning of the plan, by employee then date. */
export function rosterWarnings(input: RosterWarningInput): RosterWarning[] {
  const out: RosterWarning[] = [];
  const ctx: Ctx = { instantOf: instantsIn(input.timeZone), plus: memoAddDays() };
  for (const e of input.employees) out.push(...employeeWarnings(e, input, ctx));
  return out;
}

function employeeWarnings(e: EmployeePlanInput, input: RosterWarningInput, ctx: Ctx): RosterWarning[] {
  const { from, to } = input;
  const { plus } = ctx;
  const inRange = (date: string) => date >= from && date <= to;
  const drafts = new Map(e.shifts.map((s) => [s.date, s]));
  const published = new Map(e.published.map((p) => [p.date, p]));
  const firstWeek = isoMonday(from);
  const lastDay = plus(isoMonday(to), 6);
  const start = plus(from, -1) < firstWeek ? plus(from, -1) : firstWeek;
  const end = plus(to, 1) > lastDay ? plus(to, 1) : lastDay;

  // The plan of each date (see the module's comment).
  const plan: PlacedShift[] = [];
  for (let d = start; d <= end; d = plus(d, 1)) {
    const draft = drafts.get(d);
    const shift = draft ?? (published.has(d) || inRange(d) ? null : patternShiftOn(e, d));
    if (shift) plan.push(placeShift({ date: d, startTime: shift.startTime, endTime: shift.endTime, breakMinutes: shift.breakMinutes }, ctx.instantOf, plus));
  }
  plan.sort((a, b) => a.startMs - b.startMs);

  const warnings: RosterWarning[] = [];
  const leave = new Set(e.leaveDates);
  const holidays = new Set(e.holidays);
  const maxHours = input.maxOrdinaryDailyHours;
  let latestEnd: number | null = null;
  for (const s of plan) {
    const previousEnd = latestEnd;
    latestEnd = latestEnd === null ? s.endMs : Math.max(latestEnd, s.endMs);
    if (!inRange(s.date)) continue;
    const base = { employee: e.employee, date: s.date };
    if (drafts.has(s.date) && leave.has(s.date)) warnings.push({ ...base, kind: 'leave' });
    if (drafts.has(s.date) && holidays.has(s.date)) warnings.push({ ...base, kind: 'holiday' });
    if (previousEnd !== null) {
      // Measured from the latest end so far: a long shift may outlast a shorter one after it.
      const gap = Math.round((s.startMs - previousEnd) / MINUTE_MS);
      if (gap < 0) warnings.push({ ...base, kind: 'overlap', overlapMinutes: -gap });
      else if (gap < MIN_REST_MINUTES) warnings.push({ ...base, kind: 'shortRest', restMinutes: gap, limitMinutes: MIN_REST_MINUTES });
    }
    const limitMinutes = Math.round((typeof maxHours === 'function' ? maxHours(s.date) : maxHours) * 60);
    if (limitMinutes > 0 && s.workMinutes > limitMinutes) warnings.push({ ...base, kind: 'longDay', workMinutes: s.workMinutes, limitMinutes });
  }

  for (let monday = firstWeek; monday <= to; monday = plus(monday, 7)) {
    let planned = 0;
    let limit = 0;
    for (let k = 0; k < 7; k++) limit += weeklyLimitMinutes(e.contractOn(plus(monday, k))) / 7;
    const sunday = plus(monday, 6);
    for (const s of plan) if (s.date >= monday && s.date <= sunday) planned += s.workMinutes;
    if (planned > Math.round(limit)) warnings.push({ employee: e.employee, date: monday, kind: 'weeklyHours', plannedMinutes: planned, limitMinutes: Math.round(limit) });
  }

  warnings.push(...noticeWarnings(e, input, drafts, published, plan, ctx));
  return warnings.sort((a, b) => (a.date < b.date ? -1 : a.date > b.date ? 1 : 0));
}

const patternShiftOn = (e: EmployeePlanInput, date: string) => patternShift(e.patternOn(date), date);

/**
 * Late notice of a draft change (a day whose draft differs from its published day, or a new shift;
 * an empty cell never published is no change). The notice runs from `now` to the day's local
 * start. A change departs from the pattern when the times differ, the pattern rests, there is no
 * pattern, or a worked pattern day becomes rest. A part-timer with a pact in force whose work
 * that day exceeds the day's ordinary share (the pattern's hours; without a pattern, the weekly
 * hours / 5) plans complementary hours: those need 3 days; the 5 days apply then only when the
 * ordinary hours moved too (the pattern works that day and the shift starts at another time, or
 * there is no pattern).
 */
function noticeWarnings(
  e: EmployeePlanInput,
  input: RosterWarningInput,
  drafts: Map<string, DraftShiftInput>,
  published: Map<string, PublishedDayInput>,
  plan: readonly PlacedShift[],
  { instantOf, plus }: Ctx,
): RosterWarning[] {
  const out: RosterWarning[] = [];
  const nowMs = Date.parse(input.now);
  const workOn = new Map(plan.map((s) => [s.date, s.workMinutes]));
  for (let date = input.from; date <= input.to; date = plus(date, 1)) {
    const draft = drafts.get(date) ?? null;
    const pub = published.get(date) ?? null;
    const pubShift = pub?.kind === 'shift' && pub.startTime !== null && pub.endTime !== null ? { startTime: pub.startTime, endTime: pub.endTime, breakMinutes: pub.breakMinutes } : null;
    const changed = draft ? pubShift === null || !sameTimes(draft, pubShift) : pubShift !== null;
    if (!changed) continue;
    const pattern = e.patternOn(date);
    const usual = patternShift(pattern, date);
    const departs = draft ? usual === null || draft.startTime !== usual.startTime || draft.endTime !== usual.endTime : pattern === undefined || usual !== null;
    const dayStartMs = instantOf(date, '00:00');
    const noticeDays = Math.max(0, Math.floor((dayStartMs - nowMs) / DAY_MS));
    const terms = e.contractOn(date);
    const work = workOn.get(date) ?? 0;
    const share = pattern ? (usual ? Math.round(pattern.totalHours * 60) : 0) : weeklyLimitMinutes(terms) / 5;
    const complementary = draft !== null && terms.workingDayType === 'part-time' && e.pactOn(date) && work > share;
    const ordinaryMoved = complementary ? pattern === undefined || (usual !== null && draft.startTime !== usual.startTime) : departs;
    const base = { employee: e.employee, date };
    if (ordinaryMoved && noticeDays < NOTICE_DAYS.irregular) out.push({ ...base, kind: 'lateNotice', noticeDays, limitDays: NOTICE_DAYS.irregular });
    if (complementary && noticeDays < NOTICE_DAYS.complementary) out.push({ ...base, kind: 'lateNoticeComplementary', noticeDays, limitDays: NOTICE_DAYS.complementary });
  }
  return out;
}

import type { BreakInstants } from '../attendance/shift-times.ts';
import type { WorkFlag } from '../attendance/work-flag.ts';
import type { AcceptanceState } from '../attendance/correction-rules.ts';
import type { DayDispute } from '../attendance/disputes.ts';
import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import { localDateOf, type WeekdayName } from '../time/zoned-time.ts';
import { datesOf, type Period } from './periods.ts';
import type { WorkTimeWarning } from '../worktime/work-time-warnings.ts';
import { DEFAULT_BREAK_RULES, type BreakRulesInput } from '../worktime/break-rules.ts';
import { dayFigures, dayPlanOf, nightWorkerOn } from '../worktime/day-figures.ts';
import type { PartTimeInput } from '../employees/contract-terms.ts';
import { addTimeApart, apartWorkSeconds, emptyTimeApart, hasTimeApart, timeApartTotals, type InterruptionEntry, type StandbyEntry, type TimeApartTotals } from '../worktime/time-apart.ts';
import { classifyComplementary, sumSplits, type ComplementaryInput, type ComplementarySplit } from '../worktime/complementary-hours.ts';
import { activeScheduleOn, type DayAttendance, type DayKind, type DayCalendar } from './day-calendar.ts';

/**
 * The monthly working-time record Spanish law requires for each employee (Estatuto de los
 * Trabajadores art. 34.9, with art. 35.5 for overtime and 12.4.c for part-time work): every
 * day of the month, the exact start and end of the working day, every break, the time worked,
 * and the month's totals including overtime. Exact: instants as recorded (the view rounds
 * nothing but the display). Complete: every calendar day appears, also the ones without work,
 * and a corrected day says so with its reason. With the draft Royal Decree on the digital record
 * (decision 035): each day says whether it was worked on site or remotely and whether its overtime
 * is paid or compensated with rest, and the month's overtime is split the same way.
 */

export interface RecordAttendance extends DayAttendance {
  /** Zone of the attendance (the company zone when it was recorded). */
  timezone: string;
  breaks: readonly BreakInstants[];
  /** 1 = as first recorded; higher = corrected that many times minus one. */
  revision: number;
  reason: string | null;
  source: 'clock' | 'manual';
  /** Work outside the schedule (decision 032): expects nothing, all of it is overtime. */
  workFlag?: WorkFlag | null;
  /** Missing in older callers: on site (the clock's). */
  workMode?: WorkMode;
  overtimeCompensation?: OvertimeCompensation | null;
  /** Who set the compensation (decision 070): the worker's own choice or an administrator; missing/null = an administrator. */
  overtimeMarkedBy?: 'worker' | 'administrator' | null;
  /** The reason the day's overtime was force majeure (art. 35.3 ET, decision 081); null/missing = not. */
  overtimeForceMajeure?: string | null;
  /** The worker's answer to the day's latest administrator correction (decision 034), if any. */
  acceptance?: WorkerAcceptance | null;
  /** Corrections of the day the worker rejected, oldest first (decision 082); missing = none. */
  disputes?: readonly DayDispute[];
  /** A punch of the day was kept offline by a terminal and received later (decision 046). */
  offline?: boolean;
  /** On-site personal punches of the day made outside every workplace (proof of place, decision 068). */
  outsidePunches?: number;
  /** Names of the clock terminals the day's punches came from, in punch order (decision 042). */
  terminals?: readonly string[];
  /** Closed by the automatic clock-out (decision 056): 1/true; missing in older callers. */
  closedAutomatically?: boolean | 0 | 1;
}

/** Where an administrator's correction stands with the worker, as of when the record was read. */
export interface WorkerAcceptance {
  state: AcceptanceState;
  comment: string | null;
}

/** A manual entry of the day that was voided (decision 033): kept, listed in the notes, counted nowhere. */
export interface VoidedDay {
  date: string;
  timeIn: string;
  timeOut: string | null;
  workedSeconds: number | null;
  voidedAt: string;
  voidReason: string;
}

export type WorkMode = 'on-site' | 'remote';
export type OvertimeCompensation = 'paid' | 'rest';

export interface MonthlyRecordDay {
  date: string;
  weekday: WeekdayName;
  kind: DayKind;
  timeIn: string | null;
  timeOut: string | null;
  /** Zone to show this day's instants in. */
  timezone: string;
  breaks: readonly BreakInstants[];
  breakSeconds: number;
  workedSeconds: number | null;
  /**
   * What counts as work under the break rules (decision 050): worked plus paid breaks, less an
   * automatic break deduction; null while open or without attendance. Overtime is counted minus expected.
   */
  countedSeconds: number | null;
  /** Seconds the automatic break deduction removed (0 when it did not apply). */
  deductedSeconds: number;
  expectedSeconds: number;
  /** Counted less overtime and complementary hours: what the 9 h limit of art. 34.3 ET judges. */
  ordinarySeconds: number;
  overtimeSeconds: number;
  /** A part-time worker's hours beyond the day's expected ones (art. 12.4.c/12.5 ET): not overtime. */
  complementarySeconds: number;
  lateSeconds: number;
  earlyDepartureSeconds: number;
  /** Name of the approved leave type that covers the date, if any (also on a day worked as well). */
  leaveType: string | null;
  /** The date is a leave day (approved leave on a day that is not a rest day or holiday), worked or not. */
  leaveDay: boolean;
  /** The schedule in force puts 3 h or more in the night period (art. 36.1 ET): no overtime allowed. */
  nightWorker: boolean;
  /** Name of the company holiday on the date, if any. */
  holiday: string | null;
  corrected: boolean;
  source: 'clock' | 'manual' | null;
  reason: string | null;
  /** The attendance's work flag (decision 032), null otherwise. */
  workFlag: WorkFlag | null;
  /** Entries of this date that were voided, oldest first (none of them is counted). */
  voided: VoidedDay[];
  /** On site or remote; null on a day without attendance (decision 035). */
  workMode: WorkMode | null;
  /** How the day's overtime is compensated; null when not marked or there is none. */
  overtimeCompensation: OvertimeCompensation | null;
  /** Present (`worker`) only when the compensation is the worker's own choice at check-out (decision 070). */
  overtimeChosenBy?: 'worker';
  /** Why the day's overtime is force majeure (art. 35.3 ET, decision 081): not in the 80 h cap; null = ordinary overtime or none. */
  overtimeForceMajeure?: string | null;
  /** A part-time day's complementary hours by category (decision 081); present only when the day has some. */
  complementarySplit?: ComplementarySplit;
  /**
   * The contract's ordinary hours of the date as the schedule plans them, whether past, today or
   * to come, on leave or not (0 before the absence floor, on rest days and holidays): the base of
   * the complementary-hours shares (decision 081).
   */
  contractSeconds?: number;
  /** The local date the schedule in force was created or last changed (the 3-day notice, decision 081); absent when unknown. */
  scheduleChangedOn?: string;
  /** The worker's answer to the day's latest administrator correction, if any (decision 034). */
  workerAcceptance: WorkerAcceptance | null;
  /** Both sides of each correction of the day the worker rejected, oldest first; they stay (decision 082). */
  disputes?: readonly DayDispute[];
  /** A punch of the day was kept offline by a terminal and received later (decision 046). */
  offline?: boolean;
  /** On-site personal punches of the day made outside every workplace (decision 068). */
  outsidePunches?: number;
  /** The clock terminals the day's punches came from (decision 042); empty without punches. */
  terminals: readonly string[];
  /** Work-time warnings of the day (art. 34.3/34.4 ET), set by withWorkTimeWarnings (decision 050). */
  warnings?: readonly WorkTimeWarning[];
  /** Closed by the automatic clock-out at its scheduled end (decision 056): an exception to review. */
  closedAutomatically?: boolean;
  /**
   * Standby periods and interruptions of the date (issue 38 point 1, decision 080), start order,
   * with their totals; present only on a date that has any. Their work (called-in part,
   * interruption work) is already in `countedSeconds`; `workedSeconds` stays the attendance's.
   */
  timeApart?: { standby: StandbyEntry[]; interruptions: InterruptionEntry[]; totals: TimeApartTotals };
}

export interface MonthlyRecordTotals {
  /** Days with an attendance, closed or open. */
  attendedDays: number;
  /** "Días trabajados": closed attended days, the one definition the record and payroll share. */
  workedDays: number;
  openDays: number;
  absentDays: number;
  leaveDays: number;
  workedSeconds: number;
  /** Sum of the days' counted seconds (decision 050). */
  countedSeconds: number;
  breakSeconds: number;
  expectedSeconds: number;
  /** Counted less overtime and complementary hours. */
  ordinarySeconds: number;
  overtimeSeconds: number;
  /** Complementary hours of a part-time worker, apart from overtime (art. 12.5 ET). */
  complementarySeconds: number;
  /** The overtime split by how it is compensated: the three always add up to `overtimeSeconds`. */
  overtimePaidSeconds: number;
  overtimeRestSeconds: number;
  overtimeUnmarkedSeconds: number;
  /**
   * Force majeure overtime (art. 35.3 ET), a part of `overtimeSeconds` counted apart (decision
   * 081). This and the complementary categories below are present only when not zero, so the
   * totals an approval froze before them still equal a fresh computation.
   */
  overtimeForceMajeureSeconds?: number;
  /** The complementary hours by category (decision 081): they add up to `complementarySeconds`. */
  complementaryAgreedSeconds?: number;
  complementaryVoluntarySeconds?: number;
  complementaryExceedingSeconds?: number;
  complementaryNotAllowedSeconds?: number;
  /** Days worked on site and remotely (attended days). */
  onSiteDays: number;
  remoteDays: number;
  /**
   * Waiting, on-call, called-in and interruption totals (issue 38 point 1): present only when the
   * period has any, so a period without them keeps the totals (and approval snapshots) it had.
   */
  timeApart?: TimeApartTotals;
}

export interface MonthlyRecord {
  days: MonthlyRecordDay[];
  totals: MonthlyRecordTotals;
}

export function buildMonthlyRecord(input: {
  period: Period;
  today: string;
  calendar: DayCalendar;
  schedules: readonly ScheduleRule[];
  /** Approved leave: date -> leave type name. */
  leaveByDate: ReadonlyMap<string, string>;
  /** Company holidays: date -> name. */
  holidays?: ReadonlyMap<string, string>;
  attendances: readonly RecordAttendance[];
  /** Voided entries within the period (listed, never counted). */
  voided?: readonly VoidedDay[];
  /** How breaks count (decision 050); unpaid and no automatic deduction when left out. */
  breakRules?: BreakRulesInput;
  /** The employee's absence floor (`absenceFloor`, issue 33 point 6); left out, no floor. */
  absenceFrom?: string;
  /** The employee works part time: time beyond the expected is complementary hours, not overtime. */
  partTime?: PartTimeInput;
  /** The employee's standby periods and interruptions of the period (any order; by local work date). */
  standby?: readonly StandbyEntry[];
  interruptions?: readonly InterruptionEntry[];
  /** The employee's pacts and voluntary offers (decision 081); left out, complementary hours have no pact (not allowed). */
  complementary?: ComplementaryInput;
}): MonthlyRecord {
  const breakRules: BreakRulesInput = input.breakRules ?? DEFAULT_BREAK_RULES;
  const { calendar, schedules, leaveByDate, today } = input;
  const byDate = new Map(input.attendances.map((a) => [a.date, a]));
  const standbyOn = groupByDate(input.standby ?? [], (s) => s.startAt);
  const interruptionsOn = groupByDate(input.interruptions ?? [], (i) => i.at);
  const apartTotals = emptyTimeApart();
  const totals: MonthlyRecordTotals = {
    attendedDays: 0,
    workedDays: 0,
    openDays: 0,
    absentDays: 0,
    leaveDays: 0,
    workedSeconds: 0,
    countedSeconds: 0,
    breakSeconds: 0,
    expectedSeconds: 0,
    ordinarySeconds: 0,
    overtimeSeconds: 0,
    complementarySeconds: 0,
    overtimePaidSeconds: 0,
    overtimeRestSeconds: 0,
    overtimeUnmarkedSeconds: 0,
    onSiteDays: 0,
    remoteDays: 0,
  };
  let forceMajeureSeconds = 0;
  const days = datesOf(input.period).map((date): MonthlyRecordDay => {
    const a = byDate.get(date);
    const leaveType = leaveByDate.get(date) ?? null;
    const holiday = input.holidays?.get(date) ?? null;
    const schedule = activeScheduleOn(schedules, date);
    const standby = standbyOn.get(date) ?? [];
    const interruptions = interruptionsOn.get(date) ?? [];
    const apart = standby.length + interruptions.length > 0 ? timeApartTotals(standby, interruptions) : null;
    if (apart) addTimeApart(apartTotals, apart);
    // The day's figures, the one computation every screen shares (issue 33 point 4); a day before
    // the absence floor is 'before-start' there and expects nothing (issue 33 point 6).
    const plan = dayPlanOf(date, schedule, holiday !== null, calendar);
    const f = dayFigures({
      date,
      today,
      plan,
      attendance: a,
      onLeave: leaveType !== null,
      breakRules,
      partTime: input.partTime,
      absenceFrom: input.absenceFrom,
      apartWorkSeconds: apart ? apartWorkSeconds(apart) : 0,
    });
    const { kind } = f;
    const expected = f.expectedSeconds;
    const counted = { counted: f.countedSeconds, deducted: f.deductedSeconds };
    const overtime = f.overtimeSeconds;
    // A mark on a day without overtime (the hours were corrected since) means nothing.
    const compensation = overtime > 0 ? (a?.overtimeCompensation ?? null) : null;
    const forceMajeure = overtime > 0 ? (a?.overtimeForceMajeure ?? null) : null;
    if (forceMajeure !== null) forceMajeureSeconds += overtime;
    const workMode = a ? (a.workMode ?? 'on-site') : null;
    if (a) {
      totals.attendedDays++;
      if (workMode === 'remote') totals.remoteDays++;
      else totals.onSiteDays++;
      if (a.timeOut === null) totals.openDays++;
      else totals.workedDays++;
      totals.workedSeconds += a.workedSeconds ?? 0;
      totals.breakSeconds += a.breakSeconds;
    }
    totals.countedSeconds += counted.counted ?? 0;
    if (kind === 'absent') totals.absentDays++;
    if (f.leaveDay) totals.leaveDays++;
    totals.expectedSeconds += expected;
    totals.ordinarySeconds += f.ordinarySeconds;
    totals.overtimeSeconds += overtime;
    totals.complementarySeconds += f.complementarySeconds;
    if (compensation === 'paid') totals.overtimePaidSeconds += overtime;
    else if (compensation === 'rest') totals.overtimeRestSeconds += overtime;
    else totals.overtimeUnmarkedSeconds += overtime;
    return {
      date,
      weekday: calendar.weekday(date),
      kind,
      timeIn: a?.timeIn ?? null,
      timeOut: a?.timeOut ?? null,
      timezone: a?.timezone ?? calendar.timeZone,
      breaks: a ? [...a.breaks].sort((x, y) => x.startAt.localeCompare(y.startAt)) : [],
      breakSeconds: a?.breakSeconds ?? 0,
      workedSeconds: a ? a.workedSeconds : null,
      countedSeconds: counted.counted,
      deductedSeconds: counted.deducted,
      expectedSeconds: expected,
      ordinarySeconds: f.ordinarySeconds,
      overtimeSeconds: overtime,
      complementarySeconds: f.complementarySeconds,
      lateSeconds: f.lateSeconds,
      earlyDepartureSeconds: f.earlyDepartureSeconds,
      leaveType,
      leaveDay: f.leaveDay,
      nightWorker: nightWorkerOn(schedule),
      holiday,
      corrected: (a?.revision ?? 1) > 1,
      source: a?.source ?? null,
      reason: a?.reason ?? null,
      workFlag: a?.workFlag ?? null,
      voided: (input.voided ?? []).filter((v) => v.date === date),
      workMode,
      overtimeCompensation: compensation,
      ...(compensation !== null && a?.overtimeMarkedBy === 'worker' ? { overtimeChosenBy: 'worker' as const } : {}),
      overtimeForceMajeure: forceMajeure,
      contractSeconds: f.kind === 'before-start' ? 0 : plan.scheduledSeconds,
      ...(schedule?.changedAt ? { scheduleChangedOn: localDateOf(schedule.changedAt, calendar.timeZone) } : {}),
      workerAcceptance: a?.acceptance ?? null,
      disputes: a?.disputes ?? [],
      offline: a?.offline ?? false,
      outsidePunches: a?.outsidePunches ?? 0,
      terminals: a?.terminals ?? [],
      closedAutomatically: Boolean(a?.closedAutomatically),
      ...(apart ? { timeApart: { standby, interruptions, totals: apart } } : {}),
    };
  });
  if (hasTimeApart(apartTotals)) totals.timeApart = apartTotals;
  if (forceMajeureSeconds > 0) totals.overtimeForceMajeureSeconds = forceMajeureSeconds;
  if (totals.complementarySeconds > 0) {
    // The one classification (decision 081): agreed, voluntary, exceeding the pact, not allowed.
    const { days: splits } = classifyComplementary(
      days.map((d) => ({ date: d.date, expectedSeconds: d.contractSeconds ?? 0, complementarySeconds: d.complementarySeconds })),
      input.complementary ?? { pacts: [], offers: [] },
    );
    days.forEach((d, i) => {
      if (d.complementarySeconds > 0) d.complementarySplit = splits[i]!;
    });
    const sum = sumSplits(splits);
    if (sum.agreedSeconds > 0) totals.complementaryAgreedSeconds = sum.agreedSeconds;
    if (sum.voluntarySeconds > 0) totals.complementaryVoluntarySeconds = sum.voluntarySeconds;
    if (sum.exceedingSeconds > 0) totals.complementaryExceedingSeconds = sum.exceedingSeconds;
    if (sum.notAllowedSeconds > 0) totals.complementaryNotAllowedSeconds = sum.notAllowedSeconds;
  }
  return { days, totals };
}

/** Rows by local work date, each date's in instant order. */
function groupByDate<T extends { date: string }>(rows: readonly T[], instant: (row: T) => string): Map<string, T[]> {
  const out = new Map<string, T[]>();
  for (const r of [...rows].sort((x, y) => instant(x).localeCompare(instant(y)))) out.set(r.date, [...(out.get(r.date) ?? []), r]);
  return out;
}

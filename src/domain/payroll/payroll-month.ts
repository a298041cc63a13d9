import type { DayCalendar } from '../reports/day-calendar.ts';
import { activeScheduleOn } from '../reports/day-calendar.ts';
import type { MonthlyRecordDay } from '../reports/monthly-record.ts';
import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import { isRestDay } from '../schedules/schedule-rules.ts';
import type { AcceptanceState } from '../attendance/correction-rules.ts';
import type { OvertimeCompensation } from '../reports/monthly-record.ts';
import { addDays } from '../time/zoned-time.ts';
import { holidayWork } from './holiday-seconds.ts';
import { fitSplit, NO_COMPLEMENTARY } from '../worktime/complementary-hours.ts';
import { msWithin, nightWindowsOf, workIntervals } from './night-seconds.ts';

/**
 * What the payroll bureau needs of one employee's month (decision 052), built on the legal monthly
 * record (`buildMonthlyRecord`): the record decides what each day expected (schedules, DST,
 * holidays, approved leave, flagged work) and its overtime; this only sorts those seconds into
 * payroll concepts. Every figure is whole seconds; the exports turn them into hours.
 *
 * - A shift belongs to the date it starts (the record's rule), so a night shift from the last
 *   day of a month into the next counts, night hours and all, in the month it started.
 * - counted = the record's counted seconds (break rules, decision 050: paid breaks in, an
 *   automatic deduction out); ordinary = counted − overtime − complementary hours of each closed
 *   day; the three overtime figures add up to `overtimeSeconds` (paid, compensated with rest, not
 *   marked yet).
 * - A part-time worker's time beyond the day's expected hours is complementary hours
 *   (`complementarySeconds`, art. 12.4.c/12.5 ET, as the record says): not overtime, not ordinary.
 * - A day without check-out counts nothing yet (`openDays` tells the bureau the month is not
 *   complete).
 * - The worked hours are split into columns that never overlap (issue 33.7, layout 2):
 *   ordinary + overtime + complementary + rest-day work + holiday work = counted. Holiday work is
 *   the work that falls, by the clock, on a company holiday's calendar day (`holidayWork`),
 *   whichever day the shift started; rest-day work is the rest of a shift that started on a rest
 *   day of the schedule in force (for a part-time worker too: it is rest-day work, not also
 *   complementary). On a working day the holiday part is taken out of the day's overtime first
 *   (a shift runs into the next day past its scheduled end), then out of its complementary hours,
 *   then out of its ordinary hours; a shift started on a holiday has what is left after midnight
 *   as overtime (as complementary hours for a part-time worker: the day expected nothing). The
 *   overtime marks split what stays overtime.
 * - A leave day (`leaveDay`) counts as leave also when it was worked as well (issue 33 point 5):
 *   the work is in the worked columns and the day in the absences.
 * - Night: the work between 22:00 and 06:00 (art. 36 ET), unpaid breaks excluded, never more than
 *   the day's counted work (an automatic break deduction has no place in time, so it caps); the
 *   holiday part of it is `holidayNightSeconds`.
 * - Absences by leave type: working days of approved leave (rest days and holidays inside a leave
 *   are not taken) and the hours the schedule would have expected on them.
 * - Unjustified absences: past working days with neither attendance nor leave, and their expected hours.
 */

export interface PayrollAbsence {
  leaveTypeId: number;
  /** Working days taken (the record's leave days) and the hours their schedule expected. */
  days: number;
  seconds: number;
  /** Calendar days of the month the leave covers, rest days and holidays included (sick leave is paid by them). */
  calendarDays: number;
  /** Those calendar days as ranges of consecutive dates. */
  dates: DateRange[];
}

/** Consecutive dates, inclusive (`from` = `to` for one day). */
export interface DateRange {
  from: string;
  to: string;
}

/** A day whose overtime is marked paid or compensated, and where the worker stands on it (decision 034). */
export interface PayrollOvertimeMark {
  date: string;
  compensation: OvertimeCompensation;
  /**
   * The worker's answer to the day's latest administrator correction, which set the mark:
   * `accepted`, `pending`, `rejected`, `expired` (not answered in time); null when the change
   * needed no answer (the worker asked for it).
   */
  acceptance: AcceptanceState | null;
}

export interface PayrollMonth {
  workedDays: number;
  openDays: number;
  expectedSeconds: number;
  countedSeconds: number;
  ordinarySeconds: number;
  overtimeSeconds: number;
  overtimePaidSeconds: number;
  overtimeCompensatedSeconds: number;
  overtimeUnmarkedSeconds: number;
  /**
   * A part-time worker's complementary hours (art. 12.4.c/12.5 ET; decision 052, issue 33): hours
   * beyond the contract, apart from overtime and never in the 80 h cap; like overtime, never also
   * in rest-day or holiday work (layout 2's "Horas complementarias" column).
   */
  complementarySeconds: number;
  /**
   * Decision 081 (issue 38): force majeure overtime (art. 35.3 ET, a part of `overtimeSeconds`)
   * and the complementary hours by category (they add up to `complementarySeconds`). Present only
   * when not zero, so a payroll row an approval froze before them still equals a fresh one.
   */
  overtimeForceMajeureSeconds?: number;
  complementaryAgreedSeconds?: number;
  complementaryVoluntarySeconds?: number;
  complementaryExceedingSeconds?: number;
  complementaryNotAllowedSeconds?: number;
  nightSeconds: number;
  /** Holiday dates on which this month's shifts worked (one may be the 1st of the next month), and that work by the clock (never also in overtime). */
  holidayWorkedDays: number;
  holidayWorkedSeconds: number;
  /** The night part of `holidayWorkedSeconds`. */
  holidayNightSeconds: number;
  /** Shifts started on a rest day of the schedule in force, and their work outside holidays (never also in overtime). */
  restDayWorkedDays: number;
  restDayWorkedSeconds: number;
  /** Days that expected work checked in late / left early, and the seconds (as the record's days carry them). */
  lateDays: number;
  lateSeconds: number;
  earlyDepartureDays: number;
  earlyDepartureSeconds: number;
  /** Dates of the unjustified absences, as ranges. */
  unjustifiedDates: DateRange[];
  /** Every day with a marked overtime, by date. */
  overtimeMarks: PayrollOvertimeMark[];
  leaveDays: number;
  leaveSeconds: number;
  /** By leave type id, ascending; only the types covering a day of this month. */
  absences: PayrollAbsence[];
  unjustifiedDays: number;
  unjustifiedSeconds: number;
  /** Seconds the automatic break deduction took off the closed days (already out of `countedSeconds`). */
  autoBreakDeductedSeconds: number;
}

/** The record's day as payroll reads it (`countedSeconds` under the break rules, decision 050). */
export type PayrollRecordDay = Pick<
  MonthlyRecordDay,
  'date' | 'kind' | 'timeIn' | 'timeOut' | 'timezone' | 'breaks' | 'countedSeconds' | 'deductedSeconds' | 'expectedSeconds' | 'overtimeSeconds' | 'overtimeCompensation' | 'holiday'
> &
  Partial<Pick<MonthlyRecordDay, 'lateSeconds' | 'earlyDepartureSeconds' | 'workerAcceptance' | 'leaveDay' | 'complementarySeconds' | 'ordinarySeconds' | 'overtimeForceMajeure' | 'complementarySplit'>>;

/** An approved leave of the employee (as the record's `leaveByDate` is built: later ones win a date). */
export interface PayrollLeave {
  leaveTypeId: number;
  fromDate: string;
  toDate: string;
}

export function emptyPayrollMonth(): PayrollMonth {
  return {
    workedDays: 0,
    openDays: 0,
    expectedSeconds: 0,
    countedSeconds: 0,
    ordinarySeconds: 0,
    overtimeSeconds: 0,
    overtimePaidSeconds: 0,
    overtimeCompensatedSeconds: 0,
    overtimeUnmarkedSeconds: 0,
    complementarySeconds: 0,
    nightSeconds: 0,
    holidayWorkedDays: 0,
    holidayWorkedSeconds: 0,
    holidayNightSeconds: 0,
    restDayWorkedDays: 0,
    restDayWorkedSeconds: 0,
    lateDays: 0,
    lateSeconds: 0,
    earlyDepartureDays: 0,
    earlyDepartureSeconds: 0,
    unjustifiedDates: [],
    overtimeMarks: [],
    leaveDays: 0,
    leaveSeconds: 0,
    absences: [],
    unjustifiedDays: 0,
    unjustifiedSeconds: 0,
    autoBreakDeductedSeconds: 0,
  };
}

/** Sorted dates as ranges of consecutive dates. */
export function dateRanges(dates: readonly string[]): DateRange[] {
  const out: DateRange[] = [];
  for (const d of dates) {
    const last = out.at(-1);
    if (last && addDays(last.to, 1) === d) last.to = d;
    else out.push({ from: d, to: d });
  }
  return out;
}

export function payrollMonth(input: {
  days: readonly PayrollRecordDay[];
  /** The employee's schedules: a leave day takes the hours its schedule expected; a rest day is the schedule's. */
  schedules: readonly ScheduleRule[];
  calendar: DayCalendar;
  /** Approved leave, in the order the record read it (by start date). */
  leaves: readonly PayrollLeave[];
  /** Whether breaks are paid on a date (effective-dated, decision 050), or one answer for every date. */
  breaksPaid: boolean | ((date: string) => boolean);
  /** The company's holiday dates of the month and the day after it (a night shift of the last day may run into it). */
  holidays?: ReadonlySet<string>;
}): PayrollMonth {
  const out = emptyPayrollMonth();
  // The figures of decision 081 appear only when not zero (see PayrollMonth).
  type Optional = 'overtimeForceMajeureSeconds' | 'complementaryAgreedSeconds' | 'complementaryVoluntarySeconds' | 'complementaryExceedingSeconds' | 'complementaryNotAllowedSeconds';
  const add = (key: Optional, seconds: number) => {
    if (seconds > 0) out[key] = (out[key] ?? 0) + seconds;
  };
  const holidays = input.holidays ?? new Set(input.days.filter((d) => d.holiday !== null).map((d) => d.date));
  const inMonth = new Set(input.days.map((d) => d.date));
  const leaveTypeOn = new Map<string, number>();
  for (const l of input.leaves) for (let d = l.fromDate; d <= l.toDate; d = addDays(d, 1)) leaveTypeOn.set(d, l.leaveTypeId);
  const absences = new Map<number, PayrollAbsence>();
  const absence = (type: number) => {
    let a = absences.get(type);
    if (!a) absences.set(type, (a = { leaveTypeId: type, days: 0, seconds: 0, calendarDays: 0, dates: [] }));
    return a;
  };
  const leaveDates = new Map<number, string[]>();
  for (const [date, type] of [...leaveTypeOn].sort(([a], [b]) => a.localeCompare(b))) {
    if (!inMonth.has(date)) continue;
    absence(type).calendarDays++;
    leaveDates.set(type, [...(leaveDates.get(type) ?? []), date]);
  }
  const holidayDates = new Set<string>();
  const unjustified: string[] = [];
  for (const day of input.days) {
    out.expectedSeconds += day.expectedSeconds;
    if (day.kind === 'open') out.openDays++;
    // Late and early only on a day that expected work: a holiday, a rest day or flagged work has no start to be late for.
    if ((day.kind === 'worked' || day.kind === 'open') && day.timeIn !== null && day.expectedSeconds > 0) {
      if ((day.lateSeconds ?? 0) > 0) {
        out.lateDays++;
        out.lateSeconds += day.lateSeconds!;
      }
      if ((day.earlyDepartureSeconds ?? 0) > 0) {
        out.earlyDepartureDays++;
        out.earlyDepartureSeconds += day.earlyDepartureSeconds!;
      }
    }
    if (day.overtimeCompensation !== null && day.overtimeSeconds > 0) {
      out.overtimeMarks.push({ date: day.date, compensation: day.overtimeCompensation, acceptance: day.workerAcceptance?.state ?? null });
    }
    if (day.kind === 'worked' && day.timeIn !== null) {
      const counted = day.countedSeconds ?? 0;
      out.workedDays++;
      out.autoBreakDeductedSeconds += day.deductedSeconds;
      out.countedSeconds += counted;
      const work = workIntervals({ timeIn: day.timeIn, timeOut: day.timeOut, breaks: day.breaks, timezone: day.timezone }, typeof input.breaksPaid === 'function' ? input.breaksPaid(day.date) : input.breaksPaid);
      out.nightSeconds += Math.min(counted, Math.round(msWithin(work, nightWindowsOf(work, day.timezone)) / 1000));
      const onHoliday = holidayWork(work, day.date, day.timezone, holidays);
      const holiday = Math.min(counted, onHoliday.seconds);
      out.holidayWorkedSeconds += holiday;
      out.holidayNightSeconds += Math.min(holiday, onHoliday.nightSeconds);
      for (const d of onHoliday.dates) holidayDates.add(d);
      const schedule = activeScheduleOn(input.schedules, day.date);
      // The record gives a day's time beyond the expected either as overtime (full time) or as
      // complementary hours (a part-time worker, art. 12.5 ET), never both.
      const dayComplementary = day.complementarySeconds ?? 0;
      const partTimeDay = dayComplementary > 0;
      let overtime: number;
      let complementary: number;
      if (day.holiday !== null) {
        // The day expected nothing: what is not on the holiday is extra (complementary for a part-time worker).
        const extra = counted - holiday;
        overtime = partTimeDay ? 0 : extra;
        complementary = partTimeDay ? extra : 0;
      } else if (schedule && isRestDay(schedule, day.date)) {
        overtime = 0;
        complementary = 0;
        out.restDayWorkedDays++;
        out.restDayWorkedSeconds += counted - holiday;
      } else {
        // The holiday part comes out of the overtime first, then the complementary hours, then the ordinary hours.
        const fromOvertime = Math.min(holiday, day.overtimeSeconds);
        const fromComplementary = Math.min(holiday - fromOvertime, dayComplementary);
        overtime = day.overtimeSeconds - fromOvertime;
        complementary = dayComplementary - fromComplementary;
        out.ordinarySeconds += Math.max(0, counted - day.overtimeSeconds - dayComplementary - (holiday - fromOvertime - fromComplementary));
      }
      out.overtimeSeconds += overtime;
      out.complementarySeconds += complementary;
      if (overtime > 0 && day.overtimeForceMajeure != null) add('overtimeForceMajeureSeconds', overtime);
      if (complementary > 0) {
        const split = fitSplit(day.complementarySplit ?? { ...NO_COMPLEMENTARY, notAllowedSeconds: complementary }, complementary);
        add('complementaryAgreedSeconds', split.agreedSeconds);
        add('complementaryVoluntarySeconds', split.voluntarySeconds);
        add('complementaryExceedingSeconds', split.exceedingSeconds);
        add('complementaryNotAllowedSeconds', split.notAllowedSeconds);
      }
      if (day.overtimeCompensation === 'paid') out.overtimePaidSeconds += overtime;
      else if (day.overtimeCompensation === 'rest') out.overtimeCompensatedSeconds += overtime;
      else out.overtimeUnmarkedSeconds += overtime;
    } else if (day.timeIn === null && (day.countedSeconds ?? 0) > 0) {
      // Work recorded apart on a day without attendance (issue 38 point 1, decision 080: a called-in
      // on-call part, interruption work): counted as the record counts it; it has no shift instants,
      // so no night or holiday hours. On a rest day it is rest-day work, as a shift's would be.
      const counted = day.countedSeconds!;
      out.countedSeconds += counted;
      const schedule = activeScheduleOn(input.schedules, day.date);
      if (day.holiday === null && schedule && isRestDay(schedule, day.date)) out.restDayWorkedSeconds += counted;
      else {
        const complementary = day.complementarySeconds ?? 0;
        out.ordinarySeconds += Math.max(0, counted - day.overtimeSeconds - complementary);
        out.overtimeSeconds += day.overtimeSeconds;
        out.overtimeUnmarkedSeconds += day.overtimeSeconds;
        out.complementarySeconds += complementary;
      }
    }
    // A leave day counts whether or not it was worked as well (issue 33 point 5): both show.
    if (day.leaveDay || day.kind === 'leave') {
      const seconds = input.calendar.expectedSeconds(day.date, activeScheduleOn(input.schedules, day.date));
      const type = leaveTypeOn.get(day.date);
      out.leaveDays++;
      out.leaveSeconds += seconds;
      if (type !== undefined) {
        const a = absence(type);
        a.days++;
        a.seconds += seconds;
      }
    } else if (day.kind === 'absent') {
      out.unjustifiedDays++;
      out.unjustifiedSeconds += day.expectedSeconds;
      unjustified.push(day.date);
    }
  }
  out.holidayWorkedDays = holidayDates.size;
  out.unjustifiedDates = dateRanges(unjustified);
  for (const [type, dates] of leaveDates) absence(type).dates = dateRanges(dates);
  out.absences = [...absences.values()].sort((a, b) => a.leaveTypeId - b.leaveTypeId);
  return out;
}

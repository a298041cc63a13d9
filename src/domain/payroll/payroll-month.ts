import type { DayCalendar } from '../reports/day-calendar.ts';
import { activeScheduleOn } from '../reports/day-calendar.ts';
import type { MonthlyRecordDay } from '../reports/monthly-record.ts';
import type { ScheduleRule } from '../schedules/schedule-rules.ts';
import { addDays } from '../time/zoned-time.ts';
import { nightSeconds } from './night-seconds.ts';

/**
 * What the payroll bureau needs of one employee's month (decision 052), built on the legal monthly
 * record (`buildMonthlyRecord`): the record decides what each day expected (schedules, DST,
 * holidays, approved leave, flagged work) and its overtime; this only sorts those seconds into
 * payroll concepts. Every figure is whole seconds; the exports turn them into hours.
 *
 * - A shift belongs to the date it starts (the record's rule), so a night shift from the last
 *   day of a month into the next counts, night hours and all, in the month it started.
 * - counted = the record's counted seconds (break rules, decision 050: paid breaks in, an
 *   automatic deduction out); ordinary = counted − overtime of each closed day; the three overtime figures add up to
 *   `overtimeSeconds` (paid, compensated with rest, not marked yet).
 * - A day without check-out counts nothing yet (`openDays` tells the bureau the month is not
 *   complete).
 * - Holidays worked: the counted work of days that are company holidays (a holiday expects
 *   nothing, so those hours are also overtime: the two columns overlap on purpose).
 * - Night: the work between 22:00 and 06:00 (art. 36 ET), unpaid breaks excluded, never more than
 *   the day's counted work (an automatic break deduction has no place in time, so it caps).
 * - Absences by leave type: working days of approved leave (rest days and holidays inside a leave
 *   are not taken) and the hours the schedule would have expected on them.
 * - Unjustified absences: past working days with neither attendance nor leave, and their expected hours.
 */

export interface PayrollAbsence {
  leaveTypeId: number;
  days: number;
  seconds: number;
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
   * beyond the contract, apart from overtime and never in the 80 h cap. Not a column of the
   * export yet: the export's columns add it.
   */
  complementarySeconds: number;
  nightSeconds: number;
  holidayWorkedDays: number;
  holidayWorkedSeconds: number;
  leaveDays: number;
  leaveSeconds: number;
  /** By leave type id, ascending; only the types taken this month. */
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
  Partial<Pick<MonthlyRecordDay, 'leaveDay' | 'complementarySeconds' | 'ordinarySeconds'>>;

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
    leaveDays: 0,
    leaveSeconds: 0,
    absences: [],
    unjustifiedDays: 0,
    unjustifiedSeconds: 0,
    autoBreakDeductedSeconds: 0,
  };
}

export function payrollMonth(input: {
  days: readonly PayrollRecordDay[];
  /** The employee's schedules: a leave day takes the hours its schedule expected. */
  schedules: readonly ScheduleRule[];
  calendar: DayCalendar;
  /** Approved leave, in the order the record read it (by start date). */
  leaves: readonly PayrollLeave[];
  breaksPaid: boolean;
}): PayrollMonth {
  const out = emptyPayrollMonth();
  const leaveTypeOn = new Map<string, number>();
  for (const l of input.leaves) for (let d = l.fromDate; d <= l.toDate; d = addDays(d, 1)) leaveTypeOn.set(d, l.leaveTypeId);
  const absences = new Map<number, PayrollAbsence>();
  for (const day of input.days) {
    out.expectedSeconds += day.expectedSeconds;
    if (day.kind === 'open') out.openDays++;
    if (day.kind === 'worked' && day.timeIn !== null) {
      const counted = day.countedSeconds ?? 0;
      out.workedDays++;
      out.autoBreakDeductedSeconds += day.deductedSeconds;
      out.countedSeconds += counted;
      out.ordinarySeconds += day.ordinarySeconds ?? Math.max(0, counted - day.overtimeSeconds);
      out.overtimeSeconds += day.overtimeSeconds;
      out.complementarySeconds += day.complementarySeconds ?? 0;
      if (day.overtimeCompensation === 'paid') out.overtimePaidSeconds += day.overtimeSeconds;
      else if (day.overtimeCompensation === 'rest') out.overtimeCompensatedSeconds += day.overtimeSeconds;
      else out.overtimeUnmarkedSeconds += day.overtimeSeconds;
      out.nightSeconds += Math.min(counted, nightSeconds({ timeIn: day.timeIn, timeOut: day.timeOut, breaks: day.breaks, timezone: day.timezone }, input.breaksPaid));
      if (day.holiday !== null) {
        out.holidayWorkedDays++;
        out.holidayWorkedSeconds += counted;
      }
    }
    // A leave day counts whether or not it was worked as well (issue 33 point 5): both show.
    if (day.leaveDay || day.kind === 'leave') {
      const seconds = input.calendar.expectedSeconds(day.date, activeScheduleOn(input.schedules, day.date));
      const type = leaveTypeOn.get(day.date);
      out.leaveDays++;
      out.leaveSeconds += seconds;
      if (type !== undefined) {
        const a = absences.get(type) ?? { leaveTypeId: type, days: 0, seconds: 0 };
        a.days++;
        a.seconds += seconds;
        absences.set(type, a);
      }
    } else if (day.kind === 'absent') {
      out.unjustifiedDays++;
      out.unjustifiedSeconds += day.expectedSeconds;
    }
  }
  out.absences = [...absences.values()].sort((a, b) => a.leaveTypeId - b.leaveTypeId);
  return out;
}

import { partTimeOf, type PartTimeInput } from '#domain/employees/contract-terms.ts';
import { contractTermsByEmployee } from '../../db/repositories/contract-terms.ts';
import { interruptionsIn, standbyIn } from '../../db/repositories/time-apart.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import type { BreakRulesInput } from '#domain/worktime/break-rules.ts';
import { spanCalendar } from '#domain/worktime/hours-balance-calendar.ts';
import { buildMonthlyRecord, type MonthlyRecordDay } from '#domain/reports/monthly-record.ts';
import { activeScheduleOn, createDayCalendar, nextDate, type DayCalendar } from '#domain/reports/day-calendar.ts';
import type { ScheduleRule } from '#domain/schedules/schedule-rules.ts';
import { toilAvailability, weeklyOvertime, type BalanceDay, type HoursBalance } from '#domain/worktime/hours-balance.ts';
import { capOvertimeOf, overtimeCapState, type OvertimeCapState, type YearOvertime } from '#domain/worktime/overtime-cap.ts';
import { localDateOf } from '#domain/time/zoned-time.ts';
import { nowMs } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { byEmployee, holidaysByCompany, leavesOverlapping, recordAttendancesIn, reportEmployees, schedulesByEmployee, type EmployeeFilter, type ReportEmployee } from '../../db/repositories/report-data.ts';
import { firstAttendanceDates, toilLeaveTypeIds } from '../../db/repositories/hours-balance.ts';
import { getSettings } from '../get-settings.ts';
import { absenceFloors } from '../reports/absence-floors.ts';
import { balanceStartOf } from '#domain/reports/absence-rule.ts';

export interface EmployeeHoursBalance {
  employee: Pick<ReportEmployee, 'id' | 'firstName' | 'lastName' | 'companyId' | 'departmentName'>;
  /** First date counted (`balanceStartOf`); null with neither a schedule nor a recorded day (nothing to count). */
  from: string | null;
  /** Last date counted: today (a day without a closed attendance counts only once it is over). */
  through: string;
  balance: HoursBalance;
  /**
   * What TOIL may still take: the balance with every standing (pending or approved) TOIL date
   * reserving its scheduled time instead of what the day did to the balance (a TOIL debit, or an
   * absence while the request waits), so future TOIL counts too.
   */
  availableSeconds: number;
  /** This calendar year's overtime by compensation, for the 80 h cap (art. 35.2 ET). */
  year: YearOvertime & { state: OvertimeCapState; weeklyOvertimeSeconds: number };
}

/** Days of the employee's balance, built from the monthly record over [from, to] (see hours-balance.ts). */
export interface BalanceInputs {
  today: string;
  /** The company's break rules: what counts as work (paid breaks, automatic deduction). */
  breakRules: BreakRulesInput;
  calendar: DayCalendar;
  schedules: readonly ScheduleRule[];
  holidays: ReadonlyMap<string, string> | undefined;
  /** Dates of the employee's approved leave → leave type id. */
  approvedLeave: ReadonlyMap<string, number>;
  toilTypes: ReadonlySet<number>;
  attendances: Parameters<typeof buildMonthlyRecord>[0]['attendances'];
  /** The employee's absence floor (absence-rule.ts); left out, no floor. */
  absenceFrom?: string;
  /** Part time: hours beyond the expected are complementary, not overtime (not in the 80 h cap). */
  partTime?: PartTimeInput;
  /** The employee's standby periods and interruptions (issue 38 point 1): their work counts as any day's. */
  standby?: Parameters<typeof buildMonthlyRecord>[0]['standby'];
  interruptions?: Parameters<typeof buildMonthlyRecord>[0]['interruptions'];
}

/** The work a schedule expects on a date unless it is a rest day, a holiday or without schedule: what a TOIL day takes. */
export function scheduledSecondsOn(date: string, inputs: Pick<BalanceInputs, 'calendar' | 'schedules' | 'holidays'>): number {
  if (inputs.holidays?.has(date)) return 0;
  return inputs.calendar.expectedSeconds(date, activeScheduleOn(inputs.schedules, date));
}

/** The record's days over [from, to] as the balance reads them. */
export function balanceDays(from: string, to: string, inputs: BalanceInputs): { days: BalanceDay[]; record: MonthlyRecordDay[] } {
  const leaveByDate = new Map<string, string>();
  for (const [date, type] of inputs.approvedLeave) if (date >= from && date <= to) leaveByDate.set(date, String(type));
  const { days: record } = buildMonthlyRecord({
    period: { from, to },
    today: inputs.today,
    calendar: inputs.calendar,
    schedules: inputs.schedules,
    leaveByDate,
    ...(inputs.holidays ? { holidays: inputs.holidays } : {}),
    attendances: inputs.attendances,
    breakRules: inputs.breakRules,
    ...(inputs.absenceFrom !== undefined ? { absenceFrom: inputs.absenceFrom } : {}),
    partTime: inputs.partTime ?? false,
    standby: inputs.standby ?? [],
    interruptions: inputs.interruptions ?? [],
  });
  const days = record.map((d): BalanceDay => {
    // A TOIL day debits its scheduled hours also when it was worked after all (issue 33 point 5:
    // the leave day is never lost); the work counts as any day's.
    const toil = d.leaveDay && inputs.toilTypes.has(inputs.approvedLeave.get(d.date) ?? 0);
    return {
      date: d.date,
      kind: d.kind,
      countedSeconds: d.countedSeconds,
      expectedSeconds: d.expectedSeconds,
      overtimeSeconds: d.overtimeSeconds,
      overtimeCompensation: d.overtimeCompensation,
      forceMajeure: d.overtimeForceMajeure != null,
      toilSeconds: toil ? scheduledSecondsOn(d.date, inputs) : 0,
    };
  });
  return { days, record };
}

/** A year's overtime split by compensation, with the weekly figure, from the record's days of that year. */
export function yearOvertime(year: number, days: readonly BalanceDay[]): EmployeeHoursBalance['year'] {
  const prefix = `${year}-`;
  const own = days.filter((d) => d.date.startsWith(prefix));
  // Force majeure overtime (art. 35.3 ET) is apart and never in the cap (decision 081).
  const split = capOvertimeOf(own);
  const weeklyOvertimeSeconds = weeklyOvertime(own).reduce((s, w) => s + w.overtimeSeconds, 0);
  return { year, ...split, weeklyOvertimeSeconds, state: overtimeCapState(split) };
}

/** A TOIL request being checked (decision 049): its own dates are neither debited nor reserved. */
export interface ToilRequest {
  /** The leave being edited or decided, if it exists already. */
  id?: number;
  from: string;
  to: string;
}

/**
 * The hours balance of every employee under the filter, in name order, as of now. The balance of
 * an employee runs from their absence floor (first schedule, start date, the installation's
 * record: the days payroll can count as absences) or their first recorded day when earlier, never
 * before their start date (`balanceStartOf`), through today.
 * Reads everything in a handful of set-based queries (report-data.ts).
 *
 * With `request`, `requestedSeconds` of each result is the scheduled time of the request's dates
 * and `availableSeconds` leaves the request out (its dates are not debited as absences or TOIL).
 */
export async function hoursBalances(db: Db, filter: EmployeeFilter, request?: ToilRequest): Promise<(EmployeeHoursBalance & { requestedSeconds: number })[]> {
  const settings = await getSettings(db);
  const today = localDateOf(nowMs(), settings.timezone);
  const calendar = spanCalendar(createDayCalendar(settings.timezone));
  const yearStart = `${today.slice(0, 4)}-01-01`;
  const employees = await reportEmployees(db, filter);
  const rulesByDate = await breakRulesByDate(db);
  const terms = await contractTermsByEmployee(db, filter);
  if (employees.length === 0) return [];
  const firsts = await firstAttendanceDates(db, filter);
  const schedules = await schedulesByEmployee(db, filter);
  const floors = await absenceFloors(db, employees, (id) => schedules.get(id) ?? [], settings.timezone);
  // From the absence floor (or the first recorded day when earlier), never before the start date.
  const startOf = (e: ReportEmployee): string | null =>
    balanceStartOf({ floor: floors.get(e.id)!, hasSchedule: (schedules.get(e.id) ?? []).length > 0, firstRecorded: firsts.get(e.id) ?? null, startDate: e.officialStartDate });
  const starts = employees.map(startOf).filter((s): s is string => s !== null);
  const earliest = [yearStart, ...starts, ...(request ? [request.from] : [])].sort()[0]!;
  const wide = { from: earliest, to: '9999-12-31' };
  const [leaves, attendances, holidays, toilTypes, standby, interruptions] = await Promise.all([
    leavesOverlapping(db, filter, wide, ['approved', 'pending']),
    recordAttendancesIn(db, filter, { from: earliest, to: today }),
    holidaysByCompany(db, wide),
    toilLeaveTypeIds(db),
    standbyIn(db, filter, { from: earliest, to: today }),
    interruptionsIn(db, filter, { from: earliest, to: today }),
  ]);
  const leavesOf = byEmployee(leaves);
  const attendancesOf = byEmployee(attendances);
  const standbyOf = byEmployee(standby);
  const interruptionsOf = byEmployee(interruptions);
  return employees.map((e) => {
    const from = startOf(e);
    const approved = new Map<string, number>();
    const inputs: BalanceInputs = {
      today,
      breakRules: rulesByDate,
      calendar,
      schedules: schedules.get(e.id) ?? [],
      holidays: holidays.get(e.companyId),
      approvedLeave: approved,
      toilTypes,
      attendances: attendancesOf.get(e.id) ?? [],
      absenceFrom: floors.get(e.id)!,
      partTime: partTimeOf(terms, e.id),
      standby: standbyOf.get(e.id) ?? [],
      interruptions: interruptionsOf.get(e.id) ?? [],
    };
    // Standing TOIL dates reserve their scheduled time; the request's own dates are set apart (toilAvailability).
    const reserved = new Map<string, number>();
    const asked = new Map<string, number>();
    for (const l of leavesOf.get(e.id) ?? []) {
      if (request && l.id === request.id) continue;
      for (let d = l.fromDate; d <= l.toDate; d = nextDate(d)) {
        if (l.status === 'approved') approved.set(d, l.leaveTypeId);
        if (toilTypes.has(l.leaveTypeId)) reserved.set(d, scheduledSecondsOn(d, inputs));
      }
    }
    if (request) for (let d = request.from; d <= request.to; d = nextDate(d)) asked.set(d, scheduledSecondsOn(d, inputs));
    // The year's figures need the whole year even when the balance starts later.
    const span = from === null || yearStart < from ? yearStart : from;
    const { days } = balanceDays(span, today, inputs);
    const { balance, availableSeconds, requestedSeconds } = toilAvailability({ days, from, today, reserved, request: asked });
    return {
      employee: { id: e.id, firstName: e.firstName, lastName: e.lastName, companyId: e.companyId, departmentName: e.departmentName },
      from,
      through: today,
      balance,
      availableSeconds,
      requestedSeconds,
      year: yearOvertime(Number(today.slice(0, 4)), days),
    };
  });
}

import type { ScheduleRule } from '../schedules/schedule-rules.ts';

/**
 * When a missing day can count as an absence (issue 33 point 6). The one rule every report asks
 * (the monthly record and with it payroll, the hours balance and the period close; the attendance
 * report; the dashboards): a past working day without attendance or leave is an absence only on
 * or after the employee's **absence floor**, the latest of
 * - the first day of the employee's first schedule (before it nothing was expected);
 * - the employee's start date (`official_start_date`: not employed before it);
 * - the day the installation's record began for the employee's company (`recordStartOf`).
 * Days before the floor are `before-start` in the record: they expect nothing and count nowhere.
 */

/**
 * The first date of the company's record: the day the company was created here, or the first day
 * recorded for it when that is earlier (history entered by hand, demo data, an import), as from
 * then on the record was evidently kept here. Dates `YYYY-MM-DD` in the company's zone.
 */
export function recordStartOf(companyCreatedOn: string, firstRecordedDate: string | null): string {
  return firstRecordedDate !== null && firstRecordedDate < companyCreatedOn ? firstRecordedDate : companyCreatedOn;
}

/**
 * The employee's absence floor (see above): the latest of the first schedule's first day, the
 * start date and the record's start; missing inputs are left out (with none: '' = no floor).
 * A schedule wholly replaced by a later one (its range empty, see `supersede`) never was in force.
 */
export function absenceFloor(input: { schedules: readonly Pick<ScheduleRule, 'fromDate' | 'toDate'>[]; startDate?: string | null; recordStart?: string | null }): string {
  let first: string | null = null;
  for (const s of input.schedules) {
    if (s.toDate !== null && s.toDate < s.fromDate) continue;
    if (first === null || s.fromDate < first) first = s.fromDate;
  }
  return [first, input.startDate ?? null, input.recordStart ?? null].reduce<string>((floor, d) => (d !== null && d > floor ? d : floor), '');
}

/** Whether a date can count as an absence for an employee with this floor (none given: any date can). */
export function mayCountAsAbsence(date: string, floor: string | undefined): boolean {
  return floor === undefined || date >= floor;
}

/**
 * The first day of an employee's hours balance (decision 049, issue 33): from the absence floor,
 * so the balance debits exactly the absences payroll reports, or from the first recorded day when
 * that is earlier (work done before the first schedule is counted too), never before the start
 * date. Without a schedule the floor expects nothing: the first recorded day, or null (nothing to
 * count yet).
 */
export function balanceStartOf(input: { floor: string; hasSchedule: boolean; firstRecorded: string | null; startDate: string | null }): string | null {
  const candidates = [input.firstRecorded, input.hasSchedule && input.floor !== '' ? input.floor : null].filter((d): d is string => d !== null);
  if (candidates.length === 0) return null;
  const first = candidates.sort()[0]!;
  return input.startDate !== null && input.startDate > first ? input.startDate : first;
}

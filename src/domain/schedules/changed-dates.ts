import { addDays } from '../time/zoned-time.ts';
import type { ScheduleRule } from './schedule-rules.ts';

/** A schedule as far as what it puts in force on which dates (decision 051, update of issue 33); `toDate` null is open-ended. */
export type ScheduleSpan = Omit<ScheduleRule, 'id' | 'status'> & { employeeId: number };

/** An employee's dates a schedule write may change; `to` null is open-ended. */
export interface ChangedSpan {
  employeeId: number;
  from: string;
  to: string | null;
}

const sameShift = (a: ScheduleSpan, b: ScheduleSpan) =>
  a.employeeId === b.employeeId && a.startTime === b.startTime && a.offTime === b.offTime && a.totalHours === b.totalHours && a.restDays.length === b.restDays.length && a.restDays.every((d) => b.restDays.includes(d));

/** Dates in [from, to] of one range and not the other, as at most two spans. */
function rangeDifference(employeeId: number, a: ScheduleSpan, b: ScheduleSpan): ChangedSpan[] {
  const spans: ChangedSpan[] = [];
  if (a.fromDate !== b.fromDate) {
    const [early, late] = a.fromDate < b.fromDate ? [a.fromDate, b.fromDate] : [b.fromDate, a.fromDate];
    spans.push({ employeeId, from: early, to: addDays(late, -1) });
  }
  if (a.toDate !== b.toDate) {
    // null (open end) is later than any date.
    const [early, late] = a.toDate === null ? [b.toDate!, null] : b.toDate === null || a.toDate < b.toDate ? [a.toDate, b.toDate] : [b.toDate, a.toDate];
    spans.push({ employeeId, from: addDays(early, 1), to: late });
  }
  return spans;
}

/**
 * The dates whose schedule a rewrite of `before` into `after` may change: both whole ranges when
 * the shift or the employee changes, else only the dates gained or lost at either end. An empty
 * range (`toDate` before `fromDate`: a wholly replaced schedule) changes nothing on its own.
 */
export function changedSpans(before: ScheduleSpan | null, after: ScheduleSpan | null): ChangedSpan[] {
  const whole = (s: ScheduleSpan | null): ChangedSpan[] => (s && (s.toDate === null || s.toDate >= s.fromDate) ? [{ employeeId: s.employeeId, from: s.fromDate, to: s.toDate }] : []);
  if (!before || !after || !sameShift(before, after)) return [...whole(before), ...whole(after)];
  const live = (s: ScheduleSpan) => s.toDate === null || s.toDate >= s.fromDate;
  if (!live(before) || !live(after)) return [...whole(before), ...whole(after)];
  return rangeDifference(before.employeeId, before, after);
}

import { pactOn } from '#domain/worktime/complementary-hours.ts';
import { isRostered, type PlannedDay } from '#domain/roster/planned-day.ts';
import { isoMonday, rosterWarnings, type EmployeePlanInput, type RosterWarning } from '#domain/roster/roster-warnings.ts';
import { activeScheduleOn } from '#domain/schedules/schedule-rules.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { breakRulesByDate } from '../../db/repositories/break-rules-history.ts';
import { complementaryByEmployee } from '../../db/repositories/complementary-hours.ts';
import { contractTermsByEmployee } from '../../db/repositories/contract-terms.ts';
import { plannedDaysOf } from '../../db/repositories/planned-days.ts';
import { draftShiftsOf, employeeCompanies } from '../../db/repositories/roster-warning-data.ts';
import { byEmployee, holidaysByCompany, leavesOverlapping, schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { getSettings } from '../get-settings.ts';

/**
 * Gathers what the roster warnings read (decision 088) for some employees and a planned range,
 * the way the record reads it: approved leave, company holidays, the effective-dated contract
 * terms and daily ordinary hours, the complementary-hours pacts, the schedule patterns without the
 * published days, the draft shifts and the published days of the range widened by one day either
 * side and to whole ISO weeks. A dozen reads whatever the number of employees.
 */
export async function rosterWarningsOf(db: Db, employeeIds: readonly number[], range: { from: string; to: string }): Promise<RosterWarning[]> {
  const ids = [...new Set(employeeIds)];
  if (ids.length === 0) return [];
  const span = widened(range);
  const filter = { ids };
  const [settings, rules, employees, drafts, published, leaves, holidays, terms, pacts, schedules] = await Promise.all([
    getSettings(db),
    breakRulesByDate(db),
    employeeCompanies(db, ids),
    draftShiftsOf(db, ids, span).then(byEmployee),
    plannedDaysOf(db, ids, span),
    leavesOverlapping(db, filter, span).then(byEmployee),
    holidaysByCompany(db, span),
    contractTermsByEmployee(db, filter),
    complementaryByEmployee(db, filter, span),
    schedulesByEmployee(db, filter, span),
  ]);

  const plans: EmployeePlanInput[] = employees.map((e) => {
    const patterns = (schedules.get(e.id) ?? []).filter((r) => !isRostered(r));
    const ownPacts = pacts.get(e.id)?.pacts ?? [];
    const leaveDates: string[] = [];
    for (const l of leaves.get(e.id) ?? []) for (let d = l.fromDate < span.from ? span.from : l.fromDate; d <= l.toDate && d <= span.to; d = addDays(d, 1)) leaveDates.push(d);
    return {
      employee: e.id,
      shifts: drafts.get(e.id) ?? [],
      published: (published.get(e.id) ?? []).map(publishedInput),
      leaveDates,
      holidays: [...(holidays.get(e.companyId)?.keys() ?? [])],
      contractOn: terms.get(e.id) ?? (() => ({ workingDayType: 'full-time', partTimePercent: null })),
      pactOn: (date) => pactOn(ownPacts, date) !== null,
      patternOn: (date) => activeScheduleOn(patterns, date),
    };
  });
  return rosterWarnings({ ...range, timeZone: settings.timezone, now: nowIso(), maxOrdinaryDailyHours: (date) => rules(date).maxOrdinaryDailyHours, employees: plans });
}

/**
 * The warnings a write of one employee's shift on these dates may change (a move names both
 * dates): each date's own, the next day's (rest and overlap run from this shift's end) and its
 * week's (on the Monday). Judged over the whole ISO weeks, as the grid's week view judges them.
 */
export async function rosterWarningsAround(db: Db, employeeId: number, dates: readonly string[]): Promise<RosterWarning[]> {
  if (dates.length === 0) return [];
  const sorted = [...dates].sort();
  const affected = new Set(sorted.flatMap((d) => [d, addDays(d, 1), isoMonday(d)]));
  const from = isoMonday(sorted[0]!);
  const to = addDays(isoMonday(addDays(sorted.at(-1)!, 1)), 6);
  return (await rosterWarningsOf(db, [employeeId], { from, to })).filter((w) => affected.has(w.date));
}

/** The range widened to what the rules read: one day either side and whole ISO weeks. */
function widened(range: { from: string; to: string }): { from: string; to: string } {
  const before = addDays(range.from, -1);
  const monday = isoMonday(range.from);
  const after = addDays(range.to, 1);
  const sunday = addDays(isoMonday(range.to), 6);
  return { from: before < monday ? before : monday, to: after > sunday ? after : sunday };
}

const publishedInput = (p: PlannedDay) => ({ date: p.date, kind: p.kind, startTime: p.startTime, endTime: p.endTime, breakMinutes: p.breakMinutes });

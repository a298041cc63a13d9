import { patternShiftOn } from '#domain/roster/pattern-shift.ts';
import { datesOf, RosterRangeInput } from '#domain/roster/roster-schema.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { schedulesByEmployee } from '../../db/repositories/report-data.ts';
import { rosterHolidays, rosterLeaves } from '../../db/repositories/roster-grid.ts';
import type { RosterShiftValues } from '../../db/repositories/roster-shifts.ts';
import { managedDepartment, validate, type RosterActor } from './roster-department.ts';
import { placeShifts, type PlaceResult } from './place-shifts.ts';

/**
 * `POST /api/roster/fill {department, from, to}` (issue 39 point 2, decision 085): each active
 * employee's empty cells get the shift their schedule pattern plans (`patternShiftOn`); rest days,
 * holidays and days of approved leave stay empty; taken and locked days are skipped.
 */
export async function fillFromSchedules(db: Db, actor: RosterActor, input: unknown): Promise<PlaceResult> {
  const data = validate(RosterRangeInput, input);
  const department = await managedDepartment(db, actor, data.department);
  const schedules = await schedulesByEmployee(db, { department: department.id, status: 'active' });
  const holidays = new Set((await rosterHolidays(db, department.companyId, data.from, data.to)).map((h) => h.date));
  const leave = await rosterLeaves(db, [...schedules.keys()], data.from, data.to);
  const onLeave = (employeeId: number, date: string) => leave.some((l) => l.employeeId === employeeId && l.fromDate <= date && date <= l.toDate);
  const candidates: RosterShiftValues[] = [];
  for (const [employeeId, rules] of schedules) {
    for (const date of datesOf(data.from, data.to)) {
      const shift = onLeave(employeeId, date) ? null : patternShiftOn(rules, date, holidays.has(date));
      if (shift) candidates.push({ companyId: department.companyId, departmentId: department.id, employeeId, date, templateId: null, ...shift });
    }
  }
  return placeShifts(db, actor, department, candidates, 'fill', { from: data.from, to: data.to }, nowIso());
}

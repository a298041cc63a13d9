import { CopyWeekInput, RepeatWeeksInput } from '#domain/roster/roster-schema.ts';
import { addDays } from '#domain/time/zoned-time.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { rosterEmployees } from '../../db/repositories/roster-grid.ts';
import { rosterShiftsIn, type RosterShiftRow, type RosterShiftValues } from '../../db/repositories/roster-shifts.ts';
import { managedDepartment, validate, type RosterActor, type RosterDepartment } from './roster-department.ts';
import { placeShifts, type PlaceResult } from './place-shifts.ts';

/**
 * Copy a week and repeat an N-week pattern (issue 39 point 2, decision 085): the department's
 * draft shifts of the source dates land the same weekday of the target weeks, for the same
 * employee (still active) or open. Nothing is overwritten; taken and locked days are skipped.
 */
async function sourceShifts(db: Db, department: RosterDepartment, from: string, to: string): Promise<RosterShiftRow[]> {
  const shifts = await rosterShiftsIn(db, department.id, from, to);
  const assigned = [...new Set(shifts.flatMap((s) => (s.employeeId === null ? [] : [s.employeeId])))];
  const active = new Set((await rosterEmployees(db, department.id, assigned)).filter((e) => e.status === 'active').map((e) => e.id));
  return shifts.filter((s) => s.employeeId === null || active.has(s.employeeId));
}

const moved = (s: RosterShiftRow, days: number): RosterShiftValues => ({
  companyId: s.companyId,
  departmentId: s.departmentId,
  employeeId: s.employeeId,
  date: addDays(s.date, days),
  startTime: s.startTime,
  endTime: s.endTime,
  breakMinutes: s.breakMinutes,
  templateId: s.templateId,
});

/** `POST /api/roster/copy-week {department, from, to}` (both Mondays). */
export async function copyWeek(db: Db, actor: RosterActor, input: unknown): Promise<PlaceResult> {
  const data = validate(CopyWeekInput, input);
  const department = await managedDepartment(db, actor, data.department);
  const offset = Math.round((Date.parse(`${data.to}T00:00:00Z`) - Date.parse(`${data.from}T00:00:00Z`)) / 86_400_000);
  const source = await sourceShifts(db, department, data.from, addDays(data.from, 6));
  return placeShifts(
    db,
    actor,
    department,
    source.map((s) => moved(s, offset)),
    'copy-week',
    { from: data.from, to: data.to },
    nowIso(),
  );
}

/** `POST /api/roster/repeat {department, from, weeks, times}`: the pattern of `weeks` weeks from `from`, `times` times after it. */
export async function repeatWeeks(db: Db, actor: RosterActor, input: unknown): Promise<PlaceResult> {
  const data = validate(RepeatWeeksInput, input);
  const department = await managedDepartment(db, actor, data.department);
  const length = 7 * data.weeks;
  const source = await sourceShifts(db, department, data.from, addDays(data.from, length - 1));
  const candidates: RosterShiftValues[] = [];
  for (let k = 1; k <= data.times; k += 1) for (const s of source) candidates.push(moved(s, k * length));
  return placeShifts(db, actor, department, candidates, 'repeat', { from: data.from, weeks: data.weeks, times: data.times }, nowIso());
}

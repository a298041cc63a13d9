import { coverageOf } from '#domain/roster/coverage.ts';
import type { RosterDto } from '#domain/roster/roster-contract.ts';
import { publishChanges } from '#domain/roster/publish-diff.ts';
import { datesOf, RosterRangeInput } from '#domain/roster/roster-schema.ts';
import { rosterWarningWire } from '#domain/roster/roster-warning-text.ts';
import type { Db } from '../../db/connection.ts';
import { coverageNeedsOf } from '../../db/repositories/coverage-needs.ts';
import { plannedDaysOf } from '../../db/repositories/planned-days.ts';
import { pendingClaimCounts, rosterEmployees, rosterHolidays, rosterLeaves, rosterLockedPeriods } from '../../db/repositories/roster-grid.ts';
import { rosterPublicationsIn } from '../../db/repositories/roster-publications.ts';
import { rosterShiftsIn } from '../../db/repositories/roster-shifts.ts';
import { listShiftTemplates } from '../../db/repositories/shift-templates.ts';
import { rosterWarningsOf } from './roster-warnings.ts';
import { managedDepartment, validate, type RosterActor } from './roster-department.ts';
import { rosterShiftDto } from './roster-dto.ts';

export type { RosterDto };

/** `GET /api/roster?department&from&to`: query parameters judged by the range contract (≤ 62 days). */
export async function readRoster(db: Db, actor: RosterActor, params: URLSearchParams): Promise<RosterDto> {
  const range = validate(RosterRangeInput, { department: params.get('department') ?? '', from: params.get('from') ?? '', to: params.get('to') ?? '' });
  const department = await managedDepartment(db, actor, range.department);
  const { from, to } = range;
  const dates = datesOf(from, to);
  const own = await rosterShiftsIn(db, department.id, from, to);
  const others = [...new Set(own.flatMap((s) => (s.employeeId === null ? [] : [s.employeeId])))];
  const employees = await rosterEmployees(db, department.id, others);
  const ids = employees.map((e) => e.id);
  // The listed employees' shifts in other departments too: one shift per employee and date, wherever.
  const shifts = await rosterShiftsIn(db, department.id, from, to, ids);
  const [planned, leaves, holidays, locks, needs, publications, claims] = await Promise.all([
    plannedDaysOf(db, ids, { from, to }),
    rosterLeaves(db, ids, from, to),
    rosterHolidays(db, department.companyId, from, to),
    rosterLockedPeriods(db, ids, from, to),
    coverageNeedsOf(db, department.id),
    rosterPublicationsIn(db, department.id, from, to),
    pendingClaimCounts(
      db,
      shifts.filter((s) => s.employeeId === null).map((s) => s.id),
    ),
  ]);
  const published = [...planned.values()].flat();
  const inRange = (a: string, b: string) => dates.filter((d) => d >= a && d <= b);
  const publishable = employees.filter((e) => e.departmentId === department.id && e.status === 'active').map((e) => e.id);
  return {
    department: { _id: department.id, name: department.name },
    from,
    to,
    dates,
    employees: employees.map((e) => ({ _id: e.id, name: e.name, partTimePercent: e.partTimePercent, workingDayType: e.workingDayType })),
    shifts: shifts.map((s) => rosterShiftDto(s, s.employeeId === null ? (claims.get(s.id) ?? 0) : undefined)),
    published: published.map((p) => ({ employee: p.employeeId, date: p.date, kind: p.kind, startTime: p.startTime, endTime: p.endTime, breakMinutes: Number(p.breakMinutes) })),
    templates: (await listShiftTemplates(db, department.companyId, department.id)).map(({ companyId: _c, ...t }) => t),
    leave: leaves.flatMap((l) => inRange(l.fromDate, l.toDate).map((date) => ({ employee: l.employeeId, date, leaveType: l.leaveType }))),
    holidays,
    locked: locks.flatMap((p) => inRange(p.dateFrom, p.dateTo).map((date) => ({ employee: p.employeeId, date }))),
    coverage: coverageOf(
      needs,
      shifts.filter((s) => s.departmentId === department.id),
      dates,
    ),
    warnings: (await rosterWarningsOf(db, ids, { from, to })).map(rosterWarningWire),
    publications,
    unpublishedChanges: publishChanges(publishable, dates, shifts, published).length,
  };
}

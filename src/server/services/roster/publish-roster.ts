import { asPlanDay, changesByEmployee, intendedDays, type DayChange } from '#domain/roster/publish-diff.ts';
import { datesOf, RosterRangeInput } from '#domain/roster/roster-schema.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { writePlannedDays, type PlannedDayWrite } from '../../db/repositories/planned-days.ts';
import { rosterEmployees } from '../../db/repositories/roster-grid.ts';
import { insertRosterPublication } from '../../db/repositories/roster-publications.ts';
import { markRosterShiftsPublished, rosterShiftsIn } from '../../db/repositories/roster-shifts.ts';
import { notifyRosterPublished } from '../notifications/notify-roster-published.ts';
import { managedDepartment, validate, type RosterActor } from './roster-department.ts';

/**
 * `POST /api/roster/publish {department, from, to}` (issue 39 point 3, decision 085): every active
 * employee of the department gets a published day for every date, their draft shift (in whichever
 * department it lies: one per employee and date) or a rest day. One transaction: the planned days
 * (through `writePlannedDays`, which chains them and refuses a changed day of a locked period:
 * then nothing at all is written), the draft marked published, open shifts published, the
 * publication row, the audit and one email per worker whose days changed.
 */
export interface PublishResult {
  changedDays: number;
  notified: number;
}

export async function publishRoster(db: Db, actor: RosterActor, input: unknown): Promise<PublishResult> {
  const data = validate(RosterRangeInput, input);
  const department = await managedDepartment(db, actor, data.department);
  const dates = datesOf(data.from, data.to);
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    const ids = (await rosterEmployees(trx, department.id, [])).filter((e) => e.departmentId === department.id && e.status === 'active').map((e) => e.id);
    const drafts = await rosterShiftsIn(trx, department.id, data.from, data.to, ids);
    const intended = intendedDays(ids, dates, drafts);
    const days: PlannedDayWrite[] = ids.flatMap((employeeId) =>
      dates.map((date) => {
        const d = intended.get(`${employeeId}|${date}`)!;
        return d.kind === 'shift'
          ? { employeeId, date, kind: 'shift', startTime: d.startTime, endTime: d.endTime, breakMinutes: d.breakMinutes }
          : { employeeId, date, kind: 'rest', startTime: null, endTime: null, breakMinutes: 0 };
      }),
    );
    const written = await writePlannedDays(trx, days, at, actor.id);
    const published = new Set(ids);
    await markRosterShiftsPublished(
      trx,
      drafts.filter((s) => !s.published && (s.employeeId === null ? s.departmentId === department.id : published.has(s.employeeId))).map((s) => s.id),
    );
    const publicationId = await insertRosterPublication(trx, {
      companyId: department.companyId,
      departmentId: department.id,
      dateFrom: data.from,
      dateTo: data.to,
      changedDays: written.length,
      publishedAt: at,
      publishedBy: actor.id,
    });
    await appendAudit(trx, {
      userId: actor.id,
      entity: 'roster',
      entityId: department.id,
      action: 'publish',
      after: { publicationId, from: data.from, to: data.to, employees: ids.length, changedDays: written.length },
      at,
    });
    const changes: DayChange[] = written.map(({ day, before }) => ({ employeeId: day.employeeId, date: day.date, before: before ? asPlanDay(before) : null, after: asPlanDay(day) }));
    let notified = 0;
    for (const [employeeId, list] of changesByEmployee(changes)) notified += await notifyRosterPublished(trx, { publicationId, employeeId, changes: list });
    return { changedDays: written.length, notified };
  });
}

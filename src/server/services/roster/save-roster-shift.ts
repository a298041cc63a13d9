import { ROSTER_MESSAGES, RosterShiftInput, RosterShiftPatch } from '#domain/roster/roster-schema.ts';
import { shiftSpanMinutes, type ShiftTimes } from '#domain/roster/shift-times.ts';
import { rosterWarningWire } from '#domain/roster/roster-warning-text.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { deleteRosterShift, findRosterShift, insertRosterShift, updateRosterShift, type RosterShiftRow, type RosterShiftValues } from '../../db/repositories/roster-shifts.ts';
import { findShiftTemplate } from '../../db/repositories/shift-templates.ts';
import { invalidInput, notFound } from '../../http/app-error.ts';
import { managedDepartment, requireRosterEmployee, validate, type RosterActor, type RosterDepartment } from './roster-department.ts';
import { rosterWarningsAround } from './roster-warnings.ts';
import { rosterShiftDto, type RosterShiftDto, type RosterWarningDto } from './roster-dto.ts';

/**
 * One draft shift placed, changed, moved or removed in the grid (issue 39 point 1, decision 085).
 * The repository refuses a locked day and a second shift of the employee on the date (409); the
 * shift reads as unpublished until the next publish. Warnings come from the warnings rules (088).
 */
export interface SavedShift {
  data: RosterShiftDto;
  warnings: RosterWarningDto[];
}

/** A template of the department's company (and of no other department), not archived. */
async function templateFor(db: Db, department: RosterDepartment, id: number | null): Promise<{ id: number; times: ShiftTimes } | null> {
  if (id === null) return null;
  const t = await findShiftTemplate(db, id);
  if (!t || t.companyId !== department.companyId || (t.department !== null && t.department !== department.id) || t.archived) throw invalidInput({ template: 'validation.unknownRecord' });
  return { id: t._id, times: { startTime: t.startTime, endTime: t.endTime, breakMinutes: t.breakMinutes } };
}

/** The shift's times: explicit ones over the template's over the current ones; complete and with a break that fits. */
function timesOf(given: Partial<ShiftTimes>, template: ShiftTimes | null, current: ShiftTimes | null): ShiftTimes {
  const base = template ?? current;
  const startTime = given.startTime ?? base?.startTime;
  const endTime = given.endTime ?? base?.endTime;
  if (startTime === undefined) throw invalidInput({ startTime: ROSTER_MESSAGES.timesRequired });
  if (endTime === undefined) throw invalidInput({ endTime: ROSTER_MESSAGES.timesRequired });
  const breakMinutes = given.breakMinutes ?? base?.breakMinutes ?? 0;
  if (breakMinutes >= shiftSpanMinutes({ startTime, endTime })) throw invalidInput({ breakMinutes: ROSTER_MESSAGES.breakTooLong });
  return { startTime, endTime, breakMinutes };
}

const given = (d: { startTime?: string | undefined; endTime?: string | undefined; breakMinutes?: number | undefined }): Partial<ShiftTimes> => ({
  ...(d.startTime === undefined ? {} : { startTime: d.startTime }),
  ...(d.endTime === undefined ? {} : { endTime: d.endTime }),
  ...(d.breakMinutes === undefined ? {} : { breakMinutes: d.breakMinutes }),
});

export async function createRosterShift(db: Db, actor: RosterActor, input: unknown): Promise<SavedShift> {
  const data = validate(RosterShiftInput, input);
  const department = await managedDepartment(db, actor, data.department);
  if (data.employee !== null) await requireRosterEmployee(db, department, data.employee);
  const template = await templateFor(db, department, data.template);
  const values: RosterShiftValues = {
    companyId: department.companyId,
    departmentId: department.id,
    employeeId: data.employee,
    date: data.date,
    templateId: template?.id ?? null,
    ...timesOf(given(data), template?.times ?? null, null),
  };
  const at = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertRosterShift(trx, values, at, actor.id);
    await appendAudit(trx, { userId: actor.id, entity: 'rosterShift', entityId: id, action: 'create', after: values, at });
    return id;
  });
  return { data: rosterShiftDto((await findRosterShift(db, id))!), warnings: await warningsOf(db, [{ employeeId: values.employeeId, date: values.date }]) };
}

/**
 * The warnings a write may have changed (decision 088): each worker's written dates (a move
 * names the old and the new), their next days and weeks. An open shift has none.
 */
async function warningsOf(db: Db, days: readonly { employeeId: number | null; date: string }[]): Promise<RosterWarningDto[]> {
  const byEmployee = new Map<number, string[]>();
  for (const d of days) if (d.employeeId !== null) byEmployee.set(d.employeeId, [...(byEmployee.get(d.employeeId) ?? []), d.date]);
  const out: RosterWarningDto[] = [];
  for (const [employeeId, dates] of byEmployee) out.push(...(await rosterWarningsAround(db, employeeId, dates)).map(rosterWarningWire));
  return out;
}

async function managedShift(db: Db, actor: RosterActor, id: number): Promise<{ shift: RosterShiftRow; department: RosterDepartment }> {
  const shift = await findRosterShift(db, id);
  if (!shift) throw notFound();
  return { shift, department: await managedDepartment(db, actor, shift.departmentId) };
}

/** Changes only the fields given; a new template without times takes the template's times. */
export async function updateRosterShiftById(db: Db, actor: RosterActor, id: number, input: unknown): Promise<SavedShift> {
  const patch = validate(RosterShiftPatch, input);
  const { shift, department } = await managedShift(db, actor, id);
  const employeeId = patch.employee === undefined ? shift.employeeId : patch.employee;
  if (employeeId !== null && employeeId !== shift.employeeId) await requireRosterEmployee(db, department, employeeId);
  const templateChanged = patch.template !== undefined && patch.template !== shift.templateId;
  const template = templateChanged ? await templateFor(db, department, patch.template ?? null) : null;
  const values: RosterShiftValues = {
    companyId: shift.companyId,
    departmentId: shift.departmentId,
    employeeId,
    date: patch.date ?? shift.date,
    templateId: patch.template === undefined ? shift.templateId : patch.template,
    ...timesOf(given(patch), template?.times ?? null, shift),
  };
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateRosterShift(trx, shift, values, at, actor.id);
    await appendAudit(trx, { userId: actor.id, entity: 'rosterShift', entityId: id, action: 'update', before: shift, after: values, at });
  });
  return {
    data: rosterShiftDto((await findRosterShift(db, id))!),
    warnings: await warningsOf(db, [
      { employeeId: shift.employeeId, date: shift.date },
      { employeeId, date: values.date },
    ]),
  };
}

export async function deleteRosterShiftById(db: Db, actor: RosterActor, id: number): Promise<void> {
  const { shift } = await managedShift(db, actor, id);
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await deleteRosterShift(trx, shift);
    await appendAudit(trx, { userId: actor.id, entity: 'rosterShift', entityId: id, action: 'delete', before: shift, at });
  });
}

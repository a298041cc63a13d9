import * as v from 'valibot';
import { issuesToFieldKeys } from '#domain/auth/auth-schemas.ts';
import { DepartmentScheduleCreateInput, DepartmentScheduleInput, ScheduleCreateInput, ScheduleInput } from '#domain/schedules/schedule-schema.ts';
import { restoreSuperseded, supersede } from '#domain/schedules/supersede.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { activeEmployeeIdsOfDepartment, findEmployeeStatus } from '../../db/repositories/employees.ts';
import { exists } from '../../db/repositories/org/references.ts';
import { deleteScheduleRecord, endSchedule, findSchedule, insertSchedule, overwriteSchedule, schedulesOf, type ScheduleDto } from '../../db/repositories/schedules.ts';
import { AppError, notFound } from '../../http/app-error.ts';
import { requireWritable, requireWriteKind, type RecordActor } from '../record-guard.ts';
import { nowIso } from '../../clock/now.ts';
import { withDefaultStart } from './schedule-start-default.ts';

function validate<S extends v.GenericSchema>(schema: S, input: unknown): v.InferOutput<S> {
  const result = v.safeParse(schema, input);
  if (!result.success) throw new AppError('validation.invalidInput', 422, {}, issuesToFieldKeys(result.issues));
  return result.output;
}

type Shift = Omit<ScheduleInput, 'employee'>;

/** Writes one current schedule for an employee, ending the ones it replaces (see `supersede`). */
async function insertCurrent(trx: Db, employeeId: number, shift: Shift, at: string, actorId: number, exceptId?: number): Promise<number> {
  const existing = (await schedulesOf(trx, employeeId)).filter((s) => s.id !== exceptId);
  for (const change of supersede(existing, shift.fromDate)) {
    await endSchedule(trx, change.id, change.toDate, at);
    await appendAudit(trx, { userId: actorId, entity: 'schedule', entityId: change.id, action: 'supersede', after: change, at });
  }
  const values = {
    startTime: shift.startTime,
    offTime: shift.offTime,
    totalHours: shift.totalHours,
    restDays: shift.restDays,
    fromDate: shift.fromDate,
    toDate: shift.toDate,
    status: 'current' as const,
    updatedAt: at,
  };
  if (exceptId !== undefined) {
    await overwriteSchedule(trx, exceptId, { ...values, employeeId });
    return exceptId;
  }
  return insertSchedule(trx, { ...values, employeeId, createdAt: at });
}

async function requireActiveEmployee(trx: Db, id: number): Promise<void> {
  const status = await findEmployeeStatus(trx, id);
  if (!status) throw new AppError('validation.invalidInput', 422, {}, { employee: 'validation.unknownRecord' });
  if (status !== 'active') throw new AppError('validation.invalidInput', 422, {}, { employee: 'schedules.employeeArchived' });
}

/**
 * Creates a current schedule; an overlapping current one of the employee becomes previous.
 * Without `fromDate` it starts on the next working day (`withDefaultStart`), never today.
 */
export async function createSchedule(db: Db, input: unknown, actor: RecordActor): Promise<ScheduleDto> {
  // Judged first by the create contract (the OpenAPI document's, the form's), then completed.
  validate(ScheduleCreateInput, input);
  const data = validate(ScheduleInput, await withDefaultStart(db, input, 'employee'));
  requireWritable(actor, data.employee, 'record');
  const actorId = actor.id;
  const id = await db.transaction().execute(async (trx) => {
    await requireActiveEmployee(trx, data.employee);
    const at = nowIso();
    const newId = await insertCurrent(trx, data.employee, data, at, actorId);
    await appendAudit(trx, { userId: actorId, entity: 'schedule', entityId: newId, action: 'create', after: data, at });
    return newId;
  });
  return (await findSchedule(db, id))!;
}

/** Edits a schedule; it becomes the current one from its start date (supersede rule again). */
export async function updateSchedule(db: Db, id: number, input: unknown, actor: RecordActor): Promise<ScheduleDto> {
  const data = validate(ScheduleInput, input);
  const actorId = actor.id;
  await db.transaction().execute(async (trx) => {
    const before = await findSchedule(trx, id);
    if (!before) throw notFound();
    // Both the schedule's employee and the one it is moved to must be within the actor's reach.
    requireWritable(actor, before.employee, 'record');
    requireWritable(actor, data.employee, 'record');
    await requireActiveEmployee(trx, data.employee);
    const at = nowIso();
    await insertCurrent(trx, data.employee, data, at, actorId, id);
    await appendAudit(trx, { userId: actorId, entity: 'schedule', entityId: id, action: 'update', before, after: data, at });
  });
  return (await findSchedule(db, id))!;
}

/**
 * Deletes a schedule; the one it superseded gets its dates back (`restoreSuperseded`), so the
 * employee is never left without the schedule they had. Refused when its dates are locked.
 */
export async function deleteSchedule(db: Db, id: number, actor: RecordActor): Promise<void> {
  const actorId = actor.id;
  await db.transaction().execute(async (trx) => {
    const before = await findSchedule(trx, id);
    if (!before) throw notFound();
    requireWritable(actor, before.employee, 'record');
    const at = nowIso();
    const own = await schedulesOf(trx, before.employee);
    const deleted = own.find((s) => s.id === id)!;
    await deleteScheduleRecord(trx, id);
    const restored = restoreSuperseded(own, deleted);
    if (restored) {
      await endSchedule(trx, restored.id, restored.toDate, at, restored.status);
      await appendAudit(trx, { userId: actorId, entity: 'schedule', entityId: restored.id, action: 'restore', after: restored, at });
    }
    await appendAudit(trx, { userId: actorId, entity: 'schedule', entityId: id, action: 'delete', before, at });
  });
}

/** The same shift for every active employee of a department, in one transaction. Returns how many. */
export async function assignDepartmentSchedule(db: Db, input: unknown, actor: RecordActor): Promise<number> {
  validate(DepartmentScheduleCreateInput, input);
  const data = validate(DepartmentScheduleInput, await withDefaultStart(db, input, 'department'));
  // A whole department: only an account that reaches every employee.
  requireWriteKind(actor, 'record');
  const actorId = actor.id;
  return db.transaction().execute(async (trx) => {
    if (!(await exists(trx, 'departments', data.department))) throw new AppError('validation.invalidInput', 422, {}, { department: 'validation.unknownRecord' });
    const employees = await activeEmployeeIdsOfDepartment(trx, data.department);
    if (employees.length === 0) throw new AppError('validation.invalidInput', 422, {}, { department: 'schedules.departmentEmpty' });
    const at = nowIso();
    const { department: _d, ...shift } = data;
    for (const employeeId of employees) await insertCurrent(trx, employeeId, shift, at, actorId);
    await appendAudit(trx, { userId: actorId, entity: 'schedule', entityId: null, action: 'assign-department', after: { ...data, employees: employees.length }, at });
    return employees.length;
  });
}

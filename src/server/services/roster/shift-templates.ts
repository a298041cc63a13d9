import { ROSTER_MESSAGES, ShiftTemplateInput, ShiftTemplatePatch } from '#domain/roster/roster-schema.ts';
import { shiftSpanMinutes } from '#domain/roster/shift-times.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import {
  deleteShiftTemplate as deleteRow,
  findShiftTemplate,
  insertShiftTemplate,
  listShiftTemplates as listRows,
  shiftTemplateUsed,
  updateShiftTemplate,
  type ShiftTemplateDto,
  type ShiftTemplateRow,
  type ShiftTemplateValues,
} from '../../db/repositories/shift-templates.ts';
import { invalidInput, notFound } from '../../http/app-error.ts';
import { requireWriteKind } from '../record-guard.ts';
import { managedCompany, managesCompanyRow } from '../users/managed-company.ts';
import { managedDepartment, validate, type RosterActor } from './roster-department.ts';

/**
 * Shift templates (issue 39 point 1, decision 085): company-scoped like workplaces (an Admin its
 * own company's; another company's is a 404). Deleting one a draft shift names archives it instead,
 * so the shifts keep their colour and name.
 */
const dto = ({ companyId: _c, ...t }: ShiftTemplateRow): ShiftTemplateDto => t;

export async function listShiftTemplates(db: Db, actor: RosterActor): Promise<ShiftTemplateDto[]> {
  requireWriteKind(actor, 'record');
  return (await listRows(db, managedCompany(actor))).map(dto);
}

async function managedTemplate(db: Db, actor: RosterActor, id: number): Promise<ShiftTemplateRow> {
  requireWriteKind(actor, 'record');
  const row = await findShiftTemplate(db, id);
  if (!row || !managesCompanyRow(actor, row.companyId)) throw notFound();
  return row;
}

/** The company of a new template: its department's, else the account's own. */
async function companyOf(db: Db, actor: RosterActor, departmentId: number | null): Promise<number> {
  if (departmentId !== null) return (await managedDepartment(db, actor, departmentId)).companyId;
  if (actor.companyId === null) throw invalidInput({ department: 'validation.required' });
  return actor.companyId;
}

export async function createShiftTemplate(db: Db, actor: RosterActor, input: unknown): Promise<ShiftTemplateDto> {
  const data = validate(ShiftTemplateInput, input);
  const companyId = await companyOf(db, actor, data.department);
  const values: ShiftTemplateValues = { name: data.name, startTime: data.startTime, endTime: data.endTime, breakMinutes: data.breakMinutes, colour: data.colour, departmentId: data.department, archived: 0 };
  const at = nowIso();
  const id = await db.transaction().execute(async (trx) => {
    const id = await insertShiftTemplate(trx, companyId, values, at);
    await appendAudit(trx, { userId: actor.id, entity: 'shiftTemplate', entityId: id, action: 'create', after: { companyId, ...values }, at });
    return id;
  });
  return dto((await findShiftTemplate(db, id))!);
}

export async function updateShiftTemplateById(db: Db, actor: RosterActor, id: number, input: unknown): Promise<ShiftTemplateDto> {
  const patch = validate(ShiftTemplatePatch, input);
  const before = await managedTemplate(db, actor, id);
  const departmentId = patch.department === undefined ? before.department : patch.department;
  if (departmentId !== null && departmentId !== before.department) {
    const dept = await managedDepartment(db, actor, departmentId);
    if (dept.companyId !== before.companyId) throw invalidInput({ department: 'validation.unknownRecord' });
  }
  const values: ShiftTemplateValues = {
    name: patch.name ?? before.name,
    startTime: patch.startTime ?? before.startTime,
    endTime: patch.endTime ?? before.endTime,
    breakMinutes: patch.breakMinutes ?? before.breakMinutes,
    colour: patch.colour ?? before.colour,
    departmentId,
    archived: (patch.archived ?? before.archived) ? 1 : 0,
  };
  if (values.breakMinutes >= shiftSpanMinutes(values)) throw invalidInput({ breakMinutes: ROSTER_MESSAGES.breakTooLong });
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await updateShiftTemplate(trx, id, values, at);
    await appendAudit(trx, { userId: actor.id, entity: 'shiftTemplate', entityId: id, action: 'update', before: dto(before), after: values, at });
  });
  return dto((await findShiftTemplate(db, id))!);
}

/** Deletes a template no draft shift names; archives one that is used. Answers which it did. */
export async function deleteShiftTemplateById(db: Db, actor: RosterActor, id: number): Promise<'deleted' | 'archived'> {
  const before = await managedTemplate(db, actor, id);
  const at = nowIso();
  return db.transaction().execute(async (trx) => {
    if (await shiftTemplateUsed(trx, id)) {
      const { _id: _i, companyId: _c, department, archived: _a, ...rest } = before;
      await updateShiftTemplate(trx, id, { ...rest, departmentId: department, archived: 1 }, at);
      await appendAudit(trx, { userId: actor.id, entity: 'shiftTemplate', entityId: id, action: 'archive', before: dto(before), at });
      return 'archived' as const;
    }
    await deleteRow(trx, id);
    await appendAudit(trx, { userId: actor.id, entity: 'shiftTemplate', entityId: id, action: 'delete', before: dto(before), at });
    return 'deleted' as const;
  });
}

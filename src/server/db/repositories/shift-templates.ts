import type { ShiftTemplateDto } from '#domain/roster/roster-contract.ts';
import type { Db } from '../connection.ts';
import { byName } from '../text-order.ts';

/** Shift templates (issue 39, decision 085): a company's named shifts, optionally of one department. */

export type { ShiftTemplateDto };

export interface ShiftTemplateRow extends ShiftTemplateDto {
  companyId: number;
}

function base(db: Db) {
  return db
    .selectFrom('shiftTemplates')
    .select([
      'shiftTemplates.id',
      'shiftTemplates.companyId',
      'shiftTemplates.departmentId',
      'shiftTemplates.name',
      'shiftTemplates.startTime',
      'shiftTemplates.endTime',
      'shiftTemplates.breakMinutes',
      'shiftTemplates.colour',
      'shiftTemplates.archived',
    ]);
}

type Raw = { id: number; companyId: number; departmentId: number | null; name: string; startTime: string; endTime: string; breakMinutes: number; colour: string; archived: number };

const toRow = (r: Raw): ShiftTemplateRow => ({
  _id: r.id,
  companyId: r.companyId,
  name: r.name,
  startTime: r.startTime,
  endTime: r.endTime,
  breakMinutes: Number(r.breakMinutes),
  colour: r.colour,
  department: r.departmentId,
  archived: Number(r.archived) === 1,
});

/** The templates of one company (null = every company's), by name; a department's view adds the company-wide ones. */
export async function listShiftTemplates(db: Db, companyId: number | null, departmentId?: number): Promise<ShiftTemplateRow[]> {
  let q = base(db);
  if (companyId !== null) q = q.where('shiftTemplates.companyId', '=', companyId);
  if (departmentId !== undefined) q = q.where((eb) => eb.or([eb('shiftTemplates.departmentId', 'is', null), eb('shiftTemplates.departmentId', '=', departmentId)]));
  return (await q.orderBy(byName('shiftTemplates.name')).orderBy('shiftTemplates.id').execute()).map(toRow);
}

export async function findShiftTemplate(db: Db, id: number): Promise<ShiftTemplateRow | undefined> {
  const row = await base(db).where('shiftTemplates.id', '=', id).executeTakeFirst();
  return row && toRow(row);
}

export interface ShiftTemplateValues {
  name: string;
  startTime: string;
  endTime: string;
  breakMinutes: number;
  colour: string;
  departmentId: number | null;
  archived: number;
}

export async function insertShiftTemplate(db: Db, companyId: number, values: ShiftTemplateValues, at: string): Promise<number> {
  const row = await db
    .insertInto('shiftTemplates')
    .values({ companyId, ...values, createdAt: at, updatedAt: at })
    .returning('id')
    .executeTakeFirstOrThrow();
  return row.id;
}

export async function updateShiftTemplate(db: Db, id: number, values: ShiftTemplateValues, at: string): Promise<void> {
  await db
    .updateTable('shiftTemplates')
    .set({ ...values, updatedAt: at })
    .where('id', '=', id)
    .execute();
}

export async function deleteShiftTemplate(db: Db, id: number): Promise<void> {
  await db.deleteFrom('coverageNeeds').where('templateId', '=', id).execute();
  await db.deleteFrom('shiftTemplates').where('id', '=', id).execute();
}

/** Whether any draft shift names the template (it is then archived, never deleted). */
export async function shiftTemplateUsed(db: Db, id: number): Promise<boolean> {
  return (await db.selectFrom('rosterShifts').select('id').where('templateId', '=', id).limit(1).executeTakeFirst()) !== undefined;
}

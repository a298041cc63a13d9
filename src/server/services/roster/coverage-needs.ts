import * as v from 'valibot';
import { CoverageInput } from '#domain/roster/roster-schema.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { coverageNeedsOf, replaceCoverageNeeds } from '../../db/repositories/coverage-needs.ts';
import { listShiftTemplates } from '../../db/repositories/shift-templates.ts';
import { idRef } from '#domain/org/org-schemas.ts';
import { invalidInput } from '../../http/app-error.ts';
import { managedDepartment, validate, type RosterActor } from './roster-department.ts';

/** Coverage needs (issue 39 point 5, decision 085): staff per template and ISO weekday of a department. */
export interface CoverageNeedDto {
  template: number;
  weekday: number;
  staff: number;
}

export async function readCoverageNeeds(db: Db, actor: RosterActor, params: URLSearchParams): Promise<CoverageNeedDto[]> {
  const { department: departmentId } = validate(v.object({ department: idRef }), { department: params.get('department') ?? '' });
  const department = await managedDepartment(db, actor, departmentId);
  return (await coverageNeedsOf(db, department.id)).map((n) => ({ template: n.templateId, weekday: n.weekday, staff: n.staff }));
}

/** `PUT /api/roster/coverage`: the list replaces the department's needs; each template must be one the department may use. */
export async function saveCoverageNeeds(db: Db, actor: RosterActor, input: unknown): Promise<CoverageNeedDto[]> {
  const data = validate(CoverageInput, input);
  const department = await managedDepartment(db, actor, data.department);
  const usable = new Set((await listShiftTemplates(db, department.companyId, department.id)).map((t) => t._id));
  if (data.needs.some((n) => !usable.has(n.template))) throw invalidInput({ needs: 'validation.unknownRecord' });
  const seen = new Set<string>();
  for (const n of data.needs) {
    const key = `${n.template}|${n.weekday}`;
    if (seen.has(key)) throw invalidInput({ needs: 'roster.duplicateNeed' });
    seen.add(key);
  }
  const needs = data.needs.map((n) => ({ templateId: n.template, weekday: n.weekday, staff: n.staff }));
  const at = nowIso();
  await db.transaction().execute(async (trx) => {
    await replaceCoverageNeeds(trx, department.id, needs);
    await appendAudit(trx, { userId: actor.id, entity: 'coverageNeeds', entityId: department.id, action: 'replace', after: data.needs, at });
  });
  return readCoverageNeeds(db, actor, new URLSearchParams({ department: String(department.id) }));
}

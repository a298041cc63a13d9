import type { CoverageNeed } from '#domain/roster/coverage.ts';
import type { Db } from '../connection.ts';

/** Staff needed per template and ISO weekday in a department (issue 39 point 5, decision 085). */

export async function coverageNeedsOf(db: Db, departmentId: number): Promise<CoverageNeed[]> {
  const rows = await db.selectFrom('coverageNeeds').select(['templateId', 'weekday', 'staff']).where('departmentId', '=', departmentId).orderBy('templateId').orderBy('weekday').execute();
  return rows.map((r) => ({ templateId: r.templateId, weekday: Number(r.weekday), staff: Number(r.staff) }));
}

/** Replaces the department's needs with these (a need of 0 staff is not kept). */
export async function replaceCoverageNeeds(db: Db, departmentId: number, needs: readonly CoverageNeed[]): Promise<void> {
  await db.deleteFrom('coverageNeeds').where('departmentId', '=', departmentId).execute();
  const rows = needs.filter((n) => n.staff > 0).map((n) => ({ departmentId, templateId: n.templateId, weekday: n.weekday, staff: n.staff }));
  for (let i = 0; i < rows.length; i += 200)
    await db
      .insertInto('coverageNeeds')
      .values(rows.slice(i, i + 200))
      .execute();
}

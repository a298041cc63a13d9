import { sql, type Kysely } from 'kysely';
import { EMPTY_GUIDE_MEMORY, type GuideFacts, type GuideMemory } from '#domain/guide/getting-started.ts';
import type { Database } from '../schema.ts';

/** Whether each kind of record exists, in one query (EXISTS stops at the first row; CASE makes it 0/1 on both engines, PostgreSQL's EXISTS being a boolean). */
export async function readGuideFacts(db: Kysely<Database>): Promise<GuideFacts> {
  const exists = (table: string) => sql<number>`case when exists (select 1 from ${sql.table(table)}) then 1 else 0 end`;
  const row = await db
    .selectNoFrom([
      exists('departments').as('departments'),
      exists('employees').as('employees'),
      exists('schedules').as('schedules'),
      exists('job_titles').as('jobTitles'),
      exists('leave_types').as('leaveTypes'),
      exists('leave_groups').as('leaveGroups'),
      exists('punches').as('punches'),
    ])
    .executeTakeFirstOrThrow();
  return {
    departments: row.departments === 1,
    employees: row.employees === 1,
    schedules: row.schedules === 1,
    jobTitles: row.jobTitles === 1,
    leaveTypes: row.leaveTypes === 1,
    leaveGroups: row.leaveGroups === 1,
    punches: row.punches === 1,
  };
}

export async function readGuideMemory(db: Kysely<Database>, userId: number): Promise<GuideMemory> {
  const row = await db.selectFrom('userGuide').select(['startedAt', 'clockOpenedAt', 'dismissedAt', 'celebratedAt']).where('userId', '=', userId).executeTakeFirst();
  return row ?? { ...EMPTY_GUIDE_MEMORY };
}

type Moment = 'startedAt' | 'clockOpenedAt' | 'celebratedAt';

/** Records the first time something happened (later calls keep the first instant and change nothing). */
export async function markGuideMoment(db: Kysely<Database>, userId: number, moment: Moment, at: string): Promise<void> {
  await db
    .insertInto('userGuide')
    .values({ userId, [moment]: at, updatedAt: at })
    .onConflict((oc) =>
      oc
        .column('userId')
        .doUpdateSet({ [moment]: at, updatedAt: at })
        .where(`userGuide.${moment}`, 'is', null),
    )
    .execute();
}

/** Hides (instant) or shows again (null) the guide for one user. */
export async function setGuideDismissed(db: Kysely<Database>, userId: number, dismissedAt: string | null, at: string): Promise<void> {
  await db
    .insertInto('userGuide')
    .values({ userId, dismissedAt, updatedAt: at })
    .onConflict((oc) => oc.column('userId').doUpdateSet({ dismissedAt, updatedAt: at }))
    .execute();
}

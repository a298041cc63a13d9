import { sql, type Kysely } from 'kysely';
import { EMPTY_GUIDE_MEMORY, type GuideFacts, type GuideMemory } from '#domain/guide/getting-started.ts';
import type { Database } from '../schema.ts';

/** Whether each kind of record exists, in one query (EXISTS stops at the first row; CASE makes it 0/1 on both engines, PostgreSQL's EXISTS being a boolean). */
export async function readGuideFacts(db: Kysely<Database>): Promise<GuideFacts> {
  const exists = (table: string, where = sql`1 = 1`) => sql<number>`case when exists (select 1 from ${sql.table(table)} where ${where}) then 1 else 0 end`;
  const row = await db
    .selectNoFrom([
      sql<number>`case when exists (select 1 from companies where tax_id is null) then 0 else 1 end`.as('taxIds'),
      exists('terminals', sql`paired_at is not null and revoked_at is null`).as('pairedTerminals'),
      // Someone can punch from their phone: an employee with an account, allowed the personal clock
      // by their own setting or by their company's (a switch alone, with nobody able to sign in,
      // is not a place to punch).
      sql<number>`case when exists (select 1 from employees e join users u on u.employee_id = e.id join companies c on c.id = e.company_id where e.personal_clock = 'allowed' or (c.personal_clock = 1 and e.personal_clock is null)) then 1 else 0 end`.as(
        'personalClock',
      ),
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
    taxIds: row.taxIds === 1,
    pairedTerminals: row.pairedTerminals === 1,
    personalClock: row.personalClock === 1,
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
  const row = await db.selectFrom('userGuide').select(['startedAt', 'dismissedAt', 'celebratedAt']).where('userId', '=', userId).executeTakeFirst();
  return row ?? { ...EMPTY_GUIDE_MEMORY };
}

type Moment = 'startedAt' | 'celebratedAt';

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

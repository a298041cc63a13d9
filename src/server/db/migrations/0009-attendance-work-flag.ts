import { sql, type Kysely } from 'kysely';

/**
 * Work outside the schedule (issue 18.3, decision 032): each attendance says whether it was
 * worked on a rest day (`rest-day`), or without a schedule or outside every shift
 * (`unscheduled`); null = a scheduled shift. Existing rows are scheduled shifts (the app
 * refused anything else until now).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('attendances')
    .addColumn('work_flag', 'text', (c) => c.check(sql`work_flag IN ('rest-day', 'unscheduled')`))
    .execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, point 7 (decision 070): the worker's overtime choice at check-out.
 *
 * - `companies.worker_overtime_choice`: 1 = the company's workers choose, when they check out
 *   after a day with overtime, whether it is paid or compensated with rest; off (0) by default,
 *   for existing and new companies alike.
 * - `attendances.overtime_marked_by`: who set the day's `overtime_compensation` — `worker` (their
 *   own choice) or `administrator`; null when the day has no mark, or for a mark set before this
 *   migration (an administrator's then: nobody else could set one).
 *
 * Both are plain added columns with a CHECK: no table is rebuilt, on SQLite or PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('worker_overtime_choice', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`worker_overtime_choice in (0, 1)`),
    )
    .execute();
  await db.schema
    .alterTable('attendances')
    .addColumn('overtime_marked_by', 'text', (c) => c.check(sql`overtime_marked_by is null or overtime_marked_by in ('worker', 'administrator')`))
    .execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * What the draft Royal Decree on the digital working-time record asks the monthly record to
 * carry (issue 18.8, decision 035): the company's tax ID, the worker's social security number and
 * working-day type (full time, or part time with its percentage), whether each day was worked on
 * site or remotely, and whether a day's overtime is paid or compensated with rest. Existing rows
 * read as full time, on site, overtime not yet marked.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('tax_id', 'text').execute();
  await db.schema.alterTable('employees').addColumn('social_security_number', 'text').execute();
  await db.schema
    .alterTable('employees')
    .addColumn('working_day_type', 'text', (c) =>
      c
        .notNull()
        .defaultTo('full-time')
        .check(sql`working_day_type IN ('full-time', 'part-time')`),
    )
    .execute();
  await db.schema
    .alterTable('employees')
    .addColumn('part_time_percent', 'integer', (c) => c.check(sql`part_time_percent IS NULL OR (part_time_percent BETWEEN 1 AND 99)`))
    .execute();
  await db.schema
    .alterTable('attendances')
    .addColumn('work_mode', 'text', (c) =>
      c
        .notNull()
        .defaultTo('on-site')
        .check(sql`work_mode IN ('on-site', 'remote')`),
    )
    .execute();
  await db.schema
    .alterTable('attendances')
    .addColumn('overtime_compensation', 'text', (c) => c.check(sql`overtime_compensation IS NULL OR overtime_compensation IN ('paid', 'rest')`))
    .execute();
}

import { sql, type Kysely } from 'kysely';

/**
 * Automatic clock-out (issue 22.3, decision 056): an attendance the system closed at its scheduled
 * end because nobody checked out says so (`closed_automatically` 1), until an administrator
 * corrects the day. Existing rows were all closed by a person (0). The partial index serves the
 * minute jobs' "which days are still open" read (a handful of rows among years of closed ones).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('attendances')
    .addColumn('closed_automatically', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`closed_automatically IN (0, 1)`),
    )
    .execute();
  await db.schema.createIndex('attendances_open').on('attendances').column('date').where(sql.ref('time_out'), 'is', null).execute();
}

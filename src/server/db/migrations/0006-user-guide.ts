import type { Kysely } from 'kysely';

/**
 * What the getting-started guide remembers per user (decision 019): when the user first saw it,
 * opened the clock, hid it, and was congratulated. The steps themselves are computed from data.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('user_guide')
    .addColumn('user_id', 'integer', (c) => c.primaryKey().references('users.id').onDelete('cascade'))
    .addColumn('started_at', 'text')
    .addColumn('clock_opened_at', 'text')
    .addColumn('dismissed_at', 'text')
    .addColumn('celebrated_at', 'text')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

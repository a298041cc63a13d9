import type { Kysely } from 'kysely';

/** Feedback sent from the settings page, listed for the SuperAdmin. */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('feedback')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('message', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
}

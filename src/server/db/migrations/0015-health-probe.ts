import type { Kysely } from 'kysely';

/**
 * `health_probe`: one row that `GET /api/health` rewrites to prove the database takes a write
 * (decision 040). Nothing else reads it.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('health_probe')
    .addColumn('id', 'integer', (c) => c.primaryKey())
    .addColumn('checked_at', 'text', (c) => c.notNull())
    .execute();
}

import type { Kysely } from 'kysely';

/**
 * Snapshots taken by the clock terminal with face punches (setting `punchPhoto`), for the admin to
 * review buddy punching. One per punch at most; the file lives under
 * DATA_DIR/uploads/punch-photos/<file>. Rows and files are deleted once older than the retention
 * setting, so unlike the punch they belong to they are not append-only.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('punch_photos')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('punch_id', 'integer', (c) => c.notNull().unique().references('punches.id'))
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('punch_photos_created').on('punch_photos').column('created_at').execute();
}

import type { Kysely } from 'kysely';
import { refuseChanges } from './portable.ts';

/**
 * The history of manual corrections of an attendance (docs/architecture.md, clock engine): one row per
 * revision with what it set, who wrote it, when and why. The first row of an attendance snapshots
 * the values it had before its first correction (for a clock attendance, what the punches made).
 *
 * Append-only: rows can be neither changed nor deleted on their own. They go only together with
 * their attendance (ON DELETE CASCADE; the delete trigger lets a row go once its attendance is
 * gone), which the service allows only for a manual entry without punches, after copying the
 * whole record with its revisions into the audit log.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attendance_revisions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('attendance_id', 'integer', (c) => c.notNull().references('attendances.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('time_in', 'text', (c) => c.notNull())
    .addColumn('time_out', 'text')
    // JSON array of {startAt, endAt} (ISO 8601 UTC; endAt null while a break is open).
    .addColumn('breaks', 'text', (c) => c.notNull().defaultTo('[]'))
    .addColumn('worked_seconds', 'integer')
    .addColumn('reason', 'text')
    // No foreign key, like audit_log.user_id: deleting a user must not rewrite or block history.
    .addColumn('author_id', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('attendance_revisions_attendance').unique().on('attendance_revisions').columns(['attendance_id', 'revision']).execute();

  await refuseChanges(db, { name: 'attendance_revisions_no_update', table: 'attendance_revisions', op: 'UPDATE', message: 'attendance_revisions is append-only' });
  await refuseChanges(db, {
    name: 'attendance_revisions_no_delete',
    table: 'attendance_revisions',
    op: 'DELETE',
    when: 'EXISTS (SELECT 1 FROM attendances WHERE id = OLD.attendance_id)',
    message: 'attendance_revisions is append-only',
  });
}

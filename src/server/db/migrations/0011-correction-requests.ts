import type { Kysely } from 'kysely';

/**
 * Two-sided corrections (decision 034, issue 18.7: the draft Royal Decree on the digital record
 * asks for the company's and the worker's authorisation of a change).
 *
 * - `attendance_correction_requests`: a worker asks to correct their own day (a missing check-out,
 *   a wrong time, a missing day) with a reason; an administrator approves (the change is applied
 *   through the revision path and `applied_revision` names the revision it made) or declines with
 *   a comment; the worker may withdraw it while pending. Rows are never deleted.
 * - `attendance_correction_acceptances`: a correction an administrator made waits for the
 *   worker's answer: one row per revision, pending until accepted or rejected (with comment);
 *   past `due_at` an unanswered row reads as "not accepted by the worker" (computed, no job).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('attendance_correction_requests')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    // The day asked about when it exists; null for a missing day (set when approval creates it).
    .addColumn('attendance_id', 'integer', (c) => c.references('attendances.id').onDelete('set null'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    // missingDay | missingCheckOut | wrongTime: what the day was when the worker asked.
    .addColumn('kind', 'text', (c) => c.notNull())
    // The proposed local times (HH:mm on the work date, as a manual entry takes them).
    .addColumn('time_in', 'text', (c) => c.notNull())
    .addColumn('time_out', 'text')
    .addColumn('break_in', 'text')
    .addColumn('break_out', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('decided_by', 'integer')
    .addColumn('decided_at', 'text')
    .addColumn('comment', 'text')
    .addColumn('applied_revision', 'integer')
    .addColumn('created_by', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('correction_requests_status').on('attendance_correction_requests').columns(['status', 'created_at']).execute();
  await db.schema.createIndex('correction_requests_employee').on('attendance_correction_requests').columns(['employee_id', 'date']).execute();

  await db.schema
    .createTable('attendance_correction_acceptances')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('attendance_id', 'integer', (c) => c.notNull().references('attendances.id').onDelete('cascade'))
    .addColumn('revision', 'integer', (c) => c.notNull())
    .addColumn('employee_id', 'integer', (c) => c.notNull())
    // pending | accepted | rejected | superseded (a later correction of the same day replaced it)
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
    .addColumn('due_at', 'text', (c) => c.notNull())
    .addColumn('comment', 'text')
    .addColumn('answered_by', 'integer')
    .addColumn('answered_at', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('correction_acceptances_revision').unique().on('attendance_correction_acceptances').columns(['attendance_id', 'revision']).execute();
  await db.schema.createIndex('correction_acceptances_employee').on('attendance_correction_acceptances').columns(['employee_id', 'status']).execute();
}

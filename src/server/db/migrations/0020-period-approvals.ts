import type { Kysely } from 'kysely';

/**
 * Approved (locked) periods of an employee's record (issue 21 point 3, decision 051).
 *
 * One row per employee and period (`date_from`..`date_to`, local dates, inclusive: a calendar
 * month or an ISO week, as `settings.approvalPeriod` said when it was approved). `approved` locks
 * every date of it against every writer of the record; `reopened` unlocks it again, with who,
 * when and why. Approving a reopened period again turns the same row back to `approved` (the
 * audit log keeps every step). Rows are never deleted; an employee's deletion takes them along.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('period_approvals')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('date_from', 'text', (c) => c.notNull())
    .addColumn('date_to', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('approved_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('approved_at', 'text', (c) => c.notNull())
    .addColumn('reopened_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('reopened_at', 'text')
    .addColumn('reopen_reason', 'text')
    .execute();
  await db.schema.createIndex('period_approvals_employee_period').unique().on('period_approvals').columns(['employee_id', 'date_from', 'date_to']).execute();
  // The lock check: "is there an approved period of this employee that contains this date?"
  await db.schema.createIndex('period_approvals_lookup').on('period_approvals').columns(['employee_id', 'date_to', 'date_from']).execute();
}

import type { Kysely } from 'kysely';

/**
 * Issue 33 point 1, decision 051 (update): approving a period freezes each employee's figures.
 * One row per approval of an employee's period: the payroll row (`payroll`, the month's
 * PayrollMonth) and the monthly record's totals (`totals`), both canonical JSON written by
 * `db/stored-formats.ts`, with when it was taken and the approval it belongs to. Reopening
 * keeps the row as history and sets `superseded_at`; approving again adds a new row. The
 * SHA-256 of the snapshot goes into the approval's record-chain entry (`snapshotDigest`).
 * Plain columns and one index: the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('approval_snapshots')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('approval_id', 'integer', (c) => c.notNull().references('period_approvals.id').onDelete('cascade'))
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('date_from', 'text', (c) => c.notNull())
    .addColumn('date_to', 'text', (c) => c.notNull())
    .addColumn('payroll', 'text', (c) => c.notNull())
    .addColumn('totals', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('superseded_at', 'text')
    .execute();
  await db.schema.createIndex('approval_snapshots_employee_period').on('approval_snapshots').columns(['employee_id', 'date_from', 'date_to']).execute();
  await db.schema.createIndex('approval_snapshots_approval').on('approval_snapshots').columns(['approval_id']).execute();
}

import type { Kysely } from 'kysely';

/**
 * Offline punches of a paired terminal (issue 20 point 5, decision 046).
 *
 * - `punches.offline_seq`: the terminal's sequence number of a punch kept offline and sent later;
 *   null for a live punch. Such a punch's `at` is when the person punched (device clock, corrected
 *   for its error) and its `created_at` when the server received it.
 * - `offline_receipts`: one row per (terminal, sequence number) received, with the answer given,
 *   so a batch sent twice (the answer was lost) is answered the same and written once.
 * - `clock_conflicts`: a late punch the server could not apply (sequence gap, out of order, time in
 *   the future or too old, a later punch already recorded, refused by the clock engine, unknown
 *   PIN or badge). Never deleted: an administrator resolves it (a manual attendance, with a
 *   reason) or dismisses it (with a reason); both are audited.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('punches').addColumn('offline_seq', 'integer').execute();

  await db.schema
    .createTable('clock_conflicts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    // The terminal's company (null for a terminal of no company, as terminals.company_id allows).
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('terminal_id', 'integer', (c) => c.references('terminals.id').onDelete('set null'))
    // The terminal's name when the conflict arose (a terminal may be renamed later).
    .addColumn('terminal_name', 'text', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    // Last missing number of a sequence gap; null otherwise.
    .addColumn('seq_to', 'integer')
    .addColumn('employee_id', 'integer', (c) => c.references('employees.id').onDelete('set null'))
    .addColumn('action', 'text')
    .addColumn('method', 'text')
    // The punch's time as it would be recorded (device clock corrected), and as the device said.
    .addColumn('at', 'text')
    .addColumn('device_at', 'text')
    .addColumn('reason', 'text', (c) => c.notNull())
    // JSON {code, params} of a clock engine refusal; null otherwise.
    .addColumn('detail', 'text')
    .addColumn('status', 'text', (c) => c.notNull().defaultTo('open'))
    .addColumn('resolution_note', 'text')
    .addColumn('resolved_by', 'integer')
    .addColumn('resolved_at', 'text')
    .addColumn('attendance_id', 'integer', (c) => c.references('attendances.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('clock_conflicts_status').on('clock_conflicts').columns(['company_id', 'status', 'created_at']).execute();
  await db.schema.createIndex('clock_conflicts_terminal').on('clock_conflicts').columns(['terminal_id', 'reason', 'created_at']).execute();

  await db.schema
    .createTable('offline_receipts')
    .addColumn('terminal_id', 'integer', (c) => c.notNull().references('terminals.id').onDelete('cascade'))
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('punch_id', 'integer')
    .addColumn('conflict_id', 'integer')
    // The instant answered (the punch's recorded time); null for a conflict.
    .addColumn('time', 'text')
    .addColumn('received_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('offline_receipts_pk', ['terminal_id', 'seq'])
    .execute();
}

import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
import { refuseChanges } from './portable.ts';

/**
 * Issue 38, point 5 (decision 083): retention, purge and legal hold.
 *
 * - `legal_holds`: a hold on one employee (`employee_id`) or on a whole company (`employee_id`
 *   null), with who set it, when and why (required), and who released it and when. While an
 *   unreleased hold covers a person, the daily purge skips them.
 * - `employees.purged_at`: when the purge removed the person's data (null = not purged).
 * - The chained free texts (a revision's reason, a voiding's reason, an approval's reopen reason)
 *   get a random salt and the digest SHA-256(salt + text): from this migration on the chain entry
 *   commits to the digest, so the purge can delete text and salt and the chain still verifies.
 *   Rows written before keep salt and digest null and their plain text in the payload.
 * - The append-only triggers of revisions and voided days let exactly that purge through: an
 *   update that only clears the text and its salt of a row that has a digest.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('legal_holds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('employee_id', 'integer', (c) => c.references('employees.id').onDelete('cascade'))
    .addColumn('reason', 'text', (c) => c.notNull())
    .addColumn('set_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('set_at', 'text', (c) => c.notNull())
    .addColumn('released_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('released_at', 'text')
    .execute();
  await db.schema.createIndex('legal_holds_company').on('legal_holds').columns(['company_id', 'employee_id']).execute();
  await db.schema.alterTable('employees').addColumn('purged_at', 'text').execute();
  for (const [table, text] of [
    ['attendance_revisions', 'reason'],
    ['attendances', 'void_reason'],
    ['period_approvals', 'reopen_reason'],
  ] as const) {
    await db.schema.alterTable(table).addColumn(`${text}_salt`, 'text').execute();
    await db.schema.alterTable(table).addColumn(`${text}_digest`, 'text').execute();
  }
  await dropTrigger(db, 'attendance_revisions_no_update', 'attendance_revisions');
  await refuseChanges(db, {
    name: 'attendance_revisions_no_update',
    table: 'attendance_revisions',
    op: 'UPDATE',
    when: `NOT (${onlyTextCleared('reason', ['id', 'attendance_id', 'revision', 'time_in', 'time_out', 'breaks', 'worked_seconds', 'author_id', 'created_at'])})`,
    message: 'attendance_revisions is append-only',
  });
  await dropTrigger(db, 'attendances_voided_no_update', 'attendances');
  await refuseChanges(db, {
    name: 'attendances_voided_no_update',
    table: 'attendances',
    op: 'UPDATE',
    when: `OLD.voided_at IS NOT NULL AND NOT (${onlyTextCleared('void_reason', VOIDED_KEPT)} AND (NEW.reason IS NULL OR NEW.reason IS NOT DISTINCT FROM OLD.reason))`,
    message: 'a voided attendance cannot change',
  });
}

/** Every column of a voided day but its free texts (`reason`, `void_reason` and its salt), which the purge may clear. */
const VOIDED_KEPT = [
  'id',
  'employee_id',
  'date',
  'timezone',
  'time_in',
  'time_out',
  'worked_seconds',
  'break_seconds',
  'status_in',
  'late_seconds',
  'early_departure_seconds',
  'source',
  'work_flag',
  'revision',
  'work_mode',
  'overtime_compensation',
  'overtime_marked_by',
  'created_by',
  'created_at',
  'updated_at',
  'voided_at',
  'voided_by',
  'closed_automatically',
];

/** The purge's update: the text and its salt cleared on a row that has a digest, the columns `kept` unchanged. */
function onlyTextCleared(text: string, kept: readonly string[]): string {
  const same = [...kept, `${text}_digest`].map((c) => `NEW.${c} IS NOT DISTINCT FROM OLD.${c}`);
  return [`OLD.${text}_digest IS NOT NULL`, `NEW.${text} IS NULL`, `NEW.${text}_salt IS NULL`, ...same].join(' AND ');
}

async function dropTrigger(db: Kysely<any>, name: string, table: string): Promise<void> {
  if (engineOf(db) === 'sqlite') {
    await sql.raw(`DROP TRIGGER ${name}`).execute(db);
    return;
  }
  await sql.raw(`DROP TRIGGER ${name} ON ${table}`).execute(db);
  await sql.raw(`DROP FUNCTION ${name}()`).execute(db);
}

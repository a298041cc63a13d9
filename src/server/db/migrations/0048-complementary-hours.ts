import { type Kysely, sql } from 'kysely';
import { engineOf } from '../engine.ts';
import { refuseChanges } from './portable.ts';

/**
 * Issue 38 points 2 and 3 (decision 081): force majeure overtime and the complementary hours of
 * part-time workers.
 *
 * - `attendances.overtime_force_majeure`: the written reason a day's overtime was worked to
 *   prevent or repair extraordinary and urgent damage (art. 35.3 ET); null = ordinary overtime.
 *   In the attendance's chain payload only when set (`LATER_COLUMNS`), so the entries written
 *   before still verify.
 * - `complementary_pacts`: an employee's pact of complementary hours (art. 12.5 ET): signed on,
 *   valid from / to, share of the contract's ordinary hours (1–60), whether the collective
 *   agreement raises the limits. Chained as kind 'pact'.
 * - `complementary_offers`: voluntary complementary hours offered for a date (seconds), the
 *   worker's answer (offered / accepted / declined) and when. Chained as kind 'offer'.
 *
 * `record_chain.kind` is widened as migrations 0028, 0032 and 0034 did. Name kept distinct
 * ("complementary-hours") so a merge can renumber it.
 */
// Written out: a shipped migration never changes with the code.
const KINDS = ['punch', 'revision', 'void', 'attendance', 'break', 'leave', 'holiday', 'schedule', 'approval', 'rules', 'contract', 'pact', 'offer'].map((k) => `'${k}'`).join(',');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attendances').addColumn('overtime_force_majeure', 'text').execute();
  await db.schema
    .createTable('complementary_pacts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('signed_on', 'text', (c) => c.notNull())
    .addColumn('valid_from', 'text', (c) => c.notNull())
    .addColumn('valid_to', 'text')
    .addColumn('share_percent', 'integer', (c) => c.notNull().check(sql`share_percent between 1 and 60`))
    .addColumn('collective_agreement', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`collective_agreement in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('complementary_pacts_employee').on('complementary_pacts').columns(['employee_id', 'valid_from']).execute();
  await db.schema
    .createTable('complementary_offers')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('seconds', 'integer', (c) => c.notNull().check(sql`seconds > 0`))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('offered')
        .check(sql`status in ('offered', 'accepted', 'declined')`),
    )
    .addColumn('offered_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('offered_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .execute();
  await db.schema.createIndex('complementary_offers_employee_date').on('complementary_offers').columns(['employee_id', 'date']).execute();
  await widenChainKinds(db);
}

/** `record_chain.kind` accepts 'pact' and 'offer' (as migrations 0028, 0032 and 0034 widened it). */
async function widenChainKinds(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql.raw(`ALTER TABLE record_chain DROP CONSTRAINT record_chain_kind_check`).execute(db);
    await sql.raw(`ALTER TABLE record_chain ADD CONSTRAINT record_chain_kind_check CHECK (kind in (${KINDS}))`).execute(db);
    return;
  }
  await db.schema
    .createTable('record_chain_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql.raw(`kind in (${KINDS})`)))
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const columns = 'id, company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at';
  await sql.raw(`INSERT INTO record_chain_next (${columns}) SELECT ${columns} FROM record_chain ORDER BY id`).execute(db);
  // Dropping a table drops its triggers first: no append-only trigger fires.
  await sql.raw('DROP TABLE record_chain').execute(db);
  await sql.raw('ALTER TABLE record_chain_next RENAME TO record_chain').execute(db);
  await sql.raw('CREATE UNIQUE INDEX record_chain_company_seq ON record_chain (company_id, seq)').execute(db);
  for (const op of ['UPDATE', 'DELETE'] as const) {
    await refuseChanges(db, { name: `record_chain_no_${op.toLowerCase()}`, table: 'record_chain', op, message: 'record_chain is append-only' });
  }
}

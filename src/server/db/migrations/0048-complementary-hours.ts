import { type Kysely, sql } from 'kysely';
import { widenChainKinds } from './widen-chain-kinds.ts';

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
 * `record_chain.kind` takes the kinds it takes now plus these two (widen-chain-kinds.ts).
 */

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
  await widenChainKinds(db, ['pact', 'offer']);
}

import { sql, type Kysely } from 'kysely';
import { widenChainKinds } from './widen-chain-kinds.ts';

/**
 * Issue 38 point 1 (decision 080): time that is not work, and interruptions of the right to
 * digital disconnection, recorded apart from attendances.
 *
 * - `standby_periods`: a waiting (`waiting`) or on-call (`on_call`) period of an employee: start
 *   and end instants (UTC), the local work date of its start and the zone, the called-in part in
 *   seconds (work), who entered it (`personal` | `manual`, `author_id`), a free-text note (not
 *   chained) and when.
 * - `disconnection_interruptions`: the worker contacted outside working hours: the instant, the
 *   channel (`phone` | `message` | `email` | `other`), the duration in seconds, whether work was
 *   done (1 = its duration is work), the local date and zone, source, author, note, when.
 *
 * Both are chained in the employee's company's chain (new kinds `standby` and `interruption`).
 * `record_chain.kind` is widened with the kinds it accepts now plus these two, read from the
 * database rather than written out, so the order in which parallel migrations that widen it run
 * does not matter (PostgreSQL swaps the CHECK; SQLite rebuilds the table, every entry copied).
 */
const NEW_KINDS = ['standby', 'interruption'];

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('standby_periods')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('waiting', 'on_call')`))
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('called_in_seconds', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`called_in_seconds >= 0`),
    )
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('personal', 'manual')`))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('standby_periods_employee_date').on('standby_periods').columns(['employee_id', 'date']).execute();
  await db.schema
    .createTable('disconnection_interruptions')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('timezone', 'text', (c) => c.notNull())
    .addColumn('channel', 'text', (c) => c.notNull().check(sql`channel in ('phone', 'message', 'email', 'other')`))
    .addColumn('duration_seconds', 'integer', (c) => c.notNull().check(sql`duration_seconds > 0`))
    .addColumn('work_done', 'integer', (c) => c.notNull().check(sql`work_done in (0, 1)`))
    .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('personal', 'manual')`))
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('disconnection_interruptions_employee_date').on('disconnection_interruptions').columns(['employee_id', 'date']).execute();
  await widenChainKinds(db, NEW_KINDS);
}

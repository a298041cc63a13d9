import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
import { refuseChanges } from './portable.ts';

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
  await widenChainKinds(db);
}

/** The quoted kinds of a CHECK's text, in order. */
const kindsIn = (text: string): string[] => [...text.matchAll(/'([a-z_-]+)'/g)].map((m) => m[1]!);

async function widenChainKinds(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const def = (await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'record_chain_kind_check'`.execute(db)).rows[0]?.def ?? '';
    const kinds = [...new Set([...kindsIn(def), ...NEW_KINDS])].map((k) => `'${k}'`).join(',');
    await sql.raw(`ALTER TABLE record_chain DROP CONSTRAINT record_chain_kind_check`).execute(db);
    await sql.raw(`ALTER TABLE record_chain ADD CONSTRAINT record_chain_kind_check CHECK (kind in (${kinds}))`).execute(db);
    return;
  }
  const table = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'record_chain'`.execute(db)).rows[0]?.sql ?? '';
  const check = /kind\s+in\s*\(([^)]*)\)/i.exec(table)?.[1] ?? '';
  const kinds = [...new Set([...kindsIn(check), ...NEW_KINDS])].map((k) => `'${k}'`).join(',');
  await db.schema
    .createTable('record_chain_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql.raw(`kind in (${kinds})`)))
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

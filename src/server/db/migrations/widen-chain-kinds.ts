import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
import { refuseChanges } from './portable.ts';

/** The quoted kinds of a CHECK's text, in order. */
const kindsIn = (text: string): string[] => [...text.matchAll(/'([a-z_-]+)'/g)].map((m) => m[1]!);

/**
 * Lets `record_chain.kind` take `added` besides the kinds it takes now, read from the database's
 * own CHECK, so migrations that widen it (0047, 0048, 0051) keep each other's kinds in any order.
 * PostgreSQL replaces the constraint; SQLite rebuilds the table (its CHECK cannot be altered) with
 * its rows, unique index and append-only triggers. Used by migrations: its effect must never change.
 */
export async function widenChainKinds(db: Kysely<any>, added: readonly string[]): Promise<void> {
  if (engineOf(db) === 'postgres') {
    const def = (await sql<{ def: string }>`select pg_get_constraintdef(oid) as def from pg_constraint where conname = 'record_chain_kind_check'`.execute(db)).rows[0]?.def ?? '';
    const kinds = [...new Set([...kindsIn(def), ...added])].map((k) => `'${k}'`).join(',');
    await sql.raw(`ALTER TABLE record_chain DROP CONSTRAINT record_chain_kind_check`).execute(db);
    await sql.raw(`ALTER TABLE record_chain ADD CONSTRAINT record_chain_kind_check CHECK (kind in (${kinds}))`).execute(db);
    return;
  }
  const table = (await sql<{ sql: string }>`select sql from sqlite_master where type = 'table' and name = 'record_chain'`.execute(db)).rows[0]?.sql ?? '';
  const check = /kind\s+in\s*\(([^)]*)\)/i.exec(table)?.[1] ?? '';
  const kinds = [...new Set([...kindsIn(check), ...added])].map((k) => `'${k}'`).join(',');
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

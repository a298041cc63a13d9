import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../clock/now.ts';
import { engineOf } from '../engine.ts';
import { refuseChanges, upgradesExistingData } from './portable.ts';
import { figurePayload, nextEntries } from '#domain/record-chain/record-chain.ts';
import { sha256Hex } from '../chain-hash.ts';

/**
 * Issue 33 point 1, decision 050 (update): the break rules are effective-dated. One row per
 * change: the date it applies from (`effective_from`, YYYY-MM-DD), the rules as JSON (written
 * and read by `db/stored-formats.ts`), when and by whom. The rules are installation-wide, as the
 * settings are, so there is no company column; their chain entries (new kind 'rules', decision
 * 033) go into the first company's chain. `record_chain.kind` is widened as migration 0028 did
 * (PostgreSQL swaps the CHECK; SQLite rebuilds the table, every entry copied as it is).
 *
 * On an upgraded installation with a company, the first row carries the values the settings held
 * before, in force from '0000-01-01', chained after the company's head: no figure changes. A new
 * installation starts with no row (the defaults, which are the settings' defaults).
 */
// Written out: a shipped migration never changes with the code.
const KINDS = ['punch', 'revision', 'void', 'attendance', 'break', 'leave', 'holiday', 'schedule', 'approval', 'rules'].map((k) => `'${k}'`).join(',');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('break_rules_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('rules', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('break_rules_history_effective_from').on('break_rules_history').columns(['effective_from']).execute();
  await widenChainKinds(db);
  if (!upgradesExistingData(db)) return;
  const company = (await sql<{ id: number | null }>`select min(id) as id from companies`.execute(db)).rows[0]?.id ?? null;
  if (company === null) return;

  // The values the settings hold now (their defaults when never saved).
  const stored = new Map(
    (await sql<{ key: string; value: string }>`select key, value from settings where key in ('breaksPaid', 'autoBreakAfterMinutes', 'autoBreakMinutes')`.execute(db)).rows.map((r) => [r.key, r.value]),
  );
  const read = (key: string): unknown => {
    try {
      return JSON.parse(stored.get(key) ?? 'null') as unknown;
    } catch {
      return null;
    }
  };
  const paid = read('breaksPaid');
  const after = read('autoBreakAfterMinutes');
  const minutes = read('autoBreakMinutes');
  // Canonical JSON (keys sorted), as stored-formats' breakRulesJson writes it.
  const rules = JSON.stringify({
    autoBreakAfterMinutes: Number.isInteger(after) ? after : 0,
    autoBreakMinutes: Number.isInteger(minutes) ? minutes : 30,
    breaksPaid: typeof paid === 'boolean' ? paid : false,
  });
  const at = nowIso();
  await sql`insert into break_rules_history (effective_from, rules, created_at, author_id) values ('0000-01-01', ${rules}, ${at}, null)`.execute(db);
  const row = (await sql<{ id: number }>`select id from break_rules_history order by id desc limit 1`.execute(db)).rows[0]!;
  const head = (await sql<{ seq: number; hash: string }>`select seq, hash from record_chain where company_id = ${company} order by seq desc limit 1`.execute(db)).rows[0] ?? null;
  const payload = figurePayload('rules', { id: row.id, effectiveFrom: '0000-01-01', rules, createdAt: at, authorId: null });
  for (const e of nextEntries(sha256Hex, company, head, [{ kind: 'rules', refId: row.id, payload }], at)) {
    await sql`insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values (${e.companyId}, ${e.seq}, ${e.kind}, ${e.refId}, ${e.payload}, ${e.prevHash}, ${e.hash}, ${e.createdAt})`.execute(
      db,
    );
  }
}

/** `record_chain.kind` accepts 'rules' (as migration 0028 widened it). */
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

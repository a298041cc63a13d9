import { type Kysely, sql } from 'kysely';
import { nowIso } from '../../clock/now.ts';
import { engineOf } from '../engine.ts';
import { refuseChanges, upgradesExistingData } from './portable.ts';
import { figurePayload, nextEntries } from '#domain/record-chain/record-chain.ts';
import { sha256Hex } from '../chain-hash.ts';

/**
 * Issue 33 point 1 (decision 051, update): an employee's contract terms that change a day's
 * figures — the working-day type and the part-time percentage — are effective-dated, as the break
 * rules are (migration 0032). One row per change: the employee, the date it applies from
 * (`effective_from`, YYYY-MM-DD), the terms, when and by whom. Each row is chained in the
 * employee's company's chain (new kind 'contract', decision 033); `record_chain.kind` is widened
 * as migrations 0028 and 0032 did (PostgreSQL swaps the CHECK; SQLite rebuilds the table, every
 * entry copied as it is).
 *
 * On an upgraded installation every employee gets one row with the terms their columns hold now,
 * in force from '0000-01-01' (the beginning), chained after their company's head: no figure
 * changes. Name kept distinct ("contract-terms-history") so a merge can renumber it.
 */
// Written out: a shipped migration never changes with the code.
const KINDS = ['punch', 'revision', 'void', 'attendance', 'break', 'leave', 'holiday', 'schedule', 'approval', 'rules', 'contract'].map((k) => `'${k}'`).join(',');

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('contract_terms_history')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('effective_from', 'text', (c) => c.notNull())
    .addColumn('working_day_type', 'text', (c) => c.notNull().check(sql`working_day_type IN ('full-time', 'part-time')`))
    .addColumn('part_time_percent', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('author_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('contract_terms_history_employee_from').on('contract_terms_history').columns(['employee_id', 'effective_from']).execute();
  await widenChainKinds(db);
  if (!upgradesExistingData(db)) return;

  const at = nowIso();
  // One statement for every employee (a percentage only with part time, as the app stores it).
  await sql`insert into contract_terms_history (employee_id, effective_from, working_day_type, part_time_percent, created_at, author_id)
    select id, '0000-01-01', working_day_type, case when working_day_type = 'part-time' then part_time_percent else null end, ${at}, null from employees order by id`.execute(db);
  // Aliased to camel case: the same keys with or without the CamelCasePlugin (as migration 0028 reads).
  const rows = (
    await sql<{ id: number; employeeId: number; companyId: number; workingDayType: string; partTimePercent: number | null }>`select t.id, t.employee_id as "employeeId",
      e.company_id as "companyId", t.working_day_type as "workingDayType", t.part_time_percent as "partTimePercent"
      from contract_terms_history t join employees e on e.id = t.employee_id order by e.company_id, t.id`.execute(db)
  ).rows;
  const byCompany = new Map<number, { kind: 'contract'; refId: number; payload: string }[]>();
  for (const r of rows) {
    const payload = figurePayload('contract', { id: r.id, employeeId: r.employeeId, effectiveFrom: '0000-01-01', workingDayType: r.workingDayType, partTimePercent: r.partTimePercent, createdAt: at, authorId: null });
    const list = byCompany.get(r.companyId) ?? [];
    list.push({ kind: 'contract', refId: r.id, payload });
    byCompany.set(r.companyId, list);
  }
  for (const [company, records] of byCompany) {
    const head = (await sql<{ seq: number; hash: string }>`select seq, hash from record_chain where company_id = ${company} order by seq desc limit 1`.execute(db)).rows[0] ?? null;
    const entries = nextEntries(sha256Hex, company, head, records, at);
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      await sql`insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values ${sql.join(
        chunk.map((e) => sql`(${e.companyId}, ${e.seq}, ${e.kind}, ${e.refId}, ${e.payload}, ${e.prevHash}, ${e.hash}, ${e.createdAt})`),
      )}`.execute(db);
    }
  }
}

/** `record_chain.kind` accepts 'contract' (as migrations 0028 and 0032 widened it). */
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

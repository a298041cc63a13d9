import { type Kysely, sql } from 'kysely';
import { refuseChanges, upgradesExistingData } from './portable.ts';
import { nextEntries, punchPayload, revisionPayload, type ChainKind } from '#domain/record-chain/record-chain.ts';
import { parseBreaks } from '../stored-formats.ts';
import { sha256Hex } from '../chain-hash.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * Decision 033: voided working days and the tamper-evident record chain.
 *
 * Voiding: a manual day is never deleted; `voided_at`/`voided_by`/`void_reason` keep it with
 * who voided it and why. The "one attendance per employee and date" rule now holds among the
 * days not voided (partial unique index), so the day can be entered again correctly; a plain
 * index keeps the lookups by employee and date fast. A voided day can no longer change, and no
 * attendance is ever deleted (triggers).
 *
 * `record_chain`: one append-only hash chain per company over every punch, revision and voiding
 * (src/domain/record-chain/record-chain.ts). The existing punches and revisions are chained here,
 * in id order (punches first), so an upgraded installation verifies.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attendances').addColumn('voided_at', 'text').execute();
  await db.schema.alterTable('attendances').addColumn('voided_by', 'integer').execute();
  await db.schema.alterTable('attendances').addColumn('void_reason', 'text').execute();
  await sql.raw('DROP INDEX attendances_employee_date').execute(db);
  await sql.raw('CREATE INDEX attendances_employee_date ON attendances (employee_id, date)').execute(db);
  await sql.raw('CREATE UNIQUE INDEX attendances_employee_date_live ON attendances (employee_id, date) WHERE voided_at IS NULL').execute(db);
  await refuseChanges(db, { name: 'attendances_voided_no_update', table: 'attendances', op: 'UPDATE', when: 'OLD.voided_at IS NOT NULL', message: 'a voided attendance cannot change' });
  await refuseChanges(db, { name: 'attendances_no_delete', table: 'attendances', op: 'DELETE', message: 'attendances are never deleted; void a manual day' });

  await db.schema
    .createTable('record_chain')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.notNull())
    .addColumn('seq', 'integer', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('punch','revision','void')`))
    .addColumn('ref_id', 'integer', (c) => c.notNull())
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('prev_hash', 'text', (c) => c.notNull())
    .addColumn('hash', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  // Linear per company: two writers can never both append seq n (the head read is this index).
  await sql.raw('CREATE UNIQUE INDEX record_chain_company_seq ON record_chain (company_id, seq)').execute(db);
  for (const op of ['UPDATE', 'DELETE'] as const) {
    await refuseChanges(db, { name: `record_chain_no_${op.toLowerCase()}`, table: 'record_chain', op, message: 'record_chain is append-only' });
  }
  if (!upgradesExistingData(db)) return;

  // Camel-case aliases: the same keys with or without the connection's CamelCasePlugin.
  const punches = await sql<{ id: number; companyId: number; employeeId: number; attendanceId: number | null; action: string; at: string; method: string; terminal: string | null; createdAt: string }>`
    select p.id, e.company_id as "companyId", p.employee_id as "employeeId", p.attendance_id as "attendanceId", p.action, p.at, p.method, p.terminal, p.created_at as "createdAt"
    from punches p join employees e on e.id = p.employee_id order by p.id`.execute(db);
  const revisions = await sql<{
    id: number;
    companyId: number;
    employeeId: number;
    attendanceId: number;
    revision: number;
    timeIn: string;
    timeOut: string | null;
    breaks: string;
    workedSeconds: number | null;
    reason: string | null;
    authorId: number | null;
    createdAt: string;
  }>`
    select r.id, e.company_id as "companyId", a.employee_id as "employeeId", r.attendance_id as "attendanceId", r.revision, r.time_in as "timeIn", r.time_out as "timeOut",
      r.breaks, r.worked_seconds as "workedSeconds", r.reason, r.author_id as "authorId", r.created_at as "createdAt"
    from attendance_revisions r join attendances a on a.id = r.attendance_id join employees e on e.id = a.employee_id order by r.id`.execute(db);
  const byCompany = new Map<number, { kind: ChainKind; refId: number; payload: string }[]>();
  const add = (companyId: number, record: { kind: ChainKind; refId: number; payload: string }) => {
    const list = byCompany.get(companyId) ?? [];
    list.push(record);
    byCompany.set(companyId, list);
  };
  for (const p of punches.rows) add(p.companyId, { kind: 'punch', refId: p.id, payload: punchPayload(p) });
  for (const r of revisions.rows) add(r.companyId, { kind: 'revision', refId: r.id, payload: revisionPayload({ ...r, breaks: parseBreaks(r.breaks) }) });
  const at = nowIso();
  for (const [companyId, records] of byCompany) {
    const entries = nextEntries(sha256Hex, companyId, null, records, at);
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      await sql`insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values ${sql.join(
        chunk.map((e) => sql`(${e.companyId}, ${e.seq}, ${e.kind}, ${e.refId}, ${e.payload}, ${e.prevHash}, ${e.hash}, ${e.createdAt})`),
      )}`.execute(db);
    }
  }
}

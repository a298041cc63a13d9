import { type Kysely, sql } from 'kysely';
import { engineOf } from '../engine.ts';
import { refuseChanges, upgradesExistingData } from './portable.ts';
import { figurePayload, nextEntries, type ChainKind, type FigureKind } from '#domain/record-chain/record-chain.ts';
import { sha256Hex } from '../chain-hash.ts';
import { nowIso } from '../../clock/now.ts';

/**
 * Decision 033, update of issue 33: the record chain also covers the rows a month's figures are
 * read from (attendance rows, breaks, leave, company holidays, schedules, period approvals).
 *
 * `record_chain.kind` accepts the new kinds: PostgreSQL swaps the column's CHECK; SQLite cannot
 * alter a CHECK, so the table is rebuilt with every entry copied as it is (same ids, seqs and
 * hashes), its UNIQUE (company_id, seq) index and its append-only triggers. Then, on an upgraded
 * installation, the rows already there are chained once, per company after its head, kind by
 * kind in that order and each by id, so `verify` stays intact after upgrading.
 */
// Written out, not derived from FIGURE_KINDS: a shipped migration never changes with the code.
type FirstFigureKind = Exclude<FigureKind, 'rules' | 'contract' | 'standby' | 'interruption' | 'answer' | 'pact' | 'offer' | 'shift'>;
const NEW_KINDS: readonly FirstFigureKind[] = ['attendance', 'break', 'leave', 'holiday', 'schedule', 'approval'];
const KINDS = ['punch', 'revision', 'void', ...NEW_KINDS].map((k) => `'${k}'`).join(',');

export async function up(db: Kysely<any>): Promise<void> {
  if (engineOf(db) === 'postgres') {
    await sql.raw(`ALTER TABLE record_chain DROP CONSTRAINT record_chain_kind_check`).execute(db);
    await sql.raw(`ALTER TABLE record_chain ADD CONSTRAINT record_chain_kind_check CHECK (kind in (${KINDS}))`).execute(db);
  } else {
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
  if (!upgradesExistingData(db)) return;

  const byCompany = new Map<number, { kind: ChainKind; refId: number; payload: string }[]>();
  for (const kind of NEW_KINDS) {
    for (const row of (await sql<{ id: number; companyId: number } & Record<string, unknown>>`${sql.raw(FIGURE_ROWS[kind])}`.execute(db)).rows) {
      const list = byCompany.get(row.companyId) ?? [];
      list.push({ kind, refId: row.id, payload: figurePayload(kind, row as never) });
      byCompany.set(row.companyId, list);
    }
  }
  const at = nowIso();
  for (const [companyId, records] of byCompany) {
    const head = (await sql<{ seq: number; hash: string }>`select seq, hash from record_chain where company_id = ${companyId} order by seq desc limit 1`.execute(db)).rows[0] ?? null;
    const entries = nextEntries(sha256Hex, companyId, head, records, at);
    for (let i = 0; i < entries.length; i += 500) {
      const chunk = entries.slice(i, i + 500);
      await sql`insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values ${sql.join(
        chunk.map((e) => sql`(${e.companyId}, ${e.seq}, ${e.kind}, ${e.refId}, ${e.payload}, ${e.prevHash}, ${e.hash}, ${e.createdAt})`),
      )}`.execute(db);
    }
  }
}

/** Each figure kind's rows with their company, columns aliased to FIGURE_COLUMNS' camel-case names (with or without the CamelCasePlugin). */
const FIGURE_ROWS: Record<FirstFigureKind, string> = {
  attendance: `select e.company_id as "companyId", t.id, t.employee_id as "employeeId", t.date, t.timezone, t.time_in as "timeIn", t.time_out as "timeOut",
      t.worked_seconds as "workedSeconds", t.break_seconds as "breakSeconds", t.status_in as "statusIn", t.late_seconds as "lateSeconds",
      t.early_departure_seconds as "earlyDepartureSeconds", t.source, t.work_flag as "workFlag", t.work_mode as "workMode",
      t.overtime_compensation as "overtimeCompensation", t.revision, t.voided_at as "voidedAt", t.closed_automatically as "closedAutomatically"
    from attendances t join employees e on e.id = t.employee_id order by t.id`,
  break: `select e.company_id as "companyId", t.id, t.attendance_id as "attendanceId", t.start_at as "startAt", t.end_at as "endAt"
    from attendance_breaks t join attendances a on a.id = t.attendance_id join employees e on e.id = a.employee_id order by t.id`,
  leave: `select e.company_id as "companyId", t.id, t.employee_id as "employeeId", t.leave_type_id as "leaveTypeId", t.from_date as "fromDate", t.to_date as "toDate",
      t.return_date as "returnDate", t.status, t.decided_by as "decidedBy", t.decided_at as "decidedAt"
    from leaves t join employees e on e.id = t.employee_id order by t.id`,
  holiday: `select t.company_id as "companyId", t.id, t.date, t.name from holidays t order by t.id`,
  schedule: `select e.company_id as "companyId", t.id, t.employee_id as "employeeId", t.start_time as "startTime", t.off_time as "offTime", t.total_hours as "totalHours",
      t.rest_days as "restDays", t.from_date as "fromDate", t.to_date as "toDate", t.status
    from schedules t join employees e on e.id = t.employee_id order by t.id`,
  approval: `select e.company_id as "companyId", t.id, t.employee_id as "employeeId", t.date_from as "dateFrom", t.date_to as "dateTo", t.status,
      t.approved_by as "approvedBy", t.approved_at as "approvedAt", t.reopened_by as "reopenedBy", t.reopened_at as "reopenedAt", t.reopen_reason as "reopenReason"
    from period_approvals t join employees e on e.id = t.employee_id order by t.id`,
};

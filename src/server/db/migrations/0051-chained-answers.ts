import { sql, type Kysely } from 'kysely';
import { figurePayload, nextEntries } from '#domain/record-chain/record-chain.ts';
import { nowIso } from '../../clock/now.ts';
import { saltedText, sha256Hex } from '../chain-hash.ts';
import { widenChainKinds } from './widen-chain-kinds.ts';
import { refuseChanges, upgradesExistingData } from './portable.ts';

/**
 * Issue 38 point 4 follow-up (decisions 034, 082, 083): the worker's answer to a company's
 * correction is chained, so a rejection (a dispute) cannot be deleted or its objection rewritten
 * behind the app without `verify` naming it.
 *
 * - `attendance_correction_acceptances.comment_salt`, `comment_digest`: a random salt and
 *   SHA-256(salt + comment); the chain commits to the digest, never the text, so the retention
 *   purge can delete comment and salt. Rows already there that have a comment are salted here.
 * - `record_chain.kind` accepts `answer` (widened as migration 0047 did: the kinds it accepts now,
 *   read from the database, plus this one). On an upgraded installation every row already there is
 *   chained once, per company after its head, by id (as migration 0028 did), so `verify` stays intact.
 * - Triggers: a row is never deleted; once answered or superseded it never changes, but for the
 *   purge's clearing of its comment and salt (its digest kept).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('attendance_correction_acceptances').addColumn('comment_salt', 'text').execute();
  await db.schema.alterTable('attendance_correction_acceptances').addColumn('comment_digest', 'text').execute();
  await widenChainKinds(db, ['answer']);
  if (upgradesExistingData(db)) await chainExistingAnswers(db);
  await refuseChanges(db, {
    name: 'attendance_correction_acceptances_no_delete',
    table: 'attendance_correction_acceptances',
    op: 'DELETE',
    message: 'attendance_correction_acceptances is append-only',
  });
  const kept = ['id', 'attendance_id', 'revision', 'employee_id', 'status', 'due_at', 'answered_by', 'answered_at', 'created_at', 'comment_digest'];
  const same = kept.map((c) => `NEW.${c} IS NOT DISTINCT FROM OLD.${c}`);
  const purgeOnly = ['OLD.comment_digest IS NOT NULL', 'NEW.comment IS NULL', 'NEW.comment_salt IS NULL', ...same].join(' AND ');
  await refuseChanges(db, {
    name: 'attendance_correction_acceptances_no_update',
    table: 'attendance_correction_acceptances',
    op: 'UPDATE',
    when: `OLD.status <> 'pending' AND NOT (${purgeOnly})`,
    message: 'an answered correction cannot change',
  });
}

type AnswerRow = {
  id: number;
  companyId: number;
  attendanceId: number;
  revision: number;
  employeeId: number;
  status: string;
  dueAt: string;
  comment: string | null;
  answeredBy: number | null;
  answeredAt: string | null;
  createdAt: string;
};

/** Salts the comments already there, then chains every row (with its digest) per company after its head. */
async function chainExistingAnswers(db: Kysely<any>): Promise<void> {
  const rows = (
    await sql<AnswerRow>`select e.company_id as "companyId", t.id, t.attendance_id as "attendanceId", t.revision, t.employee_id as "employeeId", t.status,
      t.due_at as "dueAt", t.comment, t.answered_by as "answeredBy", t.answered_at as "answeredAt", t.created_at as "createdAt"
    from attendance_correction_acceptances t join employees e on e.id = t.employee_id order by t.id`.execute(db)
  ).rows;
  const byCompany = new Map<number, { kind: 'answer'; refId: number; payload: string }[]>();
  for (const { companyId, comment, ...row } of rows) {
    const { salt, digest } = saltedText(comment);
    if (digest !== null) await sql`update attendance_correction_acceptances set comment_salt = ${salt}, comment_digest = ${digest} where id = ${row.id}`.execute(db);
    const list = byCompany.get(companyId) ?? [];
    list.push({ kind: 'answer', refId: row.id, payload: figurePayload('answer', { ...row, commentDigest: digest }) });
    byCompany.set(companyId, list);
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

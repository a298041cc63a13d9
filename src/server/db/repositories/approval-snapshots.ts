import type { Kysely } from 'kysely';
import type { Period } from '#domain/reports/periods.ts';
import { snapshotDigestText } from '#domain/periods/approval-snapshot.ts';
import { sha256Hex } from '../chain-hash.ts';
import type { Database } from '../schema.ts';
import { parseSnapshotPart, snapshotPartJson } from '../stored-formats.ts';

type Db = Kysely<Database>;

/** A snapshot as read back (migration 0031): its parts parsed, its digest from the stored parts. */
export interface StoredSnapshot {
  id: number;
  approvalId: number;
  employeeId: number;
  from: string;
  to: string;
  payroll: Record<string, unknown>;
  totals: Record<string, unknown>;
  createdAt: string;
  supersededAt: string | null;
}

/** SHA-256 of the snapshot's canonical JSON: what the approval's chain entry records (`snapshotDigest`). */
export const snapshotDigest = (s: { payroll: unknown; totals: unknown }): string => sha256Hex(snapshotDigestText(s));

/**
 * Stores the figures an approval froze, in the approval's transaction; earlier snapshots of the
 * same approval are marked superseded (kept as history). Called by `upsertApproval` before it
 * chains the approval, so the entry records this snapshot's digest.
 */
export async function insertSnapshot(db: Db, row: { approvalId: number; employeeId: number; from: string; to: string; payroll: object; totals: object; at: string }): Promise<void> {
  await supersedeSnapshots(db, row.approvalId, row.at);
  await db
    .insertInto('approvalSnapshots')
    .values({ approvalId: row.approvalId, employeeId: row.employeeId, dateFrom: row.from, dateTo: row.to, payroll: snapshotPartJson(row.payroll), totals: snapshotPartJson(row.totals), createdAt: row.at })
    .execute();
}

/** Marks the approval's current snapshot superseded (a reopen): the row stays. */
export async function supersedeSnapshots(db: Db, approvalId: number, at: string): Promise<void> {
  await db.updateTable('approvalSnapshots').set({ supersededAt: at }).where('approvalId', '=', approvalId).where('supersededAt', 'is', null).execute();
}

const selectSnapshots = (db: Db) =>
  db.selectFrom('approvalSnapshots as s').select(['s.id', 's.approvalId', 's.employeeId', 's.dateFrom as from', 's.dateTo as to', 's.payroll', 's.totals', 's.createdAt', 's.supersededAt']);

const parsed = (r: { id: number; approvalId: number; employeeId: number; from: string; to: string; payroll: string; totals: string; createdAt: string; supersededAt: string | null }): StoredSnapshot => ({
  ...r,
  payroll: parseSnapshotPart(r.payroll),
  totals: parseSnapshotPart(r.totals),
});

/**
 * The current snapshots (not superseded, of an approval still approved) of exactly `period`,
 * by employee; `employeeIds` narrows them. What payroll and the record of a locked month are
 * served from.
 */
export async function currentSnapshots(db: Db, period: Period, employeeIds?: readonly number[]): Promise<Map<number, StoredSnapshot>> {
  if (employeeIds && employeeIds.length === 0) return new Map();
  let q = selectSnapshots(db)
    .innerJoin('periodApprovals as p', 'p.id', 's.approvalId')
    .where('p.status', '=', 'approved')
    .where('s.supersededAt', 'is', null)
    .where('s.dateFrom', '=', period.from)
    .where('s.dateTo', '=', period.to);
  if (employeeIds) q = q.where('s.employeeId', 'in', [...employeeIds]);
  return new Map((await q.orderBy('s.id').execute()).map((r) => [r.employeeId, parsed(r)]));
}

/** Every current snapshot of every approved period overlapping `span` (all when omitted): the check's list. */
export async function currentSnapshotsOverlapping(db: Db, span?: Period): Promise<StoredSnapshot[]> {
  let q = selectSnapshots(db).innerJoin('periodApprovals as p', 'p.id', 's.approvalId').where('p.status', '=', 'approved').where('s.supersededAt', 'is', null);
  if (span) q = q.where('s.dateTo', '>=', span.from).where('s.dateFrom', '<=', span.to);
  return (await q.orderBy('s.dateFrom').orderBy('s.employeeId').execute()).map(parsed);
}

/** The digest of each approval's latest snapshot (superseded or not), by approval id: the chain's view of it. */
export async function latestSnapshotDigests(db: Db, approvalIds?: readonly number[]): Promise<Map<number, string>> {
  if (approvalIds && approvalIds.length === 0) return new Map();
  let q = db.selectFrom('approvalSnapshots').select(['id', 'approvalId', 'payroll', 'totals']);
  if (approvalIds) q = q.where('approvalId', 'in', [...approvalIds]);
  const out = new Map<number, string>();
  // By id: the latest snapshot of an approval wins.
  for (const r of await q.orderBy('id').execute()) out.set(r.approvalId, snapshotDigest({ payroll: parseSnapshotPart(r.payroll), totals: parseSnapshotPart(r.totals) }));
  return out;
}

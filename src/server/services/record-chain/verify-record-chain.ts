import { verifyChain, type RecordChainCheck } from '#domain/record-chain/record-chain.ts';

export type { RecordChainCheck };
import { sha256Hex } from '../../db/chain-hash.ts';
import type { Db } from '../../db/connection.ts';
import { snapshotAlerts } from '../periods/approval-figures.ts';
import { allChainEntries, companyNamesForChains, currentChainedRecords } from '../../db/repositories/record-chain.ts';

/**
 * Checks every company's record chain against the records as they are now (decision 033): the
 * command line `jornada verify` and Settings → Record integrity. Reads everything in one read
 * transaction, so a punch recorded meanwhile cannot look like a missing entry.
 */
export async function verifyRecordChain(db: Db): Promise<RecordChainCheck> {
  return db.transaction().execute(async (trx) => {
    const check = await verifyRecordChainIn(trx);
    // Besides the chain: approved figures that a fresh computation no longer gives (never applied).
    return { ...check, approvedFigures: await snapshotAlerts(trx) };
  });
}

/** The same check inside the caller's transaction (`migrate-to-postgres` checks the copy before it commits). */
export async function verifyRecordChainIn(trx: Db): Promise<RecordChainCheck> {
  const entries = await allChainEntries(trx);
  const records = await currentChainedRecords(trx);
  const companies = await companyNamesForChains(trx);
  const verdict = verifyChain(entries, records, sha256Hex);
  const heads = new Map(verdict.heads.map((h) => [h.companyId, h]));
  const named = companies.map((c) => ({ companyId: c.id, companyName: c.name, head: heads.get(c.id) ?? null }));
  // A chain whose company row is gone is still shown (by id).
  for (const h of verdict.heads) if (!companies.some((c) => c.id === h.companyId)) named.push({ companyId: h.companyId, companyName: `#${h.companyId}`, head: h });
  return { ok: verdict.ok, entries: verdict.entries, brokenCount: verdict.brokenCount, broken: verdict.broken, companies: named };
}

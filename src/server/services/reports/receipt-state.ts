import { DATING_KINDS, entryTouchesMonth, receiptFiguresText, type DatingKind, type ReceiptState } from '#domain/access/receipt-figures.ts';
import type { MonthlyRecordDay } from '#domain/reports/monthly-record.ts';
import type { Period } from '#domain/reports/periods.ts';
import { DELETED } from '#domain/record-chain/record-chain.ts';
import { sha256Hex } from '../../db/chain-hash.ts';
import type { Db } from '../../db/connection.ts';
import type { StoredReceipt } from '../../db/repositories/record-acknowledgements.ts';
import { chainEntriesAfter, chainPayloadBefore } from '../../db/repositories/record-chain.ts';

/**
 * "Changed after receipt" (decision 077), in one place: every monthly record (the worker's page,
 * the administrator's record, the inspector's view, the PDF and the Excel file) is built by
 * `monthlyRecords`, which calls `receiptStateOf` with the month's days as built now. Whoever wrote
 * the change — a manual day, a voiding, a correction, a leave decision, a holiday, a schedule, or
 * a writer added later — the figures differ from those received, so it cannot be missed.
 */

/** SHA-256 of the month's figures (`RECEIPT_FIGURES`), kept with a receipt and compared on every read. */
export const receiptFiguresDigest = (days: readonly MonthlyRecordDay[]): string => sha256Hex(receiptFiguresText(days));

/**
 * When the month last changed after receipt: the latest entry of the company's record chain after
 * the head at receipt that concerns the employee's month (`entryTouchesMonth`). Null when none does
 * (a change of the installation-wide break rules, chained in the first company's chain).
 */
async function lastChangeAfter(db: Db, who: { employeeId: number; companyId: number }, period: Period, chainSeq: number): Promise<string | null> {
  const entries = await chainEntriesAfter(db, who.companyId, chainSeq, DATING_KINDS);
  for (const entry of entries) {
    // A deletion's payload is DELETED: what was deleted is its row's entry before it.
    const payload = entry.payload === DELETED ? ((await chainPayloadBefore(db, who.companyId, entry.seq, entry.kind, entry.refId)) ?? DELETED) : entry.payload;
    const facts = JSON.parse(payload) as Record<string, unknown> | null;
    if (facts && entryTouchesMonth(entry.kind as DatingKind, facts, who, period.from, period.to)) return entry.createdAt;
  }
  return null;
}

/**
 * A receipt as the record shows it: changed when the figures as built now differ from those
 * received. A receipt from before migration 0046 has no figures digest and is never "changed".
 */
export async function receiptStateOf(db: Db, stored: StoredReceipt, days: readonly MonthlyRecordDay[], who: { employeeId: number; companyId: number }, period: Period): Promise<ReceiptState> {
  const changed = stored.figuresDigest !== null && stored.figuresDigest !== receiptFiguresDigest(days);
  const changedAt = changed && stored.chainSeq !== null ? await lastChangeAfter(db, who, period, stored.chainSeq) : null;
  return { acknowledgedAt: stored.acknowledgedAt, changed, changedAt };
}

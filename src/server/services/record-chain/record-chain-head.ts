import type { ChainHead } from '#domain/record-chain/record-chain.ts';
import type { Db } from '../../db/connection.ts';
import { chainHeadOf, chainHeads } from '../../db/repositories/record-chain.ts';

/**
 * The head of a company's record chain (decision 033): what a monthly record prints as
 * "#seq · first 16 hex digits of the hash, date" (`shortHead`). Null while the chain is empty.
 */
export async function recordChainHead(db: Db, companyId: number): Promise<ChainHead | null> {
  return (await chainHeadOf(db, companyId)) ?? null;
}

/** Every company's head, by company id (a report with several companies reads them once). */
export async function recordChainHeads(db: Db): Promise<Map<number, ChainHead>> {
  return new Map((await chainHeads(db)).map((h) => [h.companyId, h]));
}

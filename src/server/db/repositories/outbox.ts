import type { Kysely, Selectable } from 'kysely';
import type { Database, OutboxTable } from '../schema.ts';

export type OutboxRow = Selectable<OutboxTable>;

export interface NewOutboxRow {
  channel: OutboxTable['channel'];
  kind: string;
  companyId: number | null;
  dedupeKey: string | null;
  recipient: string;
  language: string | null;
  payload: string;
  at: string;
  /** The queue it waits in (domain/notifications/outbox-lanes.ts). */
  lane: string;
}

/** Queues a delivery; null when a row with the same dedupe key exists (nothing is added). */
export async function insertOutbox(db: Kysely<Database>, row: NewOutboxRow): Promise<number | null> {
  const inserted = await db
    .insertInto('outbox')
    .values({
      channel: row.channel,
      kind: row.kind,
      companyId: row.companyId,
      dedupeKey: row.dedupeKey,
      recipient: row.recipient,
      language: row.language,
      payload: row.payload,
      lane: row.lane,
      status: 'pending',
      nextAttemptAt: row.at,
      lastError: null,
      createdAt: row.at,
      updatedAt: row.at,
      sentAt: null,
    })
    .onConflict((oc) => oc.column('dedupeKey').doNothing())
    .returning('id')
    .executeTakeFirst();
  return inserted?.id ?? null;
}

/** The lanes with rows due at `at` (indexed on status, lane, next attempt). */
export async function dueLanes(db: Kysely<Database>, at: string): Promise<string[]> {
  const rows = await db.selectFrom('outbox').select('lane').distinct().where('status', '=', 'pending').where('nextAttemptAt', '<=', at).execute();
  return rows.map((r) => r.lane);
}

/** The next rows of one lane due at `at`, oldest first, leaving out those already in flight here. */
export async function dueRowsOfLane(db: Kysely<Database>, lane: string, at: string, limit: number, inFlight: readonly number[]): Promise<OutboxRow[]> {
  let query = db.selectFrom('outbox').selectAll().where('status', '=', 'pending').where('lane', '=', lane).where('nextAttemptAt', '<=', at);
  if (inFlight.length > 0) query = query.where('id', 'not in', inFlight);
  return query.orderBy('nextAttemptAt').orderBy('id').limit(limit).execute();
}

/** Marks a pending row as being delivered; false when another sender (or an admin) took it first. */
export async function claimOutboxRow(db: Kysely<Database>, id: number, at: string): Promise<boolean> {
  const result = await db
    .updateTable('outbox')
    .set({ status: 'sending', attempts: (eb) => eb('attempts', '+', 1), updatedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

export async function markOutboxSent(db: Kysely<Database>, id: number, at: string): Promise<void> {
  await db.updateTable('outbox').set({ status: 'sent', sentAt: at, lastError: null, updatedAt: at }).where('id', '=', id).where('status', '=', 'sending').execute();
}

/** After a failed attempt: pending again at `retryAt`, or failed for good when `retryAt` is null. */
export async function markOutboxAttemptFailed(db: Kysely<Database>, id: number, error: string, retryAt: string | null, at: string): Promise<void> {
  await db
    .updateTable('outbox')
    .set(retryAt ? { status: 'pending', nextAttemptAt: retryAt, lastError: error, updatedAt: at } : { status: 'failed', lastError: error, updatedAt: at })
    .where('id', '=', id)
    .where('status', '=', 'sending')
    .execute();
}

/**
 * Rows a stopped process left `sending` (it may have delivered them): of the listed channels they
 * are delivered again (the receiver dedupes), of the others they become failed with `reason`.
 */
export async function settleInterruptedOutbox(db: Kysely<Database>, redeliver: readonly string[], reason: string, at: string): Promise<{ redelivered: number; failed: number }> {
  let redelivered = 0;
  if (redeliver.length > 0) {
    const again = await db
      .updateTable('outbox')
      .set({ status: 'pending', nextAttemptAt: at, updatedAt: at })
      .where('status', '=', 'sending')
      .where('channel', 'in', redeliver as OutboxTable['channel'][])
      .executeTakeFirst();
    redelivered = Number(again.numUpdatedRows);
  }
  const failed = await db.updateTable('outbox').set({ status: 'failed', lastError: reason, updatedAt: at }).where('status', '=', 'sending').executeTakeFirst();
  return { redelivered, failed: Number(failed.numUpdatedRows) };
}

/** The earliest `next_attempt_at` of a pending row, or null when nothing is pending. */
export async function nextOutboxAttemptAt(db: Kysely<Database>): Promise<string | null> {
  const row = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.min('nextAttemptAt').as('at'))
    .where('status', '=', 'pending')
    .executeTakeFirst();
  return (row?.at as string | null | undefined) ?? null;
}

/** The last error recorded on a row (null when none). */
export async function outboxLastError(db: Kysely<Database>, id: number): Promise<string | null> {
  return (await db.selectFrom('outbox').select('lastError').where('id', '=', id).executeTakeFirst())?.lastError ?? null;
}

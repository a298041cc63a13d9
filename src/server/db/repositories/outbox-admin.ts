import { jsonTextField } from '../json-text.ts';
import { sql } from 'kysely';
import type { OutboxStatus } from '#domain/notifications/outbox-view.ts';
import type { Db } from '../connection.ts';

/**
 * The outbox as Settings › Outbox reads and changes it (decision 054); the sender's own queries
 * are in outbox.ts. An administrator's change is conditional on the status it was shown in, so it
 * never races the sender: a row being delivered (`sending`) is neither retried nor discarded.
 */

export interface OutboxListRow {
  id: number;
  channel: 'email' | 'webhook';
  kind: string;
  recipient: string;
  subject: string | null;
  status: OutboxStatus;
  attempts: number;
  nextAttemptAt: string;
  lastError: string | null;
  createdAt: string;
  updatedAt: string;
  sentAt: string | null;
}

export async function listOutboxRows(db: Db, query: { statuses: readonly OutboxStatus[]; order: 'oldest' | 'newest'; limit: number; offset: number }): Promise<{ rows: OutboxListRow[]; total: number }> {
  const direction = query.order === 'oldest' ? 'asc' : 'desc';
  const rows = await db
    .selectFrom('outbox')
    .select([
      'id',
      'channel',
      'kind',
      'recipient',
      'status',
      'attempts',
      'nextAttemptAt',
      'lastError',
      'createdAt',
      'updatedAt',
      'sentAt',
      // The email's subject, read from its stored content (webhooks have none).
      sql<string | null>`case when channel = 'email' then ${jsonTextField(db, 'payload', 'subject')} end`.as('subject'),
    ])
    .where('status', 'in', query.statuses)
    .orderBy(query.order === 'oldest' ? 'nextAttemptAt' : 'updatedAt', direction)
    .orderBy('id', direction)
    .limit(query.limit)
    .offset(query.offset)
    .execute();
  const total = await db
    .selectFrom('outbox')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('status', 'in', query.statuses)
    .executeTakeFirstOrThrow();
  return { rows: rows.map((r) => ({ ...r, subject: typeof r.subject === 'string' ? r.subject : null })), total: Number(total.n) };
}

/** How many rows are in each status. */
export async function countOutboxByStatus(db: Db): Promise<Partial<Record<OutboxStatus, number>>> {
  const rows = await db
    .selectFrom('outbox')
    .select(['status', (eb) => eb.fn.countAll<number>().as('n')])
    .groupBy('status')
    .execute();
  return Object.fromEntries(rows.map((r) => [r.status, Number(r.n)]));
}

export async function findOutboxStatus(db: Db, id: number): Promise<{ id: number; status: OutboxStatus; channel: string; kind: string; recipient: string } | undefined> {
  return db.selectFrom('outbox').select(['id', 'status', 'channel', 'kind', 'recipient']).where('id', '=', id).executeTakeFirst();
}

/** failed -> pending, due at `at`, with a fresh series of attempts; false when it was not failed. */
export async function retryOutboxRow(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('outbox').set({ status: 'pending', attempts: 0, nextAttemptAt: at, updatedAt: at }).where('id', '=', id).where('status', '=', 'failed').executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

/** pending or failed -> discarded; false when it was in another status (being sent, sent, discarded). */
export async function discardOutboxRow(db: Db, id: number, at: string): Promise<boolean> {
  const result = await db.updateTable('outbox').set({ status: 'discarded', updatedAt: at }).where('id', '=', id).where('status', 'in', ['pending', 'failed']).executeTakeFirst();
  return Number(result.numUpdatedRows) === 1;
}

import type { Kysely } from 'kysely';
import type { Database } from '../schema.ts';

type Executor = Kysely<Database>;

/** The outbox rows of one webhook's deliveries: their dedupe key names it (`webhook:<id>:<event id>`). */
const keyPrefix = (webhookId: number) => `webhook:${webhookId}:%`;

/** A webhook's latest deliveries, newest first. */
export function recentWebhookDeliveries(db: Executor, webhookId: number, limit: number) {
  return db
    .selectFrom('outbox')
    .select(['id', 'kind', 'status', 'attempts', 'nextAttemptAt', 'lastError', 'createdAt', 'sentAt'])
    .where('channel', '=', 'webhook')
    .where('dedupeKey', 'like', keyPrefix(webhookId))
    .orderBy('id', 'desc')
    .limit(limit)
    .execute();
}

/** Deliveries of a deleted webhook that were still to be sent are discarded with it. */
export async function discardWebhookDeliveries(db: Executor, webhookId: number, at: string): Promise<void> {
  await db.updateTable('outbox').set({ status: 'discarded', updatedAt: at }).where('channel', '=', 'webhook').where('dedupeKey', 'like', keyPrefix(webhookId)).where('status', 'in', ['pending', 'failed']).execute();
}

import { type Kysely } from 'kysely';

/**
 * Issue 41, point 4 (decision 094): deliveries that do not wait on each other.
 *
 * - `outbox.lane`: the queue a row waits in: `email` for every email (one SMTP server), and
 *   `webhook:<id>` for each webhook's deliveries, so a receiver that does not answer holds back only
 *   its own. Existing webhook rows get their webhook's lane from their dedupe key
 *   (`webhook:<id>:<event id>`); rows of a webhook deleted since share `webhook`.
 * - `webhooks.failure_streak`, `failing_since`: failed attempts in a row and when the first of them
 *   failed; a success clears both. `paused_at`: the receiver kept failing, so its deliveries wait
 *   (pending) until an administrator resumes it; the administrators were told.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('outbox')
    .addColumn('lane', 'text', (c) => c.notNull().defaultTo('email'))
    .execute();
  await db.updateTable('outbox').set({ lane: 'webhook' }).where('channel', '=', 'webhook').execute();
  const hooks = await db.selectFrom('webhooks').select('id').execute();
  for (const { id } of hooks as { id: number }[]) {
    await db
      .updateTable('outbox')
      .set({ lane: `webhook:${id}` })
      .where('channel', '=', 'webhook')
      .where('dedupe_key', 'like', `webhook:${id}:%`)
      .execute();
  }
  await db.schema.createIndex('outbox_lane_due').on('outbox').columns(['status', 'lane', 'next_attempt_at']).execute();

  await db.schema
    .alterTable('webhooks')
    .addColumn('failure_streak', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
  await db.schema.alterTable('webhooks').addColumn('failing_since', 'text').execute();
  await db.schema.alterTable('webhooks').addColumn('paused_at', 'text').execute();
}

import type { Kysely } from 'kysely';

/**
 * Notifications and integrations (issue 22, decision 054).
 *
 * - `outbox`: every email and webhook delivery, written in the transaction of the event that
 *   causes it, then delivered by the outbox sender. `dedupe_key` (unique) makes an event queue its
 *   message once however often it is seen. `status`: pending -> sending (committed before the
 *   delivery starts) -> sent, or back to pending with `next_attempt_at` (backoff), or failed after
 *   the last attempt; discarded by an admin. Rows are kept as the delivery history.
 * - `notification_settings`: per company and kind, switched on or off; `to_managers` copies the
 *   employee's managers, `minutes` is the kind's delay (missed check-in). No row = the default.
 * - `notification_mutes`: what a user chose not to receive (optional kinds only).
 * - `users.language`: the language of the emails a user receives (null = the instance default).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('outbox')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('channel', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('set null'))
    .addColumn('dedupe_key', 'text', (c) => c.unique())
    .addColumn('recipient', 'text', (c) => c.notNull())
    .addColumn('language', 'text')
    .addColumn('payload', 'text', (c) => c.notNull())
    .addColumn('status', 'text', (c) => c.notNull())
    .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('next_attempt_at', 'text', (c) => c.notNull())
    .addColumn('last_error', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('sent_at', 'text')
    .execute();
  await db.schema.createIndex('outbox_due').on('outbox').columns(['status', 'next_attempt_at']).execute();
  await db.schema
    .createTable('notification_settings')
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull())
    .addColumn('to_managers', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('minutes', 'integer')
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_settings_pk', ['company_id', 'kind'])
    .execute();
  await db.schema
    .createTable('notification_mutes')
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('kind', 'text', (c) => c.notNull())
    .addPrimaryKeyConstraint('notification_mutes_pk', ['user_id', 'kind'])
    .execute();
  await db.schema.alterTable('users').addColumn('language', 'text').execute();
}

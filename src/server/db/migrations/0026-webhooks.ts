import type { Kysely } from 'kysely';

/**
 * Webhooks (issue 22 point 6, decision 058): an address an administrator registers to be told of
 * events (`events`: JSON array of event names). `company_id` is the creator's company (null: an
 * account without one, told of every company's events). `secret` signs each delivery
 * (HMAC-SHA256); it is kept sealed with a key derived from the instance pepper, as the server must
 * read it to sign. Deliveries are outbox rows (channel `webhook`, dedupe key
 * `webhook:<id>:<event id>`), written in the transaction of the event. A webhook is deleted for
 * good (its pending deliveries are discarded with it); `enabled = 0` keeps it but sends nothing.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('webhooks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('url', 'text', (c) => c.notNull())
    .addColumn('description', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('events', 'text', (c) => c.notNull())
    .addColumn('secret', 'text', (c) => c.notNull())
    .addColumn('enabled', 'integer', (c) => c.notNull().defaultTo(1))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('webhooks_company').on('webhooks').columns(['company_id', 'enabled']).execute();
}

import type { Kysely } from 'kysely';

/**
 * Clock terminals (issue 20, decision 042): a device an admin creates and pairs with a one-time
 * code; the device then holds a long-lived credential, of which only the SHA-256 is kept, until
 * the terminal is revoked (a row is never deleted: punches name it). `last_seq` is the highest
 * offline sequence number accepted from the device. Each punch names its terminal
 * (`punches.terminal_id`; `punches.terminal` keeps the terminal's name at punch time).
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('terminals')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('location', 'text', (c) => c.notNull().defaultTo(''))
    .addColumn('methods', 'text', (c) => c.notNull())
    .addColumn('credential_hash', 'text', (c) => c.unique())
    .addColumn('pairing_code_hash', 'text', (c) => c.unique())
    .addColumn('pairing_expires_at', 'text')
    .addColumn('paired_at', 'text')
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_seen_at', 'text')
    .addColumn('last_seq', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema
    .alterTable('punches')
    .addColumn('terminal_id', 'integer', (c) => c.references('terminals.id'))
    .execute();
  await db.schema.createIndex('punches_terminal_at').on('punches').columns(['terminal_id', 'at']).execute();
}

import type { Kysely } from 'kysely';

/**
 * `instance_meta`: facts about the instance kept in the database itself (decision 039). Its first
 * row, `secrets_fingerprint`, is HMAC(pinPepper, fixed label) of the config.json the PINs were
 * made with; it is written at start when absent (an existing install adopts its config.json), so
 * a start with another instance's config.json and a restore with mismatched secrets are caught.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('instance_meta')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
}

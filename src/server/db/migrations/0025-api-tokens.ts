import type { Kysely } from 'kysely';

/**
 * API tokens (issue 22 point 5, decision 057). Only the SHA-256 (hex) of a token is kept
 * (`token_hash`, unique) plus its first characters (`hint`, e.g. `jt_AbC1`) to tell tokens apart.
 * `permissions` is a JSON permission set, a subset of the creator's when it was made; at each
 * request it is intersected with what the creator holds then. A token is revoked, never deleted;
 * it goes with its creator's account. `last_used_at` is written at most once a minute.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('api_tokens')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('hint', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('permissions', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'text')
    .execute();
  await db.schema.createIndex('api_tokens_user').on('api_tokens').column('user_id').execute();
}

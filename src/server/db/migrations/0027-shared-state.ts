import type { Kysely } from 'kysely';

/**
 * State that decides something and must be the same on every app server (issue 23 point 3,
 * decision 060): the attempt limiters (sign-in, kiosk PIN/badge/face) and the face punch
 * challenges. One row per (scope, key); `value` is JSON written and read only by
 * db/shared-state.ts; `expires_at` (epoch ms) is when the row may be deleted (garbage
 * collection only: the rules judge expiry themselves). On SQLite the server keeps this state in
 * memory (one process per data directory) and the table stays empty.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shared_state')
    .addColumn('scope', 'text', (c) => c.notNull())
    .addColumn('key', 'text', (c) => c.notNull())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'integer', (c) => c.notNull())
    .addPrimaryKeyConstraint('shared_state_pk', ['scope', 'key'])
    .execute();
  await db.schema.createIndex('shared_state_expires').on('shared_state').column('expires_at').execute();
}

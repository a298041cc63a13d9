import type { Kysely } from 'kysely';

/**
 * Server-side sessions (decision 023): the sealed token names a row here, so signing out, "sign
 * out everywhere" and an administrator can end a session before its token expires. `id` is the
 * random session id (the primary key is the per-request lookup); `session_version` is the user's
 * version the session was issued under (a later bump still ends it). Rows go with their user.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('sessions')
    .addColumn('id', 'text', (c) => c.primaryKey())
    .addColumn('user_id', 'integer', (c) => c.notNull().references('users.id').onDelete('cascade'))
    .addColumn('session_version', 'integer', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('user_agent', 'text')
    .addColumn('address', 'text')
    .execute();
  await db.schema.createIndex('sessions_user').on('sessions').column('user_id').execute();
  await db.schema.createIndex('sessions_expires').on('sessions').column('expires_at').execute();
}

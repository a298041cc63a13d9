import { type Kysely } from 'kysely';

/**
 * Issue 41, point 6 (decision 096): an audit entry written through an API token names the token
 * (`audit_log.api_token_id`) beside its creator (`user_id`), so a write an assistant made over MCP
 * reads as done by that token. Null for a session, the system and every entry written before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('audit_log').addColumn('api_token_id', 'integer').execute();
}

import { type Kysely } from 'kysely';

/**
 * Issue 41, point 5 (decision 058): a webhook posts Jornada's signed JSON event (`jornada`, every
 * webhook before this), or a chat message in the shape of a Slack (`slack`) or Microsoft Teams
 * (`teams`) incoming webhook, for people to read in a channel.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('webhooks')
    .addColumn('format', 'text', (c) => c.notNull().defaultTo('jornada'))
    .execute();
}

import type { Kysely } from 'kysely';

/**
 * Issue 37, point 12 (decision 077): a worker's receipt of a monthly record says when the month
 * changed after it.
 *
 * - `record_acknowledgements.figures_digest`: SHA-256 (hex) of the month's figures as received
 *   (`receiptFiguresText`); compared with the figures as built now on every read. Null for a
 *   receipt made before this migration: its figures were not kept in this form, so it is shown
 *   as before (never "changed").
 * - `record_acknowledgements.chain_seq`: the head of the employee's company's record chain at
 *   receipt; the entries after it date a change ("changed after receipt on …").
 *
 * Plain added nullable columns: no table is rebuilt, on SQLite or PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('record_acknowledgements').addColumn('figures_digest', 'text').execute();
  await db.schema.alterTable('record_acknowledgements').addColumn('chain_seq', 'integer').execute();
}

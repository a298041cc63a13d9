import type { Kysely } from 'kysely';

/**
 * Hours balance (issue 21 point 1, decision 049).
 *
 * - `leave_types.draws_from_balance`: 1 for time off in lieu (TOIL): an approved day of such leave
 *   expects its scheduled hours, so it debits the employee's hours balance, and a request beyond
 *   the balance is refused. 0 (every existing type) behaves as before.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('leave_types')
    .addColumn('draws_from_balance', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();
}

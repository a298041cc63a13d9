import type { Kysely } from 'kysely';

/**
 * Leave that reflects reality (issue 21.5, decision 053): a leave type may accrue days per month
 * worked and carry unused days into the next year (at most `carry_over_max_days`, lapsing after
 * `carry_over_expiry`, `MM-DD` of that year); an employee may have an end date (a leaver), which
 * prorates their allowance. Existing rows keep today's behaviour: null = no accrual, no
 * carry-over, no end date.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('leave_types').addColumn('accrual_days_per_month', 'real').execute();
  await db.schema.alterTable('leave_types').addColumn('carry_over_max_days', 'real').execute();
  await db.schema.alterTable('leave_types').addColumn('carry_over_expiry', 'text').execute();
  await db.schema.alterTable('employees').addColumn('end_date', 'text').execute();
}

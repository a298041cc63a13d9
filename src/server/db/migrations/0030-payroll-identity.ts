import type { Kysely } from 'kysely';

/**
 * What the payroll bureau needs to put a month's figures on the right payslip (issue 33.7,
 * decision 052): the company's contribution account code (código de cuenta de cotización, CCC,
 * 11 digits), and the worker's professional category (group or category of the collective
 * agreement) and contract type (as the company names it, e.g. "100 Indefinido"). Free text,
 * empty on existing rows. Plain nullable columns: the same on SQLite and PostgreSQL.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.alterTable('companies').addColumn('contribution_account_code', 'text').execute();
  await db.schema.alterTable('employees').addColumn('professional_category', 'text').execute();
  await db.schema.alterTable('employees').addColumn('contract_type', 'text').execute();
}

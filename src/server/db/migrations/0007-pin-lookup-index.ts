import type { Kysely } from 'kysely';

/**
 * The clock finds an employee by the HMAC key of the PIN alone (the terminal does not know the
 * company), but the unique index `employees_pin_key` leads with `company_id`, so every PIN punch
 * scanned the whole index: about 10 ms per punch with 10,000 employees. This index serves that
 * lookup (decision 017, measured by bench/clock-punch.mjs); uniqueness stays per company.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema.createIndex('employees_pin_key_lookup').on('employees').column('pin_key').execute();
}

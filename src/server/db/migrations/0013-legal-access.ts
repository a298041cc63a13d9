import { sql, type Kysely } from 'kysely';
import { refuseChanges, upgradesExistingData } from './portable.ts';

/**
 * Access for those art. 34.9 ET names (decision 036, issue 18.9):
 * - `inspection_links`: read-only links for the labour inspectorate. Only the SHA-256 of the token
 *   is kept; a link is revoked (revoked_at), never deleted. `company_id` null = every company.
 * - `inspection_link_uses`: one row per use of a link (append-only: triggers refuse changes).
 * - `record_acknowledgements`: an employee's "I have received my record for <month>", once per
 *   employee and month, with the totals shown and a SHA-256 digest of the record's days.
 * - The new `workTotals` area: every role that reads the reports gets the same actions on it (the
 *   Administrator stays "every action everywhere"); each company gets the Representatives role.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('inspection_links')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('token_hash', 'text', (c) => c.notNull().unique())
    .addColumn('company_id', 'integer', (c) => c.references('companies.id').onDelete('cascade'))
    .addColumn('label', 'text')
    .addColumn('created_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('expires_at', 'text', (c) => c.notNull())
    .addColumn('revoked_at', 'text')
    .addColumn('revoked_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('last_used_at', 'text')
    .addColumn('uses', 'integer', (c) => c.notNull().defaultTo(0))
    .execute();

  await db.schema
    .createTable('inspection_link_uses')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('link_id', 'integer', (c) => c.notNull().references('inspection_links.id'))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('address', 'text')
    .addColumn('viewed', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('inspection_link_uses_link').on('inspection_link_uses').columns(['link_id', 'at']).execute();
  for (const op of ['UPDATE', 'DELETE'] as const) {
    await refuseChanges(db, { name: `inspection_link_uses_no_${op.toLowerCase()}`, table: 'inspection_link_uses', op, message: 'inspection_link_uses is append-only' });
  }

  await db.schema
    .createTable('record_acknowledgements')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
    .addColumn('month', 'text', (c) => c.notNull())
    .addColumn('acknowledged_at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('worked_seconds', 'integer', (c) => c.notNull())
    .addColumn('overtime_seconds', 'integer', (c) => c.notNull())
    .addColumn('attended_days', 'integer', (c) => c.notNull())
    .addColumn('absent_days', 'integer', (c) => c.notNull())
    .addColumn('leave_days', 'integer', (c) => c.notNull())
    .addColumn('digest', 'text', (c) => c.notNull())
    .addUniqueConstraint('record_acknowledgements_employee_month', ['employee_id', 'month'])
    .execute();

  if (!upgradesExistingData(db)) return;
  // The Representatives role for the companies that exist already (new ones get it with the defaults).
  await sql
    .raw(
      `INSERT INTO roles (name, company_id, permissions, is_default, created_at, updated_at) ` +
        `SELECT 'Representatives', id, '{"workTotals":["read"]}', 1, strftime('%Y-%m-%dT%H:%M:%fZ', 'now'), strftime('%Y-%m-%dT%H:%M:%fZ', 'now') FROM companies ` +
        `WHERE NOT EXISTS (SELECT 1 FROM roles r WHERE r.company_id = companies.id AND r.name = 'Representatives')`,
    )
    .execute(db);

  // Whoever reads the full reports may read the representatives' totals too.
  await sql
    .raw(
      `UPDATE roles SET permissions = json_set(permissions, '$.workTotals', json(json_extract(permissions, '$.report'))) ` +
        `WHERE json_valid(permissions) AND EXISTS (SELECT 1 FROM json_each(permissions, '$.report') WHERE value = 'read')`,
    )
    .execute(db);
}

import type { Kysely } from 'kysely';

/** Company holidays: days nobody of the company works (leave day counting and return dates skip them). */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('holidays')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('holidays_company_date').unique().on('holidays').columns(['company_id', 'date']).execute();
}

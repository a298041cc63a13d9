import { sql, type Kysely } from 'kysely';

/**
 * Issue 36, point 5 (decision 068): optional proof of place for personal punches.
 *
 * - `companies.proof_of_place`: `off` (the default, for existing and new companies alike),
 *   `record`, `warn` or `require`; `companies.position_retention_days`: how long a punch's raw
 *   position is kept (90 by default, 1 to 365).
 * - `workplaces`: a company's places, a centre (lat, lng, degrees) and a radius in metres.
 * - `punches.place` (`inside` | `outside` | `unknown`, null when nothing was asked: a kiosk punch,
 *   a remote punch, proof of place off) and `punches.workplace_id` (the workplace it was inside).
 *   Both are added with ALTER TABLE ADD COLUMN (nullable, no default): no rebuild of `punches` on
 *   SQLite, its append-only triggers untouched; they are written once, with the punch.
 * - `punch_positions`: the raw position of a punch (lat, lng, accuracy), apart from the punch so
 *   that it can be deleted after the retention period while the punch keeps only its `place`.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('proof_of_place', 'text', (c) =>
      c
        .notNull()
        .defaultTo('off')
        .check(sql`proof_of_place in ('off', 'record', 'warn', 'require')`),
    )
    .execute();
  await db.schema
    .alterTable('companies')
    .addColumn('position_retention_days', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(90)
        .check(sql`position_retention_days between 1 and 365`),
    )
    .execute();

  await db.schema
    .createTable('workplaces')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('lat', 'double precision', (c) => c.notNull().check(sql`lat between -90 and 90`))
    .addColumn('lng', 'double precision', (c) => c.notNull().check(sql`lng between -180 and 180`))
    .addColumn('radius_m', 'integer', (c) => c.notNull().check(sql`radius_m between 10 and 10000`))
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('workplaces_company').on('workplaces').column('company_id').execute();

  await db.schema
    .alterTable('punches')
    .addColumn('place', 'text', (c) => c.check(sql`place is null or place in ('inside', 'outside', 'unknown')`))
    .execute();
  await db.schema
    .alterTable('punches')
    .addColumn('workplace_id', 'integer', (c) => c.references('workplaces.id'))
    .execute();

  await db.schema
    .createTable('punch_positions')
    .addColumn('punch_id', 'integer', (c) => c.primaryKey().references('punches.id'))
    .addColumn('lat', 'double precision', (c) => c.notNull())
    .addColumn('lng', 'double precision', (c) => c.notNull())
    .addColumn('accuracy', 'double precision', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('punch_positions_created').on('punch_positions').column('created_at').execute();
}

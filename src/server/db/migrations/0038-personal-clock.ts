import { sql, type Kysely } from 'kysely';
import { engineOf } from '../engine.ts';
import { refuseChanges } from './portable.ts';

/**
 * Issue 36, point 3 (decision 067): the personal clock, a signed-in worker punching from their own
 * device.
 *
 * - `companies.personal_clock`: 1 = the company's workers may punch from their session; off (0)
 *   by default, for existing and new companies alike.
 * - `employees.personal_clock`: the employee's override, `allowed` or `denied`; null = as the
 *   company says.
 * - `punches.method` accepts `personal`; `punches.work_mode` (`on-site` | `remote`, null for a
 *   kiosk punch, which is on site by definition) and `punches.device` (a short summary of the
 *   browser's user agent, null for a kiosk punch: its terminal names it).
 *
 * SQLite cannot alter a CHECK: `punches` is rebuilt with every row copied as it is (same ids),
 * its indexes and its append-only triggers (dropping a table drops its triggers first: none
 * fires). `punch_photos` references it, and with foreign keys on a dropped parent leaves its
 * children counted as violations until commit, so it is rebuilt beside it (copied first, its
 * reference renamed with the table). PostgreSQL swaps the CHECK and adds the columns.
 */
const METHODS = "method in ('pin','face','card','manual','personal')";
const WORK_MODE = "work_mode is null or work_mode in ('on-site','remote')";

export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .alterTable('companies')
    .addColumn('personal_clock', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`personal_clock in (0, 1)`),
    )
    .execute();
  await db.schema
    .alterTable('employees')
    .addColumn('personal_clock', 'text', (c) => c.check(sql`personal_clock is null or personal_clock in ('allowed', 'denied')`))
    .execute();

  if (engineOf(db) === 'postgres') {
    await sql.raw('ALTER TABLE punches DROP CONSTRAINT punches_method_check').execute(db);
    await sql.raw(`ALTER TABLE punches ADD CONSTRAINT punches_method_check CHECK (${METHODS})`).execute(db);
    await db.schema
      .alterTable('punches')
      .addColumn('work_mode', 'text', (c) => c.check(sql.raw(WORK_MODE)))
      .execute();
    await db.schema.alterTable('punches').addColumn('device', 'text').execute();
    return;
  }

  await db.schema
    .createTable('punches_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
    .addColumn('attendance_id', 'integer', (c) => c.references('attendances.id'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('check-in','check-out','break-in','break-out')`))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql.raw(METHODS)))
    .addColumn('terminal', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('terminal_id', 'integer', (c) => c.references('terminals.id'))
    .addColumn('offline_seq', 'integer')
    .addColumn('work_mode', 'text', (c) => c.check(sql.raw(WORK_MODE)))
    .addColumn('device', 'text')
    .execute();
  const punchColumns = 'id, employee_id, attendance_id, action, at, method, terminal, created_at, terminal_id, offline_seq';
  await sql.raw(`INSERT INTO punches_next (${punchColumns}) SELECT ${punchColumns} FROM punches ORDER BY id`).execute(db);

  await db.schema
    .createTable('punch_photos_next')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('punch_id', 'integer', (c) => c.notNull().unique().references('punches_next.id'))
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
    .addColumn('file', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  const photoColumns = 'id, punch_id, employee_id, file, created_at';
  await sql.raw(`INSERT INTO punch_photos_next (${photoColumns}) SELECT ${photoColumns} FROM punch_photos ORDER BY id`).execute(db);

  await sql.raw('DROP TABLE punch_photos').execute(db);
  await sql.raw('DROP TABLE punches').execute(db);
  // With foreign keys on, renaming a table renames the references to it (punch_photos_next's).
  await sql.raw('ALTER TABLE punches_next RENAME TO punches').execute(db);
  await sql.raw('ALTER TABLE punch_photos_next RENAME TO punch_photos').execute(db);

  await db.schema.createIndex('punches_employee_at').on('punches').columns(['employee_id', 'at']).execute();
  await db.schema.createIndex('punches_terminal_at').on('punches').columns(['terminal_id', 'at']).execute();
  await db.schema.createIndex('punch_photos_created').on('punch_photos').column('created_at').execute();
  for (const op of ['UPDATE', 'DELETE'] as const) {
    await refuseChanges(db, { name: `punches_no_${op.toLowerCase()}`, table: 'punches', op, message: 'punches is append-only' });
  }
}

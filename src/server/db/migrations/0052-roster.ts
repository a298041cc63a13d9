import { type Kysely, sql } from 'kysely';
import { widenChainKinds } from './widen-chain-kinds.ts';

/**
 * Issue 39 (decision 085): rostering.
 *
 * - `shift_templates`: a company's named shifts (start, end, unpaid break minutes, colour, an
 *   optional department); archived rather than deleted once used.
 * - `roster_shifts`: the roster as planned, the draft the grid edits: one shift per department and
 *   date, for an employee or open (`employee_id` null). `published` = 1 while the shift reads as it
 *   was last published; any edit clears it.
 * - `planned_days`: the published plan, one row per employee and date: a shift (times and break) or
 *   a rest day. Written only by publishing (and approved claims and swaps); every row chained as
 *   kind 'shift' and period-locked, because it is what a day's expected time is read from.
 * - `roster_publications`: who published which department's dates when, and how many days changed.
 * - `coverage_needs`: staff needed per template and ISO weekday (1 = Monday).
 * - `open_shift_claims`, `shift_swaps`: the workers' requests and their answers.
 * - `calendar_feeds`: a worker's private iCalendar feed, by the SHA-256 of its secret.
 */
export async function up(db: Kysely<any>): Promise<void> {
  await db.schema
    .createTable('shift_templates')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.references('departments.id').onDelete('set null'))
    .addColumn('name', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('break_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`break_minutes between 0 and 240`),
    )
    .addColumn('colour', 'text', (c) => c.notNull())
    .addColumn('archived', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`archived in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('shift_templates_company').on('shift_templates').columns(['company_id', 'name']).execute();

  await db.schema
    .createTable('roster_shifts')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('employee_id', 'integer', (c) => c.references('employees.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('start_time', 'text', (c) => c.notNull())
    .addColumn('end_time', 'text', (c) => c.notNull())
    .addColumn('break_minutes', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`break_minutes between 0 and 240`),
    )
    .addColumn('template_id', 'integer', (c) => c.references('shift_templates.id').onDelete('set null'))
    .addColumn('published', 'integer', (c) =>
      c
        .notNull()
        .defaultTo(0)
        .check(sql`published in (0, 1)`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .addColumn('updated_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('roster_shifts_department_date').on('roster_shifts').columns(['department_id', 'date']).execute();
  await db.schema.createIndex('roster_shifts_employee_date').on('roster_shifts').columns(['employee_id', 'date']).execute();

  await db.schema
    .createTable('planned_days')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('date', 'text', (c) => c.notNull())
    .addColumn('kind', 'text', (c) => c.notNull().check(sql`kind in ('shift', 'rest')`))
    .addColumn('start_time', 'text')
    .addColumn('end_time', 'text')
    .addColumn('break_minutes', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('planned_days_employee_date').on('planned_days').columns(['employee_id', 'date']).unique().execute();

  await db.schema
    .createTable('roster_publications')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('date_from', 'text', (c) => c.notNull())
    .addColumn('date_to', 'text', (c) => c.notNull())
    .addColumn('changed_days', 'integer', (c) => c.notNull().defaultTo(0))
    .addColumn('published_at', 'text', (c) => c.notNull())
    .addColumn('published_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .execute();
  await db.schema.createIndex('roster_publications_department').on('roster_publications').columns(['department_id', 'date_from']).execute();

  await db.schema
    .createTable('coverage_needs')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('template_id', 'integer', (c) => c.notNull().references('shift_templates.id').onDelete('cascade'))
    .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id').onDelete('cascade'))
    .addColumn('weekday', 'integer', (c) => c.notNull().check(sql`weekday between 1 and 7`))
    .addColumn('staff', 'integer', (c) => c.notNull().check(sql`staff between 0 and 999`))
    .execute();
  await db.schema.createIndex('coverage_needs_unique').on('coverage_needs').columns(['template_id', 'department_id', 'weekday']).unique().execute();

  await db.schema
    .createTable('open_shift_claims')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('roster_shifts.id').onDelete('cascade'))
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('pending')
        .check(sql`status in ('pending', 'approved', 'declined', 'withdrawn')`),
    )
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('open_shift_claims_shift').on('open_shift_claims').columns(['shift_id', 'status']).execute();

  await db.schema
    .createTable('shift_swaps')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('shift_id', 'integer', (c) => c.notNull().references('roster_shifts.id').onDelete('cascade'))
    .addColumn('from_employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('to_employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('other_shift_id', 'integer', (c) => c.references('roster_shifts.id').onDelete('cascade'))
    .addColumn('status', 'text', (c) =>
      c
        .notNull()
        .defaultTo('proposed')
        .check(sql`status in ('proposed', 'accepted', 'declined', 'approved', 'rejected', 'cancelled')`),
    )
    .addColumn('note', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .addColumn('answered_at', 'text')
    .addColumn('decided_by', 'integer', (c) => c.references('users.id').onDelete('set null'))
    .addColumn('decided_at', 'text')
    .execute();
  await db.schema.createIndex('shift_swaps_shift').on('shift_swaps').columns(['shift_id', 'status']).execute();

  await db.schema
    .createTable('calendar_feeds')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('token_digest', 'text', (c) => c.notNull())
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('calendar_feeds_employee').on('calendar_feeds').column('employee_id').unique().execute();
  await db.schema.createIndex('calendar_feeds_token').on('calendar_feeds').column('token_digest').unique().execute();

  await widenChainKinds(db, ['shift']);
}

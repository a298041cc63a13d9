import { type CreateTableBuilder, type Kysely, sql } from 'kysely';
import { refuseChanges } from './portable.ts';

type Table = CreateTableBuilder<string, never>;

/** Every entity of spec section 3, plus audit log, punches, face descriptors and settings. */
export async function up(db: Kysely<any>): Promise<void> {
  const id = (t: Table): Table => t.addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement());
  const stamps = (t: Table): Table => t.addColumn('created_at', 'text', (c) => c.notNull()).addColumn('updated_at', 'text', (c) => c.notNull());

  await stamps(id(db.schema.createTable('companies')).addColumn('name', 'text', (c) => c.notNull())).execute();

  await stamps(
    id(db.schema.createTable('departments'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id')),
  ).execute();

  await stamps(
    id(db.schema.createTable('job_titles'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id')),
  ).execute();

  await stamps(
    id(db.schema.createTable('leave_types'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('days_per_year', 'real'),
  ).execute();

  await stamps(
    id(db.schema.createTable('leave_groups'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('active','disabled')`))
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id')),
  ).execute();

  await db.schema
    .createTable('leave_group_leave_types')
    .addColumn('leave_group_id', 'integer', (c) => c.notNull().references('leave_groups.id').onDelete('cascade'))
    .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
    .addPrimaryKeyConstraint('leave_group_leave_types_pk', ['leave_group_id', 'leave_type_id'])
    .execute();

  await stamps(
    id(db.schema.createTable('employees'))
      .addColumn('first_name', 'text', (c) => c.notNull())
      .addColumn('last_name', 'text', (c) => c.notNull())
      .addColumn('gender', 'text', (c) => c.notNull())
      .addColumn('civil_status', 'text')
      .addColumn('height', 'real')
      .addColumn('weight', 'real')
      .addColumn('email', 'text', (c) => c.notNull())
      .addColumn('phone', 'text')
      .addColumn('birthday', 'text')
      .addColumn('national_id', 'text', (c) => c.notNull())
      .addColumn('place_of_birth', 'text')
      .addColumn('address', 'text')
      .addColumn('image', 'text')
      .addColumn('company_id', 'integer', (c) => c.notNull().references('companies.id'))
      .addColumn('department_id', 'integer', (c) => c.notNull().references('departments.id'))
      .addColumn('job_title_id', 'integer', (c) => c.notNull().references('job_titles.id'))
      .addColumn('leave_group_id', 'integer', (c) => c.notNull().references('leave_groups.id'))
      .addColumn('leave_privilege', 'text')
      .addColumn('company_email', 'text')
      .addColumn('employment_type', 'text', (c) => c.notNull().check(sql`employment_type in ('regular','trainee')`))
      .addColumn('employment_status', 'text')
      .addColumn('official_start_date', 'text')
      .addColumn('date_regularized', 'text')
      .addColumn('pin_key', 'text', (c) => c.notNull())
      .addColumn('rfid_card', 'text', (c) => c.unique())
      .addColumn('status', 'text', (c) =>
        c
          .notNull()
          .defaultTo('active')
          .check(sql`status in ('active','archived')`),
      )
      .addColumn('biometric_consent_at', 'text')
      .addColumn('biometric_consent_by', 'integer'),
  ).execute();
  await db.schema.createIndex('employees_pin_key').unique().on('employees').columns(['company_id', 'pin_key']).execute();
  await db.schema.createIndex('employees_status_name').on('employees').columns(['status', 'last_name', 'first_name']).execute();
  await db.schema.createIndex('employees_name').on('employees').columns(['last_name', 'first_name']).execute();
  await db.schema.createIndex('employees_department').on('employees').column('department_id').execute();

  await db.schema
    .createTable('face_descriptors')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id').onDelete('cascade'))
    .addColumn('descriptor', 'blob', (c) => c.notNull())
    .addColumn('image', 'text')
    .addColumn('created_by', 'integer')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('face_descriptors_employee').on('face_descriptors').column('employee_id').execute();

  await stamps(
    id(db.schema.createTable('schedules'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
      .addColumn('start_time', 'text', (c) => c.notNull())
      .addColumn('off_time', 'text', (c) => c.notNull())
      .addColumn('total_hours', 'real', (c) => c.notNull())
      .addColumn('rest_days', 'text', (c) => c.notNull().defaultTo('[]'))
      .addColumn('from_date', 'text', (c) => c.notNull())
      .addColumn('to_date', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('current','previous')`)),
  ).execute();
  await db.schema.createIndex('schedules_employee_from').on('schedules').columns(['employee_id', 'from_date']).execute();

  await stamps(
    id(db.schema.createTable('attendances'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
      .addColumn('date', 'text', (c) => c.notNull())
      .addColumn('timezone', 'text', (c) => c.notNull())
      .addColumn('time_in', 'text', (c) => c.notNull())
      .addColumn('time_out', 'text')
      .addColumn('worked_seconds', 'integer')
      .addColumn('break_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('status_in', 'text', (c) => c.check(sql`status_in in ('on_time','late')`))
      .addColumn('late_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('early_departure_seconds', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('reason', 'text')
      .addColumn('source', 'text', (c) => c.notNull().check(sql`source in ('clock','manual')`))
      .addColumn('revision', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('created_by', 'integer'),
  ).execute();
  await db.schema.createIndex('attendances_employee_date').unique().on('attendances').columns(['employee_id', 'date']).execute();
  await db.schema.createIndex('attendances_date').on('attendances').column('date').execute();

  await db.schema
    .createTable('attendance_breaks')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('attendance_id', 'integer', (c) => c.notNull().references('attendances.id').onDelete('cascade'))
    .addColumn('start_at', 'text', (c) => c.notNull())
    .addColumn('end_at', 'text')
    .execute();
  await db.schema.createIndex('attendance_breaks_attendance').on('attendance_breaks').column('attendance_id').execute();

  await db.schema
    .createTable('punches')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
    .addColumn('attendance_id', 'integer', (c) => c.references('attendances.id'))
    .addColumn('action', 'text', (c) => c.notNull().check(sql`action in ('check-in','check-out','break-in','break-out')`))
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('method', 'text', (c) => c.notNull().check(sql`method in ('pin','face','card','manual')`))
    .addColumn('terminal', 'text')
    .addColumn('created_at', 'text', (c) => c.notNull())
    .execute();
  await db.schema.createIndex('punches_employee_at').on('punches').columns(['employee_id', 'at']).execute();

  await stamps(
    id(db.schema.createTable('leaves'))
      .addColumn('employee_id', 'integer', (c) => c.notNull().references('employees.id'))
      .addColumn('leave_type_id', 'integer', (c) => c.notNull().references('leave_types.id'))
      .addColumn('from_date', 'text', (c) => c.notNull())
      .addColumn('to_date', 'text', (c) => c.notNull())
      .addColumn('reason', 'text', (c) => c.notNull())
      .addColumn('return_date', 'text')
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('pending','approved','declined')`))
      .addColumn('comment', 'text')
      .addColumn('decided_by', 'integer')
      .addColumn('decided_at', 'text'),
  ).execute();
  await db.schema.createIndex('leaves_employee_from').on('leaves').columns(['employee_id', 'from_date']).execute();
  await db.schema.createIndex('leaves_status_from').on('leaves').columns(['status', 'from_date']).execute();

  await stamps(
    id(db.schema.createTable('roles'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
      .addColumn('permissions', 'text', (c) => c.notNull().defaultTo('{}'))
      .addColumn('is_default', 'integer', (c) => c.notNull().defaultTo(0)),
  ).execute();

  await stamps(
    id(db.schema.createTable('users'))
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('password_hash', 'text', (c) => c.notNull())
      .addColumn('role_id', 'integer', (c) => c.notNull().references('roles.id'))
      .addColumn('status', 'text', (c) => c.notNull().check(sql`status in ('enabled','disabled')`))
      .addColumn('account_type', 'text', (c) => c.notNull().check(sql`account_type in ('SuperAdmin','Admin','Employee')`))
      .addColumn('company_id', 'integer', (c) => c.references('companies.id'))
      .addColumn('employee_id', 'integer', (c) => c.references('employees.id'))
      .addColumn('image', 'text')
      .addColumn('session_version', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('last_sign_in_at', 'text'),
  ).execute();
  await db.schema.createIndex('users_employee').on('users').column('employee_id').execute();

  await db.schema
    .createTable('settings')
    .addColumn('key', 'text', (c) => c.primaryKey())
    .addColumn('value', 'text', (c) => c.notNull())
    .addColumn('updated_at', 'text', (c) => c.notNull())
    .execute();

  await db.schema
    .createTable('audit_log')
    .addColumn('id', 'integer', (c) => c.primaryKey().autoIncrement())
    .addColumn('at', 'text', (c) => c.notNull())
    .addColumn('user_id', 'integer')
    .addColumn('entity', 'text', (c) => c.notNull())
    .addColumn('entity_id', 'text')
    .addColumn('action', 'text', (c) => c.notNull())
    .addColumn('before', 'text')
    .addColumn('after', 'text')
    .addColumn('reason', 'text')
    .execute();
  await db.schema.createIndex('audit_log_entity').on('audit_log').columns(['entity', 'entity_id']).execute();

  // The lawful record: neither the audit log nor the raw punches may be rewritten or erased.
  for (const table of ['audit_log', 'punches']) {
    for (const op of ['UPDATE', 'DELETE'] as const) {
      await refuseChanges(db, { name: `${table}_no_${op.toLowerCase()}`, table, op, message: `${table} is append-only` });
    }
  }
}

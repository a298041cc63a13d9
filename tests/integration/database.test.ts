import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql, type Kysely } from 'kysely';
import { afterEach, describe, expect, it } from 'vitest';
import { createKysely, openSqlite } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { createPostgresKysely } from '../../src/server/db/postgres/postgres-kysely.ts';
import { createTestDatabase, dropTestDatabase, testPostgresBase } from '../helpers/test-database.ts';

const dirs: string[] = [];
function freshDb() {
  const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-db-'));
  dirs.push(dir);
  const sqlite = openSqlite(path.join(dir, 'test.db'));
  return { sqlite, db: createKysely(sqlite) };
}
afterEach(() => {
  for (const dir of dirs.splice(0)) rmSync(dir, { recursive: true, force: true });
});

const tables = (sqlite: ReturnType<typeof openSqlite>) => (sqlite.prepare("select name from sqlite_master where type='table' and name not like 'sqlite_%' order by name").all() as { name: string }[]).map((r) => r.name);

/** A migration that creates a table, writes a row, then fails: nothing of it may remain. */
const broken = {
  async up(trx: Kysely<any>) {
    await trx.schema.createTable('half_done').addColumn('id', 'integer').execute();
    await sql`insert into companies (name, created_at, updated_at) values ('x', 'now', 'now')`.execute(trx);
    await sql`this is not sql`.execute(trx);
  },
};

describe('connection', () => {
  it('uses WAL, foreign keys, full sync and a busy timeout', () => {
    const { sqlite } = freshDb();
    expect(sqlite.pragma('journal_mode', { simple: true })).toBe('wal');
    expect(sqlite.pragma('foreign_keys', { simple: true })).toBe(1);
    expect(sqlite.pragma('synchronous', { simple: true })).toBe(2);
    expect(sqlite.pragma('busy_timeout', { simple: true })).toBe(5000);
  });
});

describe('migrations', () => {
  it('create every entity of the spec and apply once', async () => {
    const { sqlite, db } = freshDb();
    expect((await migrateToLatest(db)).applied).toEqual(migrations.map(([n]) => n));
    expect(tables(sqlite)).toEqual(
      expect.arrayContaining([
        'attendance_breaks',
        'attendances',
        'audit_log',
        'companies',
        'departments',
        'employees',
        'face_descriptors',
        'job_titles',
        'leave_group_leave_types',
        'leave_groups',
        'leave_types',
        'leaves',
        'punches',
        'roles',
        'schedules',
        'settings',
        'users',
        'schema_migrations',
      ]),
    );
    expect((await migrateToLatest(db)).applied).toEqual([]);
    const userColumns = (sqlite.prepare('pragma table_info(users)').all() as { name: string }[]).map((c) => c.name);
    expect(userColumns).toContain('session_version');
    const employeeColumns = (sqlite.prepare('pragma table_info(employees)').all() as { name: string }[]).map((c) => c.name);
    expect(employeeColumns).toEqual(expect.arrayContaining(['pin_key', 'rfid_card', 'biometric_consent_at']));
    const indexes = (sqlite.prepare("select name from sqlite_master where type='index'").all() as { name: string }[]).map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['attendances_employee_date', 'attendances_date', 'employees_status_name']));
    await db.destroy();
  });

  it('leave the database as it was when one fails', async () => {
    const { sqlite, db } = freshDb();
    await migrateToLatest(db);
    const before = tables(sqlite);
    await expect(migrateToLatest(db, [...migrations, ['9999-broken', broken]])).rejects.toThrow();
    expect(tables(sqlite)).toEqual(before);
    expect(sqlite.prepare('select count(*) n from companies').get()).toEqual({ n: 0 });
    expect(sqlite.prepare("select count(*) n from schema_migrations where name = '9999-broken'").get()).toEqual({ n: 0 });
    await db.destroy();
  });

  it('refuse a database migrated by a newer version', async () => {
    const { db } = freshDb();
    await migrateToLatest(db);
    await sql`insert into schema_migrations (name, applied_at) values ('9999-from-the-future', 'now')`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(/newer version/);
    await db.destroy();
  });
});

describe('append-only records', () => {
  it('refuse updates and deletes of the audit log and punches', async () => {
    const { sqlite, db } = freshDb();
    await migrateToLatest(db);
    sqlite.prepare("insert into audit_log (at, entity, action) values ('2026-01-01T00:00:00Z', 'x', 'y')").run();
    expect(() => sqlite.prepare("update audit_log set action = 'z'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('delete from audit_log').run()).toThrow(/append-only/);
    sqlite.pragma('foreign_keys = OFF');
    sqlite.prepare("insert into punches (employee_id, action, at, method, created_at) values (1, 'check-in', 'a', 'pin', 'a')").run();
    sqlite.pragma('foreign_keys = ON');
    expect(() => sqlite.prepare("update punches set at = 'b'").run()).toThrow(/append-only/);
    expect(() => sqlite.prepare('delete from punches').run()).toThrow(/append-only/);
    expect(sqlite.prepare('select count(*) n from audit_log').get()).toEqual({ n: 1 });
    await db.destroy();
  });

  it('enforce foreign keys', async () => {
    const { sqlite, db } = freshDb();
    await migrateToLatest(db);
    expect(() => sqlite.prepare("insert into departments (name, company_id, created_at, updated_at) values ('D', 99, 'n', 'n')").run()).toThrow(/FOREIGN KEY/);
    await db.destroy();
  });
});

/**
 * The same guarantees on PostgreSQL (issue 23): the one migration list applies once, a failing
 * migration leaves nothing behind, a newer database is refused, the record is append-only and
 * foreign keys hold. Runs only with JORNADA_TEST_POSTGRES (a throwaway cluster).
 */
describe.skipIf(!testPostgresBase())('on PostgreSQL', () => {
  const opened: { db: Kysely<any>; url: string }[] = [];
  async function freshPg() {
    const url = (await createTestDatabase())!;
    const { db } = createPostgresKysely(url, { max: 2 });
    opened.push({ db, url });
    return db as Kysely<any>;
  }
  afterEach(async () => {
    for (const { db, url } of opened.splice(0)) {
      await db.destroy();
      await dropTestDatabase(url);
    }
  });
  const pgTables = async (db: Kysely<any>) =>
    (await sql<{ name: string }>`select table_name as name from information_schema.tables where table_schema = 'public' and table_type = 'BASE TABLE' order by 1`.execute(db)).rows.map((r) => r.name);

  it('create every entity of the spec and apply once', async () => {
    const db = await freshPg();
    expect((await migrateToLatest(db)).applied).toEqual(migrations.map(([n]) => n));
    expect(await pgTables(db)).toEqual(expect.arrayContaining(['attendances', 'audit_log', 'employees', 'punches', 'users', 'schema_migrations']));
    expect((await migrateToLatest(db)).applied).toEqual([]);
    const columns = (await sql<{ name: string }>`select column_name as name from information_schema.columns where table_name = 'employees'`.execute(db)).rows.map((c) => c.name);
    expect(columns).toEqual(expect.arrayContaining(['pin_key', 'rfid_card', 'biometric_consent_at']));
    const indexes = (await sql<{ name: string }>`select indexname as name from pg_indexes where schemaname = 'public'`.execute(db)).rows.map((r) => r.name);
    expect(indexes).toEqual(expect.arrayContaining(['attendances_employee_date', 'attendances_date', 'employees_status_name']));
  });

  it('leave the database as it was when one fails', async () => {
    const db = await freshPg();
    await migrateToLatest(db);
    const before = await pgTables(db);
    await expect(migrateToLatest(db, [...migrations, ['9999-broken', broken]])).rejects.toThrow();
    expect(await pgTables(db)).toEqual(before);
    expect((await sql<{ n: number }>`select count(*) as n from companies`.execute(db)).rows).toEqual([{ n: 0 }]);
    expect((await sql<{ n: number }>`select count(*) as n from schema_migrations where name = '9999-broken'`.execute(db)).rows).toEqual([{ n: 0 }]);
  });

  it('refuse a database migrated by a newer version', async () => {
    const db = await freshPg();
    await migrateToLatest(db);
    await sql`insert into schema_migrations (name, applied_at) values ('9999-from-the-future', 'now')`.execute(db);
    await expect(migrateToLatest(db)).rejects.toThrow(/newer version/);
  });

  it('refuse updates and deletes of the audit log, and enforce foreign keys', async () => {
    const db = await freshPg();
    await migrateToLatest(db);
    await sql`insert into audit_log (at, entity, action) values ('2026-01-01T00:00:00Z', 'x', 'y')`.execute(db);
    await expect(sql`update audit_log set action = 'z'`.execute(db)).rejects.toThrow(/append-only/);
    await expect(sql`delete from audit_log`.execute(db)).rejects.toThrow(/append-only/);
    expect((await sql<{ n: number }>`select count(*) as n from audit_log`.execute(db)).rows).toEqual([{ n: 1 }]);
    await expect(sql`insert into departments (name, company_id, created_at, updated_at) values ('D', 99, 'n', 'n')`.execute(db)).rejects.toThrow(/foreign key/);
  });
});

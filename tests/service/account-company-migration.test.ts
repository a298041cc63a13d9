import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKysely } from '#server/db/connection.ts';
import { migrateToLatest } from '#server/db/migrate.ts';
import { migrations } from '#server/db/migrations/index.ts';

/**
 * Migration 0035 (issue 34, point 1) on a database of an older version: Admin and Employee
 * accounts without a company get their employee's company, else the first one; webhooks,
 * terminals and inspection links without a company get their creator's, else the first one,
 * unless a SuperAdmin made them. Each change is in the audit log.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-0035-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migrations 0035-accounts-belong-to-a-company and 0036-leave-requested-by', () => {
  it('gives company-less accounts and what they made a company, and audits it', async () => {
    const sqlite = new Database(path.join(dir, 'jornada.db'));
    const db = createKysely(sqlite);
    try {
      await migrateToLatest(
        db,
        migrations.filter(([name]) => name < '0035'),
        { quiet: true },
      );
      const at = '2026-01-01T00:00:00.000Z';
      const run = (q: string, ...args: unknown[]) => Number(sqlite.prepare(q).run(...args).lastInsertRowid);
      const first = run('insert into companies (name, created_at, updated_at) values (?,?,?)', 'Uno', at, at);
      const second = run('insert into companies (name, created_at, updated_at) values (?,?,?)', 'Dos', at, at);
      const role = run('insert into roles (name, company_id, permissions, is_default, created_at, updated_at) values (?,?,?,0,?,?)', 'Administrator', first, '{}', at, at);
      const dept = run('insert into departments (name, company_id, created_at, updated_at) values (?,?,?,?)', 'D', second, at, at);
      const job = run('insert into job_titles (name, department_id, company_id, created_at, updated_at) values (?,?,?,?,?)', 'J', dept, second, at, at);
      const group = run("insert into leave_groups (name, description, status, company_id, created_at, updated_at) values ('G','', 'active', ?,?,?)", second, at, at);
      const employee = run(
        `insert into employees (first_name, last_name, gender, email, national_id, company_id, department_id, job_title_id, leave_group_id, employment_type, pin_key, created_at, updated_at)
         values ('Ana','B','female','ana@x.test','X1',?,?,?,?,'regular','k1',?,?)`,
        second,
        dept,
        job,
        group,
        at,
        at,
      );
      const user = (email: string, type: string, company: number | null, employeeId: number | null = null) =>
        run(
          'insert into users (name, email, password_hash, role_id, status, account_type, company_id, employee_id, created_at, updated_at) values (?,?,?,?,?,?,?,?,?,?)',
          email,
          email,
          'x',
          role,
          'enabled',
          type,
          company,
          employeeId,
          at,
          at,
        );
      const superNoCompany = user('super@x.test', 'SuperAdmin', null);
      const adminNoCompany = user('admin@x.test', 'Admin', null);
      const employeeAccount = user('ana@x.test', 'Employee', null, employee);
      const adminOfSecond = user('dos@x.test', 'Admin', second);

      const hook = (by: number | null) => run("insert into webhooks (company_id, url, events, secret, created_by, created_at, updated_at) values (null, 'http://127.0.0.1/h', '[]', 's', ?, ?, ?)", by, at, at);
      const terminal = (by: number | null) => run("insert into terminals (company_id, name, methods, created_by, created_at) values (null, 'T', '[]', ?, ?)", by, at);
      const link = (by: number | null) => run('insert into inspection_links (token_hash, company_id, created_by, created_at, expires_at) values (?, null, ?, ?, ?)', `h${by}-${Math.random()}`, by, at, at);
      const made = {
        admin: [hook(adminNoCompany), terminal(adminNoCompany), link(adminNoCompany)],
        super: [hook(superNoCompany), terminal(superNoCompany), link(superNoCompany)],
        gone: [hook(null), terminal(null), link(null)],
      };

      // Migration 0036 (issue 34.5): a leave takes who asked for it from the audit entry that created it.
      const leaveType = run('insert into leave_types (name, company_id, created_at, updated_at) values (?,?,?,?)', 'V', second, at, at);
      const leave = (reason: string) =>
        run("insert into leaves (employee_id, leave_type_id, from_date, to_date, reason, status, created_at, updated_at) values (?,?,'2026-02-02','2026-02-02',?,'pending',?,?)", employee, leaveType, reason, at, at);
      const asked = leave('asked');
      const unknown = leave('no audit entry');
      run("insert into audit_log (at, user_id, entity, entity_id, action) values (?,?,'leave',?,'create')", at, employeeAccount, String(asked));
      run("insert into audit_log (at, user_id, entity, entity_id, action) values (?,?,'leave',?,'update')", at, adminOfSecond, String(unknown));

      await migrateToLatest(db, migrations, { quiet: true });
      expect(sqlite.prepare('select id, requested_by as r from leaves order by id').all()).toEqual([
        { id: asked, r: employeeAccount },
        { id: unknown, r: null },
      ]);

      const companyOf = (id: number) => (sqlite.prepare('select company_id as c from users where id = ?').get(id) as { c: number | null }).c;
      expect(companyOf(adminNoCompany)).toBe(first);
      expect(companyOf(employeeAccount)).toBe(second); // its employee's company
      expect(companyOf(superNoCompany)).toBeNull(); // a SuperAdmin may stand above the companies
      expect(companyOf(adminOfSecond)).toBe(second);
      const rowCompanies = (ids: number[]) => ['webhooks', 'terminals', 'inspection_links'].map((table, i) => (sqlite.prepare(`select company_id as c from ${table} where id = ?`).get(ids[i]) as { c: number | null }).c);
      expect(rowCompanies(made.admin)).toEqual([first, first, first]);
      expect(rowCompanies(made.gone)).toEqual([first, first, first]);
      expect(rowCompanies(made.super)).toEqual([null, null, null]);

      const audit = sqlite.prepare("select entity, entity_id as id, after, user_id as userId from audit_log where action = 'assignCompany' order by audit_log.id").all() as {
        entity: string;
        id: string;
        after: string;
        userId: null;
      }[];
      expect(audit.map((a) => [a.entity, Number(a.id), JSON.parse(a.after).companyId, a.userId])).toEqual([
        ['user', adminNoCompany, first, null],
        ['user', employeeAccount, second, null],
        ['webhook', made.admin[0], first, null],
        ['webhook', made.gone[0], first, null],
        ['terminal', made.admin[1], first, null],
        ['terminal', made.gone[1], first, null],
        ['inspectionLink', made.admin[2], first, null],
        ['inspectionLink', made.gone[2], first, null],
      ]);
    } finally {
      await db.destroy();
    }
  });
});

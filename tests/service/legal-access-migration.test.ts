import Database from 'better-sqlite3';
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKysely } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';

/**
 * Migration 0013 (decision 036) on a database that already has companies and roles: the roles that
 * read the reports get the same actions on `workTotals` (the Administrator stays full), others
 * nothing, and each company gets the Representatives role once.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-0013-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0013-legal-access', () => {
  it('extends the existing roles and adds the Representatives role to each company', async () => {
    const sqlite = new Database(path.join(dir, 'jornada.db'));
    const db = createKysely(sqlite);
    try {
      await migrateToLatest(
        db,
        migrations.filter(([name]) => name < '0013'),
      );
      const at = '2026-01-01T00:00:00.000Z';
      const all = ['create', 'read', 'update', 'delete', 'archive'];
      for (const name of ['Uno', 'Dos']) sqlite.prepare('insert into companies (name, created_at, updated_at) values (?,?,?)').run(name, at, at);
      const role = (name: string, companyId: number, permissions: unknown) =>
        sqlite.prepare('insert into roles (name, company_id, permissions, is_default, created_at, updated_at) values (?,?,?,0,?,?)').run(name, companyId, JSON.stringify(permissions), at, at);
      role('Administrator', 1, { report: all, employee: all });
      role('Consulta', 1, { report: ['read'] });
      role('Empleado', 2, { attendance: ['read'] });
      role('Dañado', 2, 'not json');

      await migrateToLatest(db, migrations);
      const rows = sqlite.prepare('select name, company_id as companyId, permissions from roles order by id').all() as { name: string; companyId: number; permissions: string }[];
      const of = (name: string, companyId = 1) => JSON.parse(rows.find((r) => r.name === name && r.companyId === companyId)!.permissions);
      expect(of('Administrator')).toEqual({ report: all, employee: all, workTotals: all });
      expect(of('Consulta')).toEqual({ report: ['read'], workTotals: ['read'] });
      expect(of('Empleado', 2)).toEqual({ attendance: ['read'] });
      expect(rows.filter((r) => r.name === 'Representatives').map((r) => [r.companyId, JSON.parse(r.permissions)])).toEqual([
        [1, { workTotals: ['read'] }],
        [2, { workTotals: ['read'] }],
      ]);
      for (const table of ['inspection_links', 'inspection_link_uses', 'record_acknowledgements']) {
        expect(sqlite.prepare("select count(*) as n from sqlite_master where type = 'table' and name = ?").get(table)).toEqual({ n: 1 });
      }
    } finally {
      await db.destroy();
    }
  });
});

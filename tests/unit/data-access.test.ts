import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { resolveImport } from '../../scripts/eslint-layers.mjs';

/**
 * One data-access rule (issue 16.3, docs/architecture.md):
 * - SQL is written only in `src/server/db` (repositories, migrations, the connection). Services
 *   call repository functions; they may open a transaction (`db.transaction().execute(...)`) to
 *   make several repository calls one unit of work, and pass the handle on.
 * - Routes, layouts, components and the middleware call services, never a repository.
 * - Kysely and the SQLite driver are imported for their values only inside `src/server/db` (types
 *   may be imported anywhere on the server); SQL on a database file (backup, restore) is in
 *   src/server/db/database-file.ts.
 * - src/server/db is the bottom layer (issue 35): it imports the domain, config, the log and its own
 *   files (and the business clock, clock/now.ts, a leaf), never a service, the HTTP edge or auth, and it never throws AppError (a refused write is
 *   a WriteRefused that the edge answers).
 */

const ROOT = path.resolve(import.meta.dirname, '../..');

/** Query-builder and raw-SQL calls: the marks of a query. */
const QUERY = /\.(selectFrom|insertInto|updateTable|deleteFrom|replaceInto|mergeInto|selectNoFrom|prepare|pragma)\s*\(|\bsql\s*(`|<|\.(raw|ref|id|table|lit|join|val)\b)/;
/** A value import of kysely or of the SQLite driver (an `import type` is fine). */
const KYSELY_VALUE_IMPORT = /^\s*import\s+(?!type\b)[^;]*from\s+['"](kysely|better-sqlite3)['"]/m;
/** An import (of anything) from a repository module. */
const REPOSITORY_IMPORT = /from\s+['"][^'"]*server\/db\/repositories\/[^'"]+['"]/;

/** Where routes and views live: they call services only. */
const VIEW_ROOTS = ['src/pages/', 'src/components/', 'src/layouts/', 'src/lib/', 'src/middleware.ts'];

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(dir, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.(ts|tsx|astro|mts)$/.test(entry.name) ? [full] : [];
  });
}

const files = sourceFiles(path.join(ROOT, 'src')).map((full) => path.relative(ROOT, full).split(path.sep).join('/'));
const text = (file: string) => readFileSync(path.join(ROOT, file), 'utf8');
const outsideDb = files.filter((f) => !f.startsWith('src/server/db/'));

describe('one data-access rule', () => {
  it('writes SQL only in src/server/db', () => {
    const offending = outsideDb.flatMap((file) =>
      text(file)
        .split('\n')
        .flatMap((line, i) => (QUERY.test(line) ? [`${file}:${i + 1}: ${line.trim()}`] : [])),
    );
    expect(offending, 'move the query into a repository in src/server/db and call it').toEqual([]);
  });

  it('imports kysely and the SQLite driver only in src/server/db', () => {
    expect(outsideDb.filter((file) => KYSELY_VALUE_IMPORT.test(text(file)))).toEqual([]);
  });

  it('routes, views and the middleware call services, never a repository', () => {
    const views = files.filter((f) => VIEW_ROOTS.some((root) => f === root || f.startsWith(root)));
    expect(views.length).toBeGreaterThan(50);
    expect(
      views.filter((file) => REPOSITORY_IMPORT.test(text(file))),
      'call (or add) a service in src/server/services',
    ).toEqual([]);
  });

  it('keeps src/server/db a leaf: no service, HTTP or auth import, no AppError', () => {
    const db = files.filter((f) => f.startsWith('src/server/db/'));
    expect(db.length).toBeGreaterThan(40);
    // Relative or through a package.json alias (#server/…), resolved as the lint rule resolves it.
    const imports = (file: string) => [...text(file).matchAll(/^\s*(?:import|export)\b[^;]*?from\s+['"]([^'"]+)['"]/gm)].map((m) => resolveImport(m[1]!, path.join(ROOT, file)) ?? m[1]!);
    const upward = db.flatMap((file) =>
      imports(file)
        .filter((target) => /^src\/server\/(services|http|auth|clock|mail|outbox|jobs|faces)\//.test(target) && target !== 'src/server/clock/now.ts')
        .map((target) => `${file} -> ${target}`),
    );
    expect(upward, 'pass what db needs in from above (as setBeforeMigrating does)').toEqual([]);
    expect(
      db.filter((file) => /\bAppError\b/.test(text(file))),
      'throw WriteRefused (src/server/db/write-refused.ts)',
    ).toEqual([]);
  });

  it('recognises a query, a kysely import and a repository import when there is one', () => {
    expect(QUERY.test("await db.selectFrom('employees').selectAll().execute();")).toBe(true);
    expect(QUERY.test("await trx.updateTable('employees').set({})")).toBe(true);
    expect(QUERY.test('const n = sql<number>`count(*)`;')).toBe(true);
    expect(QUERY.test('await sql`PRAGMA quick_check`.execute(db);')).toBe(true);
    expect(QUERY.test('const ok = await db.transaction().execute(async (trx) => save(trx));')).toBe(false);
    expect(KYSELY_VALUE_IMPORT.test("import { sql } from 'kysely';")).toBe(true);
    expect(KYSELY_VALUE_IMPORT.test("import type { Transaction } from 'kysely';")).toBe(false);
    expect(KYSELY_VALUE_IMPORT.test("import SQLite from 'better-sqlite3';")).toBe(true);
    expect(QUERY.test("db.prepare('select 1').get();")).toBe(true);
    expect(QUERY.test("db.pragma('integrity_check');")).toBe(true);
    expect(REPOSITORY_IMPORT.test("import { findEmployee } from '../server/db/repositories/employees.ts';")).toBe(true);
    expect(REPOSITORY_IMPORT.test("import { getDb } from '../server/db/connection.ts';")).toBe(false);
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createTestDatabase, dropTestDatabase, testPostgresBase } from '../helpers/test-database.ts';

/**
 * One migration list, two engines (issue 23, point 2): a new SQLite file and a new PostgreSQL
 * database migrated with it have the same tables, columns (name, nullability, type family),
 * primary keys, unique constraints, indexes, foreign keys, number of checks and triggers.
 */
const dir = mkdtempSync(path.join(tmpdir(), 'jornada-parity-'));
process.env.DATA_DIR = dir;

const { openSqlite, createKysely } = await import('../../src/server/db/connection.ts');
const { migrateToLatest } = await import('../../src/server/db/migrate.ts');
const { createPostgresKysely } = await import('../../src/server/db/postgres/postgres-kysely.ts');
const { sqliteShape, postgresShape } = await import('../../src/server/db/schema-shape.ts');

const base = testPostgresBase();
let pgUrl: string | undefined;

afterAll(async () => {
  rmSync(dir, { recursive: true, force: true });
  if (pgUrl) await dropTestDatabase(pgUrl);
});

async function migratedSqliteShape() {
  const sqlite = openSqlite(path.join(dir, 'parity.db'));
  const db = createKysely(sqlite);
  try {
    await migrateToLatest(db, undefined, { quiet: true });
    return sqliteShape(sqlite);
  } finally {
    await db.destroy();
  }
}

describe('schema parity', () => {
  it('SQLite: the shape reads every table, and every foreign key names a table of the schema', async () => {
    const shape = await migratedSqliteShape();
    expect(Object.keys(shape).length).toBeGreaterThan(30);
    for (const [table, t] of Object.entries(shape)) {
      expect(t.primaryKey.length, table).toBeGreaterThan(0);
      for (const fk of t.foreignKeys) expect(Object.keys(shape), `${table}: ${fk}`).toContain(fk.split(' -> ')[1]!.split('(')[0]);
    }
    expect(shape.punches!.triggers.length).toBeGreaterThan(0);
  });

  it.skipIf(!base)('PostgreSQL migrated with the same list has the same shape (needs JORNADA_TEST_POSTGRES)', async () => {
    const sqlite = await migratedSqliteShape();
    pgUrl = (await createTestDatabase())!;
    const { db } = createPostgresKysely(pgUrl, { max: 1 });
    try {
      await migrateToLatest(db, undefined, { quiet: true });
      const pg = await postgresShape(db);
      expect(Object.keys(pg).sort()).toEqual(Object.keys(sqlite).sort());
      for (const table of Object.keys(sqlite)) expect(pg[table], table).toEqual(sqlite[table]);
    } finally {
      await db.destroy();
    }
  });
});

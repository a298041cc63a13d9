import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { createKysely, openSqlite } from '../../src/server/db/connection.ts';
import { databaseHealthy } from '../../src/server/services/database-health.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-health-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('is healthy while the database answers and unhealthy once it cannot', async () => {
  const sqlite = openSqlite(path.join(dir, 'jornada.db'));
  sqlite.exec('create table t (id integer primary key)');
  const db = createKysely(sqlite);
  expect(await databaseHealthy(db)).toBe(true);
  sqlite.close();
  expect(await databaseHealthy(db)).toBe(false);
});

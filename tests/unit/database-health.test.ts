import { mkdtempSync, openSync, rmSync, writeSync, closeSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { afterAll, describe, expect, it } from 'vitest';
import { createKysely, openSqlite } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { lastQuickCheckThread, quickCheckFile, quickCheckWorkerFailure, stopQuickCheckWorker } from '../../src/server/db/quick-check.ts';
import { writeHealthProbe } from '../../src/server/db/repositories/health-probe.ts';
import { createDatabaseHealth, MIN_FREE_BYTES, QUICK_CHECK_INTERVAL_MS, WRITE_CHECK_REUSE_MS, type HealthSources } from '../../src/server/services/database-health.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-health-'));
afterAll(async () => {
  await stopQuickCheckWorker();
  rmSync(dir, { recursive: true, force: true });
});

const plenty = async () => 10 * MIN_FREE_BYTES;
const sound = async () => [];

async function migratedFile(name: string): Promise<string> {
  const file = path.join(dir, name);
  const sqlite = openSqlite(file);
  const db = createKysely(sqlite);
  await migrateToLatest(db);
  await db.destroy();
  return file;
}

describe('the write check', () => {
  it('passes while the database takes a write, fails once the connection is closed', async () => {
    const sqlite = openSqlite(await migratedFile('write.db'));
    const db = createKysely(sqlite);
    const health = createDatabaseHealth({ writeProbe: () => writeHealthProbe(db, 'now'), freeBytes: plenty, quickCheck: sound }, { reuseMs: 0 });
    expect(await health.healthy()).toBe(true);
    expect(sqlite.prepare('select checked_at from health_probe where id = 1').get()).toEqual({ checked_at: 'now' });
    sqlite.close();
    expect(await health.healthy()).toBe(false);
    health.stop();
  });

  // Stand-in for a file system remounted read-only under a running server (root here cannot make
  // one: a remount with open files is refused, and chmod does not stop root).
  it('fails on a database that cannot be written (SQLITE_READONLY)', async () => {
    const file = await migratedFile('readonly.db');
    const readonly = new SQLite(file, { readonly: true });
    const db = createKysely(readonly);
    const health = createDatabaseHealth({ writeProbe: () => writeHealthProbe(db, 'now'), freeBytes: plenty, quickCheck: sound }, { reuseMs: 0 });
    expect(await health.healthy()).toBe(false);
    await expect(writeHealthProbe(db, 'now')).rejects.toMatchObject({ code: 'SQLITE_READONLY' });
    health.stop();
    readonly.close();
  });

  // Why free space is checked too: a database at its size limit still rewrites the probe row in
  // place (the WAL has room), so a write alone would pass on a full disk.
  it('fails when the disk is nearly full even though a one-row write still fits', async () => {
    const sqlite = openSqlite(await migratedFile('full.db'));
    const db = createKysely(sqlite);
    await writeHealthProbe(db, 'first');
    const pages = sqlite.pragma('page_count', { simple: true }) as number;
    sqlite.pragma(`max_page_count = ${pages}`);
    await writeHealthProbe(db, 'again'); // passes: the row is rewritten in place
    expect(() => sqlite.exec(`create table filler (x); insert into filler values (randomblob(100000))`)).toThrow(/full/i);
    let free = MIN_FREE_BYTES - 1;
    const health = createDatabaseHealth({ writeProbe: () => writeHealthProbe(db, 'now'), freeBytes: async () => free, quickCheck: sound }, { reuseMs: 0 });
    expect(await health.healthy()).toBe(false);
    free = MIN_FREE_BYTES;
    expect(await health.healthy()).toBe(true);
    health.stop();
    sqlite.close();
  });

  it('reuses a result younger than WRITE_CHECK_REUSE_MS: one commit for a burst of requests', async () => {
    let probes = 0;
    const sources: HealthSources = { writeProbe: async () => void probes++, freeBytes: plenty, quickCheck: sound };
    const health = createDatabaseHealth(sources);
    await Promise.all(Array.from({ length: 50 }, () => health.healthy()));
    for (let i = 0; i < 50; i++) await health.healthy();
    expect(probes).toBe(1);
    expect(WRITE_CHECK_REUSE_MS).toBeLessThanOrEqual(2_000);
    const fresh = createDatabaseHealth(sources, { reuseMs: 0 });
    await fresh.healthy();
    await fresh.healthy();
    expect(probes).toBe(3);
    health.stop();
    fresh.stop();
  });
});

describe('the periodic quick_check', () => {
  it('runs every 30 s by default, so damage shows within a minute', () => {
    expect(QUICK_CHECK_INTERVAL_MS).toBeLessThanOrEqual(30_000);
  });

  it('turns health off while it finds damage or cannot run, and on again when it passes', async () => {
    let answer: () => Promise<string[]> = async () => ['Tree 5 page 7: btreeInitPage() returns error code 11'];
    const health = createDatabaseHealth({ writeProbe: async () => {}, freeBytes: plenty, quickCheck: () => answer() }, { reuseMs: 0 });
    await health.runQuickCheck();
    expect(await health.healthy()).toBe(false);
    answer = async () => [];
    await health.runQuickCheck();
    expect(await health.healthy()).toBe(true);
    answer = async () => {
      throw new Error('database disk image is malformed');
    };
    await health.runQuickCheck();
    expect(await health.healthy()).toBe(false);
    health.stop();
  });

  it('finds an overwritten data page in a real file (better-sqlite3 in a worker thread)', async () => {
    const file = path.join(dir, 'damaged.db');
    const sqlite = new SQLite(file);
    sqlite.exec('create table t (id integer primary key, body text); create table u (x)');
    const insert = sqlite.prepare('insert into t (body) values (?)');
    for (let i = 0; i < 500; i++) insert.run(`row ${i} `.repeat(20));
    expect(await quickCheckFile(file)).toEqual([]);
    expect(lastQuickCheckThread).toBe('worker');
    const pageSize = sqlite.pragma('page_size', { simple: true }) as number;
    const { rootpage } = sqlite.prepare("select rootpage from sqlite_schema where name = 't'").get() as { rootpage: number };
    sqlite.close();
    // The root of a 500-row table is an interior page: its header and cell pointers become garbage.
    const fd = openSync(file, 'r+');
    writeSync(fd, Buffer.alloc(64, 0xa5), 0, 64, (rootpage - 1) * pageSize);
    closeSync(fd);
    const problems = await quickCheckFile(file).catch((error: Error) => [error.message]);
    expect(problems.length).toBeGreaterThan(0);
  }, 30_000);

  // Last in this file: the failure is remembered for the process.
  it('runs the check on the main thread when the worker cannot load better-sqlite3, never blaming the database', async () => {
    const file = path.join(dir, 'fallback.db');
    const sqlite = new SQLite(file);
    sqlite.exec('create table t (x)');
    sqlite.close();
    await stopQuickCheckWorker(); // the next check starts a worker with the broken module
    expect(await quickCheckFile(file, { betterSqlite3: path.join(dir, 'no-such-module.js') })).toEqual([]);
    expect(lastQuickCheckThread).toBe('main');
    expect(quickCheckWorkerFailure).toMatch(/no-such-module/);
    expect(await quickCheckFile(file)).toEqual([]);
    expect(lastQuickCheckThread).toBe('main');
  }, 30_000);
});

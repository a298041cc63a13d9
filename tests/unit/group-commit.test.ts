import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, expect, it } from 'vitest';
import { createKysely, openSqlite } from '../../src/server/db/connection.ts';
import { GroupCommit } from '../../src/server/db/group-commit.ts';

const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-group-commit-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

it('runs work arriving together in one commit, in order, each in its own savepoint, settling after the commit', async () => {
  const file = path.join(dir, 'jornada.db');
  const sqlite = openSqlite(file);
  sqlite.exec('create table t (id integer primary key, label text not null)');
  const db = createKysely(sqlite);
  // Another connection sees only committed rows; data_version counts others' commits.
  const reader = openSqlite(file);
  const committed = () => (reader.prepare('select label from t order by id').all() as { label: string }[]).map((r) => r.label);
  const commits = () => reader.pragma('data_version', { simple: true }) as number;
  const before = commits();

  const writer = new GroupCommit();
  const count = async (trx: Parameters<Parameters<GroupCommit['run']>[2]>[0]) => Number((await sql<{ n: number }>`select count(*) as n from t`.execute(trx)).rows[0]!.n);
  const seenAtSettle: string[][] = [];
  const a = writer
    .run(db, 1, async (trx) => {
      await sql`insert into t (label) values ('a')`.execute(trx);
      return count(trx);
    })
    .then((n) => (seenAtSettle.push(committed()), n));
  const b = writer.run(db, 1, async (trx) => {
    await sql`insert into t (label) values ('b')`.execute(trx);
    throw new Error('refused');
  });
  const c = writer
    .run(db, 1, async (trx) => {
      const n = await count(trx);
      await sql`insert into t (label) values ('c')`.execute(trx);
      return n;
    })
    .then((n) => (seenAtSettle.push(committed()), n));

  expect(await a).toBe(1);
  await expect(b).rejects.toThrow('refused');
  // c saw a (earlier in the batch) but not b (rolled back to its savepoint).
  expect(await c).toBe(1);
  expect(committed()).toEqual(['a', 'c']);
  // Settled only once the commit holding the work was visible to another connection.
  expect(seenAtSettle).toEqual([
    ['a', 'c'],
    ['a', 'c'],
  ]);
  expect(commits() - before).toBe(1);

  // Work queued later runs in the next transaction.
  expect(await writer.run(db, 1, (trx) => count(trx))).toBe(2);
  reader.close();
  await db.destroy();
});

it('reads ahead once per batch, after the employee locks, for the employees with a single job in it (two at least)', async () => {
  const sqlite = openSqlite(path.join(dir, 'ahead.db'));
  const db = createKysely(sqlite);
  const calls: string[][] = [];
  const writer = new GroupCommit<string>(1, async (_trx, aheads) => void calls.push(aheads));
  const work = async () => 'done';
  // Employee 1 twice (its state changes within the batch: read by each job), 2 and 3 once, 4 without a read-ahead value.
  await Promise.all([writer.run(db, 1, work, 'one-a'), writer.run(db, 2, work, 'two'), writer.run(db, 1, work, 'one-b'), writer.run(db, 3, work, 'three'), writer.run(db, 4, work)]);
  expect(calls).toEqual([['two', 'three']]);
  // A batch with one such job reads nothing ahead: its job reads for itself.
  await Promise.all([writer.run(db, 5, work, 'five'), writer.run(db, 5, work, 'five-again')]);
  await writer.run(db, 6, work, 'six');
  expect(calls).toHaveLength(1);
  await db.destroy();
});

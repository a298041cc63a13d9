import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createKysely, openSqlite, type Db } from '#server/db/connection.ts';
import { GroupCommit } from '#server/db/group-commit.ts';
import { asAppError } from '#server/http/json.ts';
import { translate } from '#i18n/translate.ts';

/**
 * A full disk (issue 34 point 6): SQLite ends the transaction itself on SQLITE_FULL, and Kysely's
 * ROLLBACK after it failed with "cannot rollback - no transaction is active" (the group commit's
 * savepoint with "no such savepoint"), which replaced the cause: punches and admin writes answered
 * 500 and the log named the rollback. Now the error is SQLITE_FULL, answered as a translated 503.
 * The database is made full with `max_page_count`, as a full disk would.
 */

let dir: string;
let sqlite: ReturnType<typeof openSqlite>;
let db: Db;

const big = 'x'.repeat(6000);

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'jornada-full-'));
  sqlite = openSqlite(path.join(dir, 'full.db'));
  db = createKysely(sqlite);
  await sql`create table filler (x text)`.execute(db);
  sqlite.pragma(`max_page_count = ${Number(sqlite.pragma('page_count', { simple: true })) + 8}`);
});

afterAll(async () => {
  await db.destroy();
  rmSync(dir, { recursive: true, force: true });
});

/** Writes until the file may not grow: the work of a use case on a full disk. */
async function fill(trx: Db): Promise<never> {
  for (;;) await sql`insert into filler values (${big})`.execute(trx);
}

describe('a full disk', () => {
  it('a transaction fails with SQLITE_FULL, not with the rollback that followed; answered 503 errors.diskFull', async () => {
    const error = await db
      .transaction()
      .execute((trx) => fill(trx))
      .catch((e: unknown) => e);
    expect(error).toMatchObject({ code: 'SQLITE_FULL' });
    expect(sqlite.inTransaction).toBe(false);
    const answer = asAppError(error);
    expect(answer).toMatchObject({ status: 503, code: 'errors.diskFull' });
    expect(translate('es', answer.code)).toMatch(/disco del servidor está lleno/);
    expect(translate('en', answer.code)).toMatch(/disk is full/);
  });

  it('the punches’ group commit rejects with SQLITE_FULL too (not "no such savepoint")', async () => {
    const writer = new GroupCommit();
    const [first, second] = await Promise.allSettled([writer.run(db, 1, (trx) => fill(trx)), writer.run(db, 2, async (trx) => sql`select 1`.execute(trx))]);
    expect(first).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_FULL' } });
    expect(second).toMatchObject({ status: 'rejected', reason: { code: 'SQLITE_FULL' } });
    expect(asAppError((first as PromiseRejectedResult).reason).status).toBe(503);
    // Once there is room again the connection works (no transaction was left open).
    sqlite.pragma('max_page_count = 1073741823');
    await expect(writer.run(db, 1, async (trx) => sql`insert into filler values ('ok')`.execute(trx))).resolves.toBeDefined();
  });
});

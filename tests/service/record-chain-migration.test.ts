import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKysely, openSqlite } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import { insertAttendanceRevision } from '../../src/server/db/repositories/attendances.ts';
import { insertPunches } from '../../src/server/db/repositories/punches.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';

/**
 * Decision 033: an installation upgraded to the record chain verifies. Migration 0010 chains the
 * punches and revisions already there (per company, in id order), and the repositories chain
 * what comes after.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-chain-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migration 0010 on existing records', () => {
  it('chains the existing punches and revisions of each company so the upgraded database verifies', async () => {
    const sqlite = openSqlite(path.join(dir, 'old.db'));
    const db = createKysely(sqlite);
    await migrateToLatest(db, migrations.filter(([name]) => name < '0010'));
    const t = '2026-01-05T09:00:00.000Z';
    sqlite.exec(`
      insert into companies (id, name, created_at, updated_at) values (1, 'A', '${t}', '${t}'), (2, 'B', '${t}', '${t}');
      insert into departments (id, name, company_id, created_at, updated_at) values (1, 'D', 1, '${t}', '${t}'), (2, 'D', 2, '${t}', '${t}');
      insert into job_titles (id, name, department_id, company_id, created_at, updated_at) values (1, 'J', 1, 1, '${t}', '${t}'), (2, 'J', 2, 2, '${t}', '${t}');
      insert into leave_groups (id, name, description, status, company_id, created_at, updated_at) values (1, 'G', '', 'active', 1, '${t}', '${t}'), (2, 'G', '', 'active', 2, '${t}', '${t}');
      insert into employees (id, first_name, last_name, gender, email, national_id, company_id, department_id, job_title_id, leave_group_id, employment_type, pin_key, created_at, updated_at)
        values (1, 'Ana', 'A', 'female', 'a@x', '1', 1, 1, 1, 1, 'regular', 'k1', '${t}', '${t}'), (2, 'Bo', 'B', 'male', 'b@x', '2', 2, 2, 2, 2, 'regular', 'k2', '${t}', '${t}');
      insert into attendances (id, employee_id, date, timezone, time_in, time_out, worked_seconds, source, created_at, updated_at)
        values (1, 1, '2026-01-05', 'UTC', '2026-01-05T09:00:00.000Z', '2026-01-05T17:00:00.000Z', 28800, 'clock', '${t}', '${t}'),
               (2, 2, '2026-01-05', 'UTC', '2026-01-05T08:00:00.000Z', '2026-01-05T16:00:00.000Z', 28800, 'clock', '${t}', '${t}');
      insert into punches (id, employee_id, attendance_id, action, at, method, created_at) values
        (1, 1, 1, 'check-in', '2026-01-05T09:00:00.000Z', 'pin', '2026-01-05T09:00:00.000Z'),
        (2, 2, 2, 'check-in', '2026-01-05T08:00:00.000Z', 'pin', '2026-01-05T08:00:00.000Z'),
        (3, 1, 1, 'check-out', '2026-01-05T17:00:00.000Z', 'pin', '2026-01-05T17:00:00.000Z');
      insert into attendance_revisions (id, attendance_id, revision, time_in, time_out, breaks, worked_seconds, reason, author_id, created_at) values
        (1, 1, 1, '2026-01-05T09:00:00.000Z', '2026-01-05T17:00:00.000Z', '[]', 28800, null, null, '${t}');
    `);

    await migrateToLatest(db);
    const chain = sqlite.prepare('select company_id, seq, kind, ref_id from record_chain order by company_id, seq').all();
    expect(chain).toEqual([
      { company_id: 1, seq: 1, kind: 'punch', ref_id: 1 },
      { company_id: 1, seq: 2, kind: 'punch', ref_id: 3 },
      { company_id: 1, seq: 3, kind: 'revision', ref_id: 1 },
      // Migration 0028 (issue 33, point 2): the attendance rows, after each company's head.
      { company_id: 1, seq: 4, kind: 'attendance', ref_id: 1 },
      { company_id: 2, seq: 1, kind: 'punch', ref_id: 2 },
      { company_id: 2, seq: 2, kind: 'attendance', ref_id: 2 },
    ]);
    const check = await verifyRecordChain(db);
    expect(check).toMatchObject({ ok: true, entries: 6, brokenCount: 0, broken: [] });
    expect(check.companies.map((c) => [c.companyName, c.head?.seq])).toEqual([['A', 4], ['B', 2]]);

    // What the repositories insert afterwards goes on each company's chain.
    await db.transaction().execute(async (trx) => {
      await insertPunches(trx, [
        { employeeId: 2, attendanceId: 2, action: 'check-out', at: '2026-01-05T16:00:00.000Z', method: 'pin', terminal: null, createdAt: '2026-01-05T16:00:00.000Z' },
        { employeeId: 1, attendanceId: 1, action: 'break-in', at: '2026-01-05T12:00:00.000Z', method: 'pin', terminal: null, createdAt: '2026-01-05T12:00:00.000Z' },
      ]);
      await insertAttendanceRevision(trx, { attendanceId: 2, revision: 1, timeIn: '2026-01-05T08:00:00.000Z', timeOut: null, breaks: [{ startAt: '2026-01-05T12:00:00.000Z', endAt: null }], workedSeconds: null, reason: 'x', authorId: 1, createdAt: t });
    });
    const after = await verifyRecordChain(db);
    expect(after).toMatchObject({ ok: true, entries: 9 });
    expect(after.companies.map((c) => c.head?.seq)).toEqual([5, 4]);

    // A punch inserted behind the app, without an entry, is named.
    sqlite.exec(`insert into punches (employee_id, attendance_id, action, at, method, created_at) values (1, 1, 'break-out', '2026-01-05T12:30:00.000Z', 'pin', '${t}')`);
    const id = (sqlite.prepare('select max(id) as id from punches').get() as { id: number }).id;
    expect((await verifyRecordChain(db)).broken).toEqual([{ companyId: 1, seq: null, kind: 'punch', refId: id, problem: 'entryMissing' }]);

    // Two writers cannot both append the same seq.
    expect(() =>
      sqlite.prepare("insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values (1, 5, 'punch', 99, '{}', '', '', ?)").run(t),
    ).toThrow(/UNIQUE/);
    await db.destroy();
  });
});

import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { createKysely, openSqlite } from '../../src/server/db/connection.ts';
import { migrateToLatest } from '../../src/server/db/migrate.ts';
import { migrations } from '../../src/server/db/migrations/index.ts';
import * as m0031 from '../../src/server/db/migrations/0031-approval-snapshots.ts';
import { sha256Hex } from '../../src/server/db/chain-hash.ts';
import { insertAttendanceRevision } from '../../src/server/db/repositories/attendances.ts';
import { insertPunches } from '../../src/server/db/repositories/punches.ts';
import { chainFigureRows, chainPunches } from '../../src/server/db/repositories/record-chain.ts';
import { verifyRecordChain } from '../../src/server/services/record-chain/verify-record-chain.ts';

/**
 * Decision 033: an installation upgraded to the record chain verifies. Migration 0010 chains the
 * punches and revisions already there (per company, in id order), and the repositories chain
 * what comes after.
 */
const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-chain-migration-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('migrations 0010, 0028, 0032, 0033, 0034 and 0051 on existing records', () => {
  it('chains the existing punches and revisions of each company so the upgraded database verifies', async () => {
    const sqlite = openSqlite(path.join(dir, 'old.db'));
    const db = createKysely(sqlite);
    await migrateToLatest(
      db,
      migrations.filter(([name]) => name < '0010'),
    );
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
      // Migration 0032: the installation's break rules, in the first company's chain.
      { company_id: 1, seq: 5, kind: 'rules', ref_id: 1 },
      // Migration 0033: the same row, now holding every figure rule.
      { company_id: 1, seq: 6, kind: 'rules', ref_id: 1 },
      // Migration 0034: each employee's contract terms from the beginning, in their company's chain.
      { company_id: 1, seq: 7, kind: 'contract', ref_id: 1 },
      { company_id: 2, seq: 1, kind: 'punch', ref_id: 2 },
      { company_id: 2, seq: 2, kind: 'attendance', ref_id: 2 },
      { company_id: 2, seq: 3, kind: 'contract', ref_id: 2 },
    ]);
    expect(sqlite.prepare('select employee_id, effective_from, working_day_type, part_time_percent, author_id from contract_terms_history order by id').all()).toEqual([
      { employee_id: 1, effective_from: '0000-01-01', working_day_type: 'full-time', part_time_percent: null, author_id: null },
      { employee_id: 2, effective_from: '0000-01-01', working_day_type: 'full-time', part_time_percent: null, author_id: null },
    ]);
    const check = await verifyRecordChain(db);
    expect(check).toMatchObject({ ok: true, entries: 10, brokenCount: 0, broken: [] });
    expect(check.companies.map((c) => [c.companyName, c.head?.seq])).toEqual([
      ['A', 7],
      ['B', 3],
    ]);

    // What the repositories insert afterwards goes on each company's chain.
    await db.transaction().execute(async (trx) => {
      await insertPunches(trx, [
        { employeeId: 2, attendanceId: 2, action: 'check-out', at: '2026-01-05T16:00:00.000Z', method: 'pin', terminal: null, createdAt: '2026-01-05T16:00:00.000Z' },
        { employeeId: 1, attendanceId: 1, action: 'break-in', at: '2026-01-05T12:00:00.000Z', method: 'pin', terminal: null, createdAt: '2026-01-05T12:00:00.000Z' },
      ]);
      await insertAttendanceRevision(trx, {
        attendanceId: 2,
        revision: 1,
        timeIn: '2026-01-05T08:00:00.000Z',
        timeOut: null,
        breaks: [{ startAt: '2026-01-05T12:00:00.000Z', endAt: null }],
        workedSeconds: null,
        reason: 'x',
        authorId: 1,
        createdAt: t,
      });
    });
    const after = await verifyRecordChain(db);
    expect(after).toMatchObject({ ok: true, entries: 13 });
    expect(after.companies.map((c) => c.head?.seq)).toEqual([8, 5]);

    // A punch inserted behind the app, without an entry, is named.
    sqlite.exec(`insert into punches (employee_id, attendance_id, action, at, method, created_at) values (1, 1, 'break-out', '2026-01-05T12:30:00.000Z', 'pin', '${t}')`);
    const id = (sqlite.prepare('select max(id) as id from punches').get() as { id: number }).id;
    expect((await verifyRecordChain(db)).broken).toEqual([{ companyId: 1, seq: null, kind: 'punch', refId: id, problem: 'entryMissing' }]);

    // Two writers cannot both append the same seq.
    expect(() => sqlite.prepare("insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values (1, 7, 'punch', 99, '{}', '', '', ?)").run(t)).toThrow(/UNIQUE/);
    await db.destroy();
  });

  it('migration 0028 chains the existing rows of every figure kind once, and the rebuilt chain keeps its entries, index and triggers', async () => {
    const sqlite = openSqlite(path.join(dir, 'figures.db'));
    const db = createKysely(sqlite);
    await migrateToLatest(
      db,
      migrations.filter(([name]) => name < '0028'),
    );
    const t = '2026-01-05T09:00:00.000Z';
    sqlite.exec(`
      insert into companies (id, name, created_at, updated_at) values (1, 'A', '${t}', '${t}');
      insert into departments (id, name, company_id, created_at, updated_at) values (1, 'D', 1, '${t}', '${t}');
      insert into job_titles (id, name, department_id, company_id, created_at, updated_at) values (1, 'J', 1, 1, '${t}', '${t}');
      insert into leave_groups (id, name, description, status, company_id, created_at, updated_at) values (1, 'G', '', 'active', 1, '${t}', '${t}');
      insert into leave_types (id, name, company_id, days_per_year, created_at, updated_at) values (1, 'Vacaciones', 1, 22, '${t}', '${t}');
      insert into employees (id, first_name, last_name, gender, email, national_id, company_id, department_id, job_title_id, leave_group_id, employment_type, pin_key, created_at, updated_at)
        values (1, 'Ana', 'A', 'female', 'a@x', '1', 1, 1, 1, 1, 'regular', 'k1', '${t}', '${t}');
      insert into attendances (id, employee_id, date, timezone, time_in, time_out, worked_seconds, source, overtime_compensation, created_at, updated_at)
        values (1, 1, '2026-01-05', 'UTC', '2026-01-05T09:00:00.000Z', '2026-01-05T18:00:00.000Z', 30600, 'clock', 'paid', '${t}', '${t}');
      insert into attendance_breaks (id, attendance_id, start_at, end_at) values (1, 1, '2026-01-05T13:00:00.000Z', '2026-01-05T13:30:00.000Z');
      insert into punches (id, employee_id, attendance_id, action, at, method, created_at) values (1, 1, 1, 'check-in', '2026-01-05T09:00:00.000Z', 'pin', '${t}');
      insert into leaves (id, employee_id, leave_type_id, from_date, to_date, reason, status, decided_by, decided_at, created_at, updated_at)
        values (1, 1, 1, '2026-02-02', '2026-02-03', 'x', 'approved', null, '${t}', '${t}', '${t}');
      insert into holidays (id, name, date, company_id, created_at, updated_at) values (1, 'Reyes', '2026-01-06', 1, '${t}', '${t}');
      insert into schedules (id, employee_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status, created_at, updated_at)
        values (1, 1, '09:00', '17:00', 8, '["Saturday","Sunday"]', '2026-01-01', null, 'current', '${t}', '${t}');
      insert into period_approvals (id, employee_id, date_from, date_to, status, approved_by, approved_at) values (1, 1, '2025-12-01', '2025-12-31', 'approved', null, '${t}');
    `);
    // Migration 0010 chained nothing (no punch then); the repositories' insert would have: chain the punch as they would.
    await db.transaction().execute((trx) => chainPunches(trx, 1, [{ id: 1, employeeId: 1, attendanceId: 1, action: 'check-in', at: '2026-01-05T09:00:00.000Z', method: 'pin', terminal: null, createdAt: t }]));
    const punchEntry = sqlite.prepare('select * from record_chain').all();
    // Before 0028 the figure rows are not chained, and verify names each. Today's verify also
    // reads migration 0031's snapshots, 0032's dated rules and 0034's dated contract terms: the tables are lent for this check of the older schema.
    await m0031.up(db);
    sqlite.exec('create table break_rules_history (id integer primary key, effective_from text, rules text, created_at text, author_id integer)');
    sqlite.exec('create table contract_terms_history (id integer primary key, employee_id integer, effective_from text, working_day_type text, part_time_percent integer, created_at text, author_id integer)');
    // And migration 0038's punch columns (a personal punch's work mode and device), and 0039's (its place).
    sqlite.exec('alter table punches add column work_mode text');
    sqlite.exec('alter table punches add column device text');
    sqlite.exec('alter table punches add column place text');
    sqlite.exec('alter table punches add column workplace_id integer');
    // And migration 0050's salted digests of chained texts and the purge's mark (decision 083).
    sqlite.exec('alter table employees add column purged_at text');
    sqlite.exec('alter table attendance_revisions add column reason_salt text');
    sqlite.exec('alter table attendance_revisions add column reason_digest text');
    sqlite.exec('alter table attendances add column void_reason_salt text');
    sqlite.exec('alter table attendances add column void_reason_digest text');
    sqlite.exec('alter table period_approvals add column reopen_reason_salt text');
    sqlite.exec('alter table period_approvals add column reopen_reason_digest text');
    // And migration 0051's salted digest of an answer's comment.
    sqlite.exec('alter table attendance_correction_acceptances add column comment_salt text');
    sqlite.exec('alter table attendance_correction_acceptances add column comment_digest text');
    // And migration 0047's time apart (issue 38 point 1): empty tables of the columns verify reads.
    sqlite.exec(
      'create table standby_periods (id integer primary key, employee_id integer, kind text, start_at text, end_at text, date text, timezone text, called_in_seconds integer, source text, author_id integer, note text, created_at text)',
    );
    sqlite.exec(
      'create table disconnection_interruptions (id integer primary key, employee_id integer, at text, date text, timezone text, channel text, duration_seconds integer, work_done integer, source text, author_id integer, note text, created_at text)',
    );
    // And migration 0048's force majeure column and complementary-hours tables (decision 081).
    sqlite.exec('alter table attendances add column overtime_force_majeure text');
    sqlite.exec(
      'create table complementary_pacts (id integer primary key, employee_id integer, signed_on text, valid_from text, valid_to text, share_percent integer, collective_agreement integer, created_at text, author_id integer)',
    );
    sqlite.exec('create table complementary_offers (id integer primary key, employee_id integer, date text, seconds integer, status text, offered_by integer, offered_at text, answered_at text)');
    // And migration 0052's published roster days (decision 085).
    sqlite.exec('create table planned_days (id integer primary key, employee_id integer, date text, kind text, start_time text, end_time text, break_minutes integer, published_at text, published_by integer)');
    expect((await verifyRecordChain(db)).brokenCount).toBe(6);
    sqlite.exec('drop table approval_snapshots');
    sqlite.exec('drop table break_rules_history');
    sqlite.exec('drop table contract_terms_history');
    sqlite.exec('alter table punches drop column work_mode');
    sqlite.exec('alter table punches drop column device');
    sqlite.exec('alter table punches drop column place');
    sqlite.exec('alter table punches drop column workplace_id');
    sqlite.exec('alter table employees drop column purged_at');
    sqlite.exec('alter table attendance_revisions drop column reason_salt');
    sqlite.exec('alter table attendance_revisions drop column reason_digest');
    sqlite.exec('alter table attendances drop column void_reason_salt');
    sqlite.exec('alter table attendances drop column void_reason_digest');
    sqlite.exec('alter table period_approvals drop column reopen_reason_salt');
    sqlite.exec('alter table period_approvals drop column reopen_reason_digest');
    sqlite.exec('alter table attendance_correction_acceptances drop column comment_salt');
    sqlite.exec('alter table attendance_correction_acceptances drop column comment_digest');
    sqlite.exec('drop table standby_periods');
    sqlite.exec('drop table disconnection_interruptions');
    sqlite.exec('alter table attendances drop column overtime_force_majeure');
    sqlite.exec('drop table complementary_pacts');
    sqlite.exec('drop table complementary_offers');
    sqlite.exec('drop table planned_days');

    await migrateToLatest(db);
    const chain = sqlite.prepare('select seq, kind, ref_id from record_chain order by seq').all();
    expect(chain).toEqual([
      { seq: 1, kind: 'punch', ref_id: 1 },
      { seq: 2, kind: 'attendance', ref_id: 1 },
      { seq: 3, kind: 'break', ref_id: 1 },
      { seq: 4, kind: 'leave', ref_id: 1 },
      { seq: 5, kind: 'holiday', ref_id: 1 },
      { seq: 6, kind: 'schedule', ref_id: 1 },
      { seq: 7, kind: 'approval', ref_id: 1 },
      // Migration 0032: the break rules the settings held, in force from the start (decision 050).
      { seq: 8, kind: 'rules', ref_id: 1 },
      // Migration 0033: the row completed with every figure rule (the settings' undated values).
      { seq: 9, kind: 'rules', ref_id: 1 },
      // Migration 0034: the employee's contract terms from the beginning (issue 33 point 1).
      { seq: 10, kind: 'contract', ref_id: 1 },
    ]);
    expect(sqlite.prepare('select effective_from, rules, author_id from break_rules_history').all()).toEqual([
      { effective_from: '0000-01-01', rules: '{"autoBreakAfterMinutes":0,"autoBreakMinutes":30,"breaksPaid":false,"graceMinutes":5,"maxOrdinaryDailyHours":9}', author_id: null },
    ]);
    // The entry already there was copied as it was.
    expect(sqlite.prepare('select * from record_chain where seq = 1').all()).toEqual(punchEntry);
    expect(await verifyRecordChain(db)).toMatchObject({ ok: true, entries: 10, brokenCount: 0 });
    // Still append-only and linear.
    expect(() => sqlite.exec("update record_chain set payload = '{}' where seq = 1")).toThrow(/append-only/);
    expect(() => sqlite.exec('delete from record_chain where seq = 7')).toThrow(/append-only/);
    expect(() => sqlite.prepare("insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values (1, 7, 'leave', 9, '{}', '', '', ?)").run(t)).toThrow(/UNIQUE/);
    expect(() => sqlite.prepare("insert into record_chain (company_id, seq, kind, ref_id, payload, prev_hash, hash, created_at) values (1, 9, 'other', 9, '{}', '', '', ?)").run(t)).toThrow(/CHECK/);
    await db.destroy();
  });

  it("migration 0051 salts the answers' comments already there and chains every answer after each company's head, so the upgraded database verifies", async () => {
    const sqlite = openSqlite(path.join(dir, 'answers.db'));
    const db = createKysely(sqlite);
    await migrateToLatest(
      db,
      migrations.filter(([name]) => name !== '0051-chained-answers'),
    );
    const t = '2026-01-05T09:00:00.000Z';
    sqlite.exec(`
      insert into companies (id, name, created_at, updated_at) values (1, 'A', '${t}', '${t}');
      insert into departments (id, name, company_id, created_at, updated_at) values (1, 'D', 1, '${t}', '${t}');
      insert into job_titles (id, name, department_id, company_id, created_at, updated_at) values (1, 'J', 1, 1, '${t}', '${t}');
      insert into leave_groups (id, name, description, status, company_id, created_at, updated_at) values (1, 'G', '', 'active', 1, '${t}', '${t}');
      insert into employees (id, first_name, last_name, gender, email, national_id, company_id, department_id, job_title_id, leave_group_id, employment_type, pin_key, created_at, updated_at)
        values (1, 'Ana', 'A', 'female', 'a@x', '1', 1, 1, 1, 1, 'regular', 'k1', '${t}', '${t}');
    `);
    // The day and its revisions as the app writes them (chained); the answers as an older Jornada wrote them (not chained).
    sqlite.exec(`insert into attendances (id, employee_id, date, timezone, time_in, time_out, worked_seconds, source, created_at, updated_at)
      values (1, 1, '2026-01-05', 'UTC', '2026-01-05T09:00:00.000Z', '2026-01-05T17:00:00.000Z', 28800, 'manual', '${t}', '${t}')`);
    await db.transaction().execute((trx) => chainFigureRows(trx, 'attendance', [1]));
    sqlite.exec(`
      insert into attendance_correction_acceptances (id, attendance_id, revision, employee_id, status, due_at, comment, answered_by, answered_at, created_at) values
        (1, 1, 1, 1, 'accepted', '${t}', null, 1, '${t}', '${t}'),
        (2, 1, 2, 1, 'rejected', '${t}', 'No entré a las 9', 1, '${t}', '${t}');
    `);
    await migrateToLatest(db);
    const rows = sqlite.prepare('select id, comment, comment_salt, comment_digest from attendance_correction_acceptances order by id').all() as {
      id: number;
      comment: string | null;
      comment_salt: string | null;
      comment_digest: string | null;
    }[];
    expect(rows[0]).toEqual({ id: 1, comment: null, comment_salt: null, comment_digest: null });
    expect(rows[1]!.comment_digest).toBe(sha256Hex(rows[1]!.comment_salt! + 'No entré a las 9'));
    const answers = sqlite.prepare("select ref_id, payload from record_chain where kind = 'answer' order by seq").all() as { ref_id: number; payload: string }[];
    expect(answers.map((a) => a.ref_id)).toEqual([1, 2]);
    expect(answers[1]!.payload).not.toContain('entré');
    const check = await verifyRecordChain(db);
    expect(check.broken).toEqual([]);
    expect(check).toMatchObject({ ok: true, brokenCount: 0 });
    await db.destroy();
  });

  it('migration 0033 completes the dated rules with the grace and the daily hours the settings held, chained, and figures stay', async () => {
    const t = '2026-01-05T09:00:00.000Z';
    const company = `insert into companies (id, name, created_at, updated_at) values (1, 'A', '${t}', '${t}');`;
    const settings = `insert into settings (key, value, updated_at) values ('graceMinutes', '10', '${t}'), ('maxOrdinaryDailyHours', '8.5', '${t}'), ('breaksPaid', 'true', '${t}');`;
    // An installation with a row from 0032: the row keeps its break rules and gains the two values.
    const withRow = openSqlite(path.join(dir, 'rules-row.db'));
    const a = createKysely(withRow);
    await migrateToLatest(
      a,
      migrations.filter(([name]) => name < '0032'),
    );
    withRow.exec(company + settings);
    await migrateToLatest(a);
    expect(withRow.prepare('select effective_from, rules from break_rules_history').all()).toEqual([
      { effective_from: '0000-01-01', rules: '{"autoBreakAfterMinutes":0,"autoBreakMinutes":30,"breaksPaid":true,"graceMinutes":10,"maxOrdinaryDailyHours":8.5}' },
    ]);
    expect(withRow.prepare("select seq, ref_id from record_chain where kind = 'rules' order by seq").all()).toEqual([
      { seq: 1, ref_id: 1 },
      { seq: 2, ref_id: 1 },
    ]);
    expect(await verifyRecordChain(a)).toMatchObject({ ok: true, brokenCount: 0 });
    await a.destroy();
    // No row yet (the company came after 0032): one row from the start with those values and the default break rules.
    const noRow = openSqlite(path.join(dir, 'rules-none.db'));
    const b = createKysely(noRow);
    await migrateToLatest(
      b,
      migrations.filter(([name]) => name < '0033'),
    );
    noRow.exec(company + settings);
    await migrateToLatest(b);
    expect(noRow.prepare('select effective_from, rules, author_id from break_rules_history').all()).toEqual([
      { effective_from: '0000-01-01', rules: '{"autoBreakAfterMinutes":0,"autoBreakMinutes":30,"breaksPaid":false,"graceMinutes":10,"maxOrdinaryDailyHours":8.5}', author_id: null },
    ]);
    expect(await verifyRecordChain(b)).toMatchObject({ ok: true, entries: 1, brokenCount: 0 });
    await b.destroy();
  });
});

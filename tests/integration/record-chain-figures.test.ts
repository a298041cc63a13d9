import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 33.2 over HTTP on the demo data set: the record chain covers every row a month's figures
 * are read from. The demo and the app's own flows (a clock day with a break, an overtime mark, a
 * leave decided and withdrawn, holidays and schedules created, edited and deleted, a period
 * approved, reopened and approved again) leave `verify` intact; then one row of each chained table
 * edited in the database file behind the stopped server is named by `jornada verify` and the API.
 * Before, an attendance's check-out moved one hour later in the file passed as "Record chain intact".
 */

const ZONE = 'Europe/Lisbon';
// 2027-03-01 is a Monday; Lisbon is at UTC+0 until 2027-03-28.
const MON = '2027-03-01';

let server: TestServer;
let admin: Client;
let worker: Client;
let clockDir: string;
let clockFile: string;
let carmen: number;
let javier: number;

function setNow(date: string, time: string): void {
  writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));
}

const json = async (res: Response) => (await res.json()) as any;
const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);
const verifyApi = async () => (await json(await admin.get('/api/record-chain/verify'))).data;
const chainCount = () => query<{ n: number }>('select count(*) as n from record_chain')[0]!.n;
/** The latest entry of a row: the one verify compares it with. */
const latestSeq = (kind: string, id: number) => query<{ seq: number }>('select max(seq) as seq from record_chain where kind = ? and ref_id = ?', kind, id)[0]!.seq;
const punch = async (action: string) => expect((await new Client(server.url).post('/api/clock', { action, pin: '100001' })).status, action).toBe(200);

function verifyCli() {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', 'verify'], {
    cwd: ROOT,
    // The server's business clock: verify also recomputes approved months as of now (decision 051, update of issue 33).
    env: { ...process.env, DATA_DIR: server.dataDir, PORT: '1', JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

/** The row of each chained table the app's flows wrote, tampered with below. */
const made = { clockDay: 0, break: 0, marked: 0, leave: 0, holiday: 0, schedule: 0, approval: 0 };

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-chain-figures-'));
  clockFile = path.join(clockDir, 'now');
  setNow(MON, '06:00');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  worker = new Client(server.url);
  expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  carmen = query<{ id: number }>("select id from employees where first_name = 'Carmen'")[0]!.id;
  javier = query<{ employee_id: number }>("select employee_id from users where email = 'employee@demo.jornada'")[0]!.employee_id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the app chains every write of what figures are read from (issue 33.2)', () => {
  it('the demo data set (bulk inserts) verifies, its attendance, break, leave, schedule and contract-terms rows chained', async () => {
    expect(await verifyApi()).toMatchObject({ ok: true, brokenCount: 0 });
    const kinds = query<{ kind: string }>('select distinct kind from record_chain order by kind').map((r) => r.kind);
    // 'contract': each employee's terms from the beginning (issue 33 point 1, migration 0034).
    expect(kinds).toEqual(['attendance', 'break', 'contract', 'leave', 'punch', 'schedule']);
  });

  it('a clock day with a break: each punch appends its own entry and the rows it wrote, in one append', async () => {
    setNow(MON, '08:58');
    let before = chainCount();
    await punch('check-in');
    // The punch and the attendance row it created.
    expect(chainCount() - before).toBe(2);
    made.clockDay = query<{ id: number }>('select id from attendances where employee_id = ? and date = ? and voided_at is null', carmen, MON)[0]!.id;
    setNow(MON, '13:00');
    before = chainCount();
    await punch('break-in');
    expect(chainCount() - before).toBe(2);
    made.break = query<{ id: number }>('select id from attendance_breaks where attendance_id = ?', made.clockDay)[0]!.id;
    setNow(MON, '13:30');
    before = chainCount();
    await punch('break-out');
    // The punch, the break closed and the attendance's break seconds.
    expect(chainCount() - before).toBe(3);
    setNow(MON, '17:00');
    await punch('check-out');
    // Created, its break seconds, closed: three entries of the attendance row.
    expect(query('select kind from record_chain where ref_id = ? and kind = ?', made.clockDay, 'attendance')).toHaveLength(3);
    expect(await verifyApi()).toMatchObject({ ok: true });
  });

  it('a manual day, then its overtime marked', async () => {
    setNow(MON, '18:00');
    const day = await admin.post('/api/attendances', { employee: carmen, date: '2027-02-25', timeIn: '08:00', timeOut: '19:00', reason: 'Inventario' });
    expect(day.status).toBe(201);
    made.marked = (await json(day)).data._id;
    const marked = await admin.request('PATCH', `/api/attendances/${made.marked}`, { timeIn: '08:00', timeOut: '19:00', reason: 'Inventario', overtimeCompensation: 'paid' });
    expect(marked.status).toBe(200);
    expect(query('select overtime_compensation as o from attendances where id = ?', made.marked)).toEqual([{ o: 'paid' }]);
    expect(await verifyApi()).toMatchObject({ ok: true });
  });

  it('leave requested, decided, edited and withdrawn', async () => {
    const type = query<{ id: number }>('select g.leave_type_id as id from leave_group_leave_types g join employees e on e.leave_group_id = g.leave_group_id where e.id = ? order by g.leave_type_id limit 1', javier)[0]!
      .id;
    const asked = await worker.post('/api/leaves', { leaveType: type, from: '2027-04-12', to: '2027-04-13', reason: 'Familia' });
    expect(asked.status).toBe(201);
    made.leave = (await json(asked)).data._id;
    expect((await admin.request('PATCH', `/api/leaves/${made.leave}`, { status: 'approved', comment: 'Ok' })).status).toBe(200);
    const other = await worker.post('/api/leaves', { leaveType: type, from: '2027-04-14', to: '2027-04-14', reason: 'Médico' });
    expect(other.status).toBe(201);
    const otherId = (await json(other)).data._id;
    expect((await worker.request('PATCH', `/api/leaves/${otherId}`, { leaveType: type, from: '2027-04-15', to: '2027-04-15', reason: 'Médico' })).status).toBe(200);
    expect((await worker.post(`/api/leaves/${otherId}/withdraw`)).status).toBe(200);
    expect(query('select payload from record_chain where kind = ? and ref_id = ? order by seq desc limit 1', 'leave', otherId)).toEqual([{ payload: 'null' }]);
    expect(await verifyApi()).toMatchObject({ ok: true });
  });

  it('holidays created, edited and deleted; schedules created, edited and deleted', async () => {
    const company = query<{ company_id: number }>('select company_id from employees where id = ?', javier)[0]!.company_id;
    const holiday = await admin.post('/api/holidays', { name: 'San Isidro', date: '2027-05-15', company });
    expect(holiday.status).toBe(201);
    made.holiday = (await json(holiday)).data._id;
    expect((await admin.request('PATCH', `/api/holidays/${made.holiday}`, { name: 'San Isidro Labrador', date: '2027-05-15', company })).status).toBe(200);
    const gone = await admin.post('/api/holidays', { name: 'Otro', date: '2027-06-24', company });
    expect(gone.status).toBe(201);
    expect((await admin.request('DELETE', `/api/holidays/${(await json(gone)).data._id}`)).status).toBe(200);

    const schedule = await admin.post('/api/schedules', { employee: javier, startTime: '08:00', offTime: '16:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2027-06-01' });
    expect(schedule.status).toBe(201);
    made.schedule = (await json(schedule)).data._id;
    expect(
      (await admin.request('PATCH', `/api/schedules/${made.schedule}`, { employee: javier, startTime: '08:30', offTime: '16:30', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2027-06-01' })).status,
    ).toBe(200);
    const later = await admin.post('/api/schedules', { employee: javier, startTime: '07:00', offTime: '15:00', totalHours: 8, restDays: ['Sunday'], fromDate: '2027-09-01' });
    expect(later.status).toBe(201);
    expect((await admin.request('DELETE', `/api/schedules/${(await json(later)).data._id}`)).status).toBe(200);
    expect(await verifyApi()).toMatchObject({ ok: true });
  });

  it('a period approved, reopened and approved again', async () => {
    expect((await admin.post('/api/periods/approve', { date: '2027-01-01', employees: [javier] })).status).toBe(200);
    made.approval = query<{ id: number }>('select id from period_approvals where employee_id = ?', javier)[0]!.id;
    expect((await admin.post('/api/periods/reopen', { date: '2027-01-01', employee: javier, reason: 'Falta una baja' })).status).toBe(200);
    expect((await admin.post('/api/periods/approve', { date: '2027-01-01', employees: [javier] })).status).toBe(200);
    expect(query('select kind from record_chain where kind = ? and ref_id = ?', 'approval', made.approval)).toHaveLength(3);
    expect(await verifyApi()).toMatchObject({ ok: true, brokenCount: 0 });
  });
});

describe('an edit of any chained table behind a stopped server is named (issue 33.2)', () => {
  it('each row edited in the file: the command line and the API name its latest entry and the field', async () => {
    const at = (id: number, table: string, column: string) => query<Record<string, string>>(`select ${column} as v from ${table} where id = ?`, id)[0]!.v!;
    const hourLater = (iso: string) => new Date(Date.parse(iso) + 3600_000).toISOString();
    const timeOut = at(made.clockDay, 'attendances', 'time_out');
    const breakEnd = at(made.break, 'attendance_breaks', 'end_at');
    // A dated contract-terms row of an employee with nothing approved (moving its date changes no approved figure).
    const contract = query<{ id: number }>('select id from contract_terms_history where employee_id not in (select employee_id from period_approvals) order by id limit 1')[0]!.id;
    expect(await server.kill()).not.toBeNull();

    // The check-out one hour later (worked, overtime and night hours move), as the issue found.
    query('update attendances set time_out = ? where id = ?', hourLater(timeOut), made.clockDay);
    query('update attendance_breaks set end_at = ? where id = ?', hourLater(breakEnd), made.break);
    query("update attendances set overtime_compensation = 'rest' where id = ?", made.marked);
    query("update leaves set status = 'declined' where id = ?", made.leave);
    query("update holidays set date = '2027-05-14' where id = ?", made.holiday);
    query("update schedules set off_time = '17:30' where id = ?", made.schedule);
    query("update period_approvals set date_to = '2027-01-30' where id = ?", made.approval);
    query("update contract_terms_history set effective_from = '2020-01-01' where id = ?", contract);

    const expected = [
      ['attendance', made.clockDay, ['timeOut']],
      ['break', made.break, ['endAt']],
      ['attendance', made.marked, ['overtimeCompensation']],
      ['leave', made.leave, ['status']],
      ['holiday', made.holiday, ['date']],
      ['schedule', made.schedule, ['offTime']],
      ['approval', made.approval, ['dateTo']],
      ['contract', contract, ['effectiveFrom']],
    ] as const;
    const broken = expected.map(([kind, refId, fields]) => ({ companyId: 1, seq: latestSeq(kind, refId), kind, refId, problem: 'rowChanged', fields: [...fields] })).sort((a, b) => a.seq - b.seq);

    const cli = verifyCli();
    expect(cli.code, cli.err).toBe(1);
    expect(cli.out.trim().split('\n')).toEqual([
      'Record chain broken: 8 entries do not verify.',
      ...broken.map((b) => `  company 1, entry #${b.seq} (${b.kind} ${b.refId}): the ${b.kind} it records was changed (${b.fields.join(', ')}).`),
    ]);

    await server.restart();
    const check = await verifyApi();
    expect(check).toMatchObject({ ok: false, brokenCount: 8 });
    expect(check.broken).toEqual(broken);
  });
});

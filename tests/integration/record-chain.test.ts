import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 18.4 and 18.6 (decision 033) over HTTP on the demo data set: voiding a manual day with a
 * reason, and the tamper-evident record chain — punches, corrections and voidings through the
 * API, then the SQLite file edited behind the running app (triggers dropped first, as an attacker
 * would) until `jornada verify` and `GET /api/record-chain/verify` name the broken entry.
 */

const ZONE = 'Europe/Lisbon';
// 2027-03-01 is a Monday; Lisbon is at UTC+0 until 2027-03-28.
const MON = '2027-03-01';
const FRI = '2027-02-26';

let server: TestServer;
let admin: Client;
let es: Client;
let employeeUser: Client;
let clockDir: string;
let clockFile: string;
let carmen: number;

function setNow(date: string, time: string): string {
  const iso = localDateTimeToUtcIso(date, time, ZONE);
  writeFileSync(clockFile, iso);
  return iso;
}

const json = async (res: Response) => (await res.json()) as any;

const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);
/** Drops an append-only trigger behind the app (PostgreSQL names the table; SQLite refuses it). */
const dropTrigger = (name: string, table: string) => query(server.databaseUrl ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`);

/** `node scripts/start.mjs --no-build verify` with the server's DATA_DIR, as `npm run verify`. */
function verifyCli() {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', 'verify'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, PORT: '1', ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

const verifyApi = async () => (await json(await admin.get('/api/record-chain/verify'))).data;

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-chain-'));
  clockFile = path.join(clockDir, 'now');
  setNow(MON, '06:00');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  es = new Client(server.url, 'es');
  es.cookie = admin.cookie;
  employeeUser = new Client(server.url);
  expect((await employeeUser.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  carmen = query<{ id: number }>("select id from employees where first_name = 'Carmen'")[0]!.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('voiding a manual day (issue 18.4)', () => {
  let dayId: number;

  beforeAll(async () => {
    const made = await admin.post('/api/attendances', { employee: carmen, date: FRI, timeIn: '09:00', timeOut: '18:00', reason: 'Entered by hand' });
    expect(made.status).toBe(201);
    dayId = (await json(made)).data._id;
  });

  it('needs a written reason (422, translated)', async () => {
    const en = await admin.post(`/api/attendances/${dayId}/void`, { reason: '  ' });
    expect(en.status).toBe(422);
    expect(await json(en)).toMatchObject({ code: 'attendance.voidReasonRequired', message: 'Write why this day is voided.', errors: { reason: 'Write why this day is voided.' } });
    const spanish = await es.post(`/api/attendances/${dayId}/void`, {});
    expect(spanish.status).toBe(422);
    expect((await json(spanish)).message).toBe('Escribe por qué se anula este día.');
  });

  it("an Employee account cannot void (403), another account's day reads as missing", async () => {
    expect((await employeeUser.post(`/api/attendances/${dayId}/void`, { reason: 'mine' })).status).toBe(403);
    expect((await new Client(server.url).post(`/api/attendances/${dayId}/void`, { reason: 'x' })).status).toBe(401);
    expect((await admin.post('/api/attendances/999999/void', { reason: 'x' })).status).toBe(404);
  });

  it('voids with the reason: kept, audited, excluded from totals, and the day can be entered again', async () => {
    const before = (await json(await admin.get(`/api/reports/monthly-record?month=2027-02&employee=${carmen}`))).data.records[0];
    const res = await admin.post(`/api/attendances/${dayId}/void`, { reason: 'Wrong employee' });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe('Attendance voided.');
    expect(body.data).toMatchObject({ _id: dayId, voidReason: 'Wrong employee', timeIn: localDateTimeToUtcIso(FRI, '09:00', ZONE) });
    expect(body.data.voidedAt).toBeTruthy();

    // Kept: still readable, listed (struck through by the UI), and it can change no more.
    expect((await admin.get(`/api/attendances/${dayId}`)).status).toBe(200);
    const listed = (await json(await admin.get(`/api/attendances?employee=${carmen}&from=${FRI}&to=${FRI}`))).data;
    expect(listed.map((a: any) => [a._id, a.voidReason])).toEqual([[dayId, 'Wrong employee']]);
    expect((await admin.post(`/api/attendances/${dayId}/void`, { reason: 'again' })).status).toBe(409);
    const patch = await admin.request('PATCH', `/api/attendances/${dayId}`, { timeIn: '09:00', timeOut: '17:00', reason: 'x' });
    expect(patch.status).toBe(409);
    const audit = query("select reason from audit_log where entity = 'attendance' and action = 'void' and entity_id = ?", String(dayId));
    expect(audit).toEqual([{ reason: 'Wrong employee' }]);

    // Counted nowhere: the month's total loses the 9 hours of the voided day…
    const after = (await json(await admin.get(`/api/reports/monthly-record?month=2027-02&employee=${carmen}`))).data.records[0];
    const dayBefore = before.record.days.find((d: any) => d.date === FRI);
    expect(dayBefore.workedSeconds).toBe(9 * 3600);
    expect(after.record.totals.workedSeconds).toBe(before.record.totals.workedSeconds - 9 * 3600);
    const dayAfter = after.record.days.find((d: any) => d.date === FRI);
    expect(dayAfter).toMatchObject({ workedSeconds: null, voided: [{ voidReason: 'Wrong employee', timeIn: localDateTimeToUtcIso(FRI, '09:00', ZONE) }] });

    // …and the same date can be entered again correctly.
    const again = await admin.post('/api/attendances', { employee: carmen, date: FRI, timeIn: '09:00', timeOut: '13:00', reason: 'Entered again, correctly' });
    expect(again.status).toBe(201);
    const third = await admin.post('/api/attendances', { employee: carmen, date: FRI, timeIn: '09:00', timeOut: '13:00', reason: 'twice' });
    expect(third.status).toBe(409);
    const final = (await json(await admin.get(`/api/reports/monthly-record?month=2027-02&employee=${carmen}`))).data.records[0];
    expect(final.record.days.find((d: any) => d.date === FRI).workedSeconds).toBe(4 * 3600);

    // The record's notes list the voided entry with its reason: page and Excel file.
    const page = await (await admin.get(`/reports/employee-attendance?view=record&month=2027-02&employee=${carmen}`)).text();
    expect(page).toContain('Voided entry: Wrong employee');
    const wb = new ExcelJS.Workbook();
    await wb.xlsx.load(await (await admin.get(`/api/reports/monthly-record/export?month=2027-02&employee=${carmen}&lang=en`)).arrayBuffer());
    const texts: string[] = [];
    wb.worksheets[0]!.eachRow((row) => row.eachCell((cell) => texts.push(String(cell.value))));
    expect(texts.some((t) => t.includes('Voided entry: Wrong employee'))).toBe(true);
    expect(texts.some((t) => /^Record chain head: #\d+ · [0-9a-f]{16}, /.test(t))).toBe(true);
  });

  it("the personal area shows an own voided day struck through with its reason; another's day reads as missing", async () => {
    const javier = query<{ id: number }>("select id from employees where first_name = 'Javier'")[0]!.id;
    const made = await admin.post('/api/attendances', { employee: javier, date: '2027-02-24', timeIn: '08:00', timeOut: '12:00', reason: 'Typed by hand' });
    expect(made.status).toBe(201);
    const id = (await json(made)).data._id;
    // The employee may not void even their own day; someone else's day reads as missing.
    expect((await employeeUser.post(`/api/attendances/${id}/void`, { reason: 'mine' })).status).toBe(403);
    expect((await employeeUser.get(`/api/attendances/${dayId}`)).status).toBe(404);
    expect((await admin.post(`/api/attendances/${id}/void`, { reason: 'Not worked after all' })).status).toBe(200);
    const page = await (await employeeUser.get('/personal/attendance?month=2027-02')).text();
    const voided = page.slice(page.indexOf('data-testid="voided-entries"'));
    expect(voided).toMatch(/^data-testid="voided-entries"[^]*?<del[^>]*>[^<]*08:00/);
    expect(voided).toContain('Not worked after all');
    expect(page).toContain('Voided entry: Not worked after all');
  });
});

describe('the record chain (issue 18.6)', () => {
  let checkInPunch: { id: number; at: string };
  let revisionId: number;

  beforeAll(async () => {
    setNow(MON, '08:58');
    expect((await new Client(server.url).post('/api/clock', { action: 'check-in', pin: '100001' })).status).toBe(200);
    setNow(MON, '17:02');
    expect((await new Client(server.url).post('/api/clock', { action: 'check-out', pin: '100001' })).status).toBe(200);
    setNow(MON, '18:00');
    const day = (await json(await admin.get(`/api/attendances?employee=${carmen}&from=${MON}&to=${MON}`))).data[0];
    const corrected = await admin.request('PATCH', `/api/attendances/${day._id}`, { timeIn: '08:30', timeOut: '17:02', reason: 'Started at 08:30' });
    expect(corrected.status).toBe(200);
    checkInPunch = query<{ id: number; at: string }>("select id, at from punches where attendance_id = ? and action = 'check-in'", day._id)[0]!;
    revisionId = query<{ id: number }>('select max(id) as id from attendance_revisions where attendance_id = ?', day._id)[0]!.id;
  });

  it('chains every punch, revision and voiding: the API and the command line verify; the record prints the head', async () => {
    const chained = {
      punch: query("select seq from record_chain where kind = 'punch' and ref_id = ?", checkInPunch.id)[0],
      revision: query("select seq from record_chain where kind = 'revision' and ref_id = ?", revisionId)[0],
      voids: query<{ n: number }>("select count(*) as n from record_chain where kind = 'void'")[0]!.n,
    };
    expect(chained.punch).toBeTruthy();
    expect(chained.revision).toBeTruthy();
    expect(chained.voids).toBe(2);

    const check = await verifyApi();
    expect(check.ok).toBe(true);
    expect(check.entries).toBeGreaterThan(1000);
    expect(check.companies[0].head.seq).toBe(check.entries);
    const cli = verifyCli();
    expect(cli.code, cli.err).toBe(0);
    expect(cli.out).toContain(`Record chain intact: ${check.entries} entries checked.`);
    expect(cli.err).toContain(`head #${check.entries} · ${check.companies[0].head.hash.slice(0, 16)}`);

    const page = await (await admin.get(`/reports/employee-attendance?view=record&month=2027-03&employee=${carmen}`)).text();
    expect(page).toContain(`Record chain head: #${check.entries} · ${check.companies[0].head.hash.slice(0, 16)}`);
    const record = (await json(await admin.get(`/api/reports/monthly-record?month=2027-03&employee=${carmen}`))).data.records[0];
    expect(record.chainHead).toMatchObject({ seq: check.entries, hash: check.companies[0].head.hash });
  });

  it('an Employee account cannot run the check (403)', async () => {
    expect((await employeeUser.get('/api/record-chain/verify')).status).toBe(403);
  });

  it('a punch time edited in the file behind the app: verify fails naming the entry', async () => {
    expect(() => query('update punches set at = ? where id = ?', '2027-03-01T08:00:00.000Z', checkInPunch.id)).toThrow(/append-only/);
    dropTrigger('punches_no_update', 'punches');
    query('update punches set at = ? where id = ?', '2027-03-01T08:00:00.000Z', checkInPunch.id);
    const seq = query<{ seq: number }>("select seq from record_chain where kind = 'punch' and ref_id = ?", checkInPunch.id)[0]!.seq;
    const check = await verifyApi();
    expect(check.ok).toBe(false);
    expect(check.brokenCount).toBe(1);
    expect(check.broken).toEqual([{ companyId: 1, seq, kind: 'punch', refId: checkInPunch.id, problem: 'rowChanged', fields: ['at'] }]);
    const cli = verifyCli();
    expect(cli.code).toBe(1);
    expect(cli.out.trim()).toBe(`Record chain broken: 1 entry does not verify.\n  company 1, entry #${seq} (punch ${checkInPunch.id}): the punch it records was changed (at).`);
    // Put back, it verifies again.
    query('update punches set at = ? where id = ?', checkInPunch.at, checkInPunch.id);
    expect((await verifyApi()).ok).toBe(true);
  });

  it('a revision deleted in the file: verify names the entry whose record is missing', async () => {
    dropTrigger('attendance_revisions_no_delete', 'attendance_revisions');
    query('delete from attendance_revisions where id = ?', revisionId);
    const seq = query<{ seq: number }>("select seq from record_chain where kind = 'revision' and ref_id = ?", revisionId)[0]!.seq;
    const check = await verifyApi();
    expect(check.broken).toEqual([{ companyId: 1, seq, kind: 'revision', refId: revisionId, problem: 'rowMissing' }]);
    const cli = verifyCli();
    expect(cli.code).toBe(1);
    expect(cli.out).toContain(`entry #${seq} (revision ${revisionId}): the revision it records is missing`);
  });

  it('the chain itself is append-only', () => {
    expect(() => query('update record_chain set hash = ? where seq = 1', '0')).toThrow(/append-only/);
    expect(() => query('delete from record_chain where seq = 1')).toThrow(/append-only/);
  });
});

import ExcelJS from 'exceljs';
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client, location } from '../helpers/http-client.ts';
import { pdfPages } from '../helpers/pdf-text.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 38 point 4 (decision 082) over HTTP on the demo data, the clock faked in March 2027 (after
 * every demo attendance): the list of disputed days is for accounts holding workTotals.read (a
 * Representatives account and an administrator see it; an Employee account gets 403), holds names
 * and dates only, and the record's exports carry both sides of the disputed correction.
 */
const ZONE = 'Europe/Lisbon';
const TUE = '2027-03-02';
const COMMENT = 'Entré a las 08:00 — el lector no leyó mi tarjeta';
let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let worker: Client;
let reps: Client;
let javier: number;
let dayId: number;

const setNow = (date: string, time: string) => writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));
const query = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

async function sheetText(res: Response): Promise<string> {
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  const cells: string[] = [];
  wb.eachSheet((ws) => ws.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
  return cells.join('\n');
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-disputes-'));
  clockFile = path.join(clockDir, 'now');
  setNow('2027-03-03', '09:00');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  worker = new Client(server.url);
  expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  javier = query<{ employee_id: number }>("select employee_id from users where email = 'employee@demo.jornada'")[0]!.employee_id;
  const roles = (await (await admin.get('/api/roles?pageSize=100')).json()).data as { _id: number; name: string }[];
  const role = roles.find((r) => r.name === 'Representatives')!;
  const user = await admin.post('/api/users', {
    name: 'Comité de empresa',
    email: 'comite@demo.jornada',
    role: role._id,
    status: 'enabled',
    accountType: 'Admin',
    company: 1,
    password: 'Comite#2026',
    confirmPassword: 'Comite#2026',
  });
  expect(user.status, await user.clone().text()).toBe(201);
  reps = new Client(server.url, 'es');
  expect((await reps.signIn('comite@demo.jornada', 'Comite#2026')).status).toBe(200);

  // The administrator enters Tuesday by hand, then corrects it; Javier rejects the correction.
  const created = await admin.post('/api/attendances', { employee: javier, date: TUE, timeIn: '08:00', timeOut: '16:00', reason: 'Entered from paper sheet' });
  expect(created.status, await created.clone().text()).toBe(201);
  dayId = (await created.json()).data._id;
  setNow('2027-03-03', '10:00');
  const patched = await admin.request('PATCH', `/api/attendances/${dayId}`, { timeIn: '08:30', timeOut: '16:00', breakIn: '12:00', breakOut: '12:30', reason: 'Camera shows 08:30' });
  expect(patched.status, await patched.clone().text()).toBe(200);
  setNow('2027-03-04', '08:15');
  const rejected = await worker.post(`/api/attendances/${dayId}/acceptance`, { revision: 2, answer: 'rejected', comment: COMMENT });
  expect(rejected.status, await rejected.clone().text()).toBe(200);
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the list of disputed days', () => {
  it('a representative reads it: names and dates only (no times, no comment)', async () => {
    const res = await reps.get('/api/representatives/disputes');
    expect(res.status).toBe(200);
    const { data } = (await res.json()) as { data: Record<string, unknown>[] };
    expect(data).toEqual([{ employeeId: javier, name: expect.stringContaining('Javier'), date: TUE, objectedOn: '2027-03-04', resolvedOn: null }]);
    expect(JSON.stringify(data)).not.toContain('lector');
    expect(JSON.stringify(data)).not.toMatch(/T\d\d:\d\d/);
    const page = await reps.get('/representatives/disputes');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('data-testid="dispute-row"');
    expect(html).toContain('Javier');
    expect(html).not.toContain('lector');
  });

  it('an administrator holding workTotals.read reads it too; an Employee account gets 403, no account 401', async () => {
    expect((await admin.get('/api/representatives/disputes')).status).toBe(200);
    expect((await admin.get('/representatives/disputes')).status).toBe(200);
    expect((await worker.get('/api/representatives/disputes')).status).toBe(403);
    expect(location(await worker.get('/representatives/disputes'))).toBe('/access-denied');
    expect((await new Client(server.url).get('/api/representatives/disputes')).status).toBe(401);
  });
});

describe("the record's exports", () => {
  it('the Excel file holds the company’s change and the worker’s objection, in en and es', async () => {
    const en = await sheetText(await admin.get(`/api/reports/monthly-record/export?month=2027-03&employee=${javier}&lang=en`));
    expect(en).toContain("Company's change (revision 2 by");
    expect(en).toContain('reason: Camera shows 08:30');
    expect(en).toContain('before: 08:00–16:00');
    expect(en).toContain('after: 08:30–16:00, breaks 12:00–12:30');
    expect(en).toContain(`Worker's objection (2027-03-04 08:15), in their own words: “${COMMENT}”`);
    const es = await sheetText(await worker.get('/api/personal/attendance/export?month=2027-03&lang=es'));
    expect(es).toContain(`Objeción del trabajador (2027-03-04 08:15), con sus palabras: «${COMMENT}»`);
    expect(es).toContain('después: 08:30–16:00, pausas 12:00–12:30');
  });

  it('the PDF says both sides too', async () => {
    const res = await admin.get(`/api/reports/monthly-record/pdf?month=2027-03&employee=${javier}&lang=en`);
    expect(res.status).toBe(200);
    const text = (await pdfPages(new Uint8Array(await res.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain("Company's change");
    expect(text).toContain("Worker's objection");
  });

  it('a later correction the worker accepts keeps the dispute on the record, resolved', async () => {
    setNow('2027-03-05', '09:00');
    const patched = await admin.request('PATCH', `/api/attendances/${dayId}`, { timeIn: '08:05', timeOut: '16:00', breakIn: null, breakOut: null, reason: 'Door log says 08:05' });
    expect(patched.status, await patched.clone().text()).toBe(200);
    setNow('2027-03-05', '10:00');
    expect((await worker.post(`/api/attendances/${dayId}/acceptance`, { revision: 3, answer: 'accepted' })).status).toBe(200);
    const en = await sheetText(await admin.get(`/api/reports/monthly-record/export?month=2027-03&employee=${javier}&lang=en`));
    expect(en).toContain(`“${COMMENT}”`);
    expect(en).toContain('dispute resolved: the worker accepted a later correction (2027-03-05 10:00)');
    const { data } = await (await reps.get('/api/representatives/disputes')).json();
    expect(data).toEqual([expect.objectContaining({ date: TUE, resolvedOn: '2027-03-05' })]);
  });
});

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

describe('the objection is in the record chain (migration 0051)', () => {
  it('the rejection is chained by digest; its comment rewritten behind a stopped server is named by the command line and the API', async () => {
    const answer = query<{ id: number; comment_digest: string }>('select id, comment_digest from attendance_correction_acceptances where attendance_id = ? and revision = 2', dayId)[0]!;
    const entry = query<{ seq: number; payload: string }>("select seq, payload from record_chain where kind = 'answer' and ref_id = ? order by seq desc limit 1", answer.id)[0]!;
    expect(JSON.parse(entry.payload)).toMatchObject({ status: 'rejected', commentDigest: answer.comment_digest });
    expect(entry.payload).not.toContain('lector');
    expect((await admin.get('/api/record-chain/verify').then((r) => r.json())).data.ok).toBe(true);
    // Only those who hold setting.read run the check.
    expect((await worker.get('/api/record-chain/verify')).status).toBe(403);

    expect(await server.kill()).not.toBeNull();
    query(server.databaseUrl ? 'drop trigger attendance_correction_acceptances_no_update on attendance_correction_acceptances' : 'drop trigger attendance_correction_acceptances_no_update');
    query('update attendance_correction_acceptances set comment = ? where id = ?', 'Estoy de acuerdo con la corrección', answer.id);
    const cli = verifyCli();
    expect(cli.code, cli.err).toBe(1);
    expect(cli.out.trim().split('\n')).toEqual(['Record chain broken: 1 entry does not verify.', `  company 1, entry #${entry.seq} (answer ${answer.id}): the answer it records was changed (commentDigest).`]);

    await server.restart();
    const check = (await admin.get('/api/record-chain/verify').then((r) => r.json())).data;
    expect(check).toMatchObject({ ok: false, brokenCount: 1 });
    expect(check.broken).toEqual([{ companyId: 1, seq: entry.seq, kind: 'answer', refId: answer.id, problem: 'rowChanged', fields: ['commentDigest'] }]);
  });
});

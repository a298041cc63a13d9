import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Two-sided corrections (issue 18.7, decision 034) over HTTP on the demo data. The server's clock
 * is faked (JORNADA_FAKE_NOW_FILE) in March 2027, after every demo attendance. The demo
 * employee account (employee@demo.jornada) is Javier Moreno: morning shift 08:00-16:00, rest on
 * Sunday and Monday. Tests run in order and move time forward.
 */
const ZONE = 'Europe/Lisbon';
let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let adminEs: Client;
let worker: Client;
let javier: number;
let adminId: number;

const TUE = '2027-03-02';
const WED = '2027-03-03';
const THU = '2027-03-04';
const FRI = '2027-03-05';

function setNow(date: string, time: string): string {
  const iso = localDateTimeToUtcIso(date, time, ZONE);
  writeFileSync(clockFile, iso);
  return iso;
}

const query = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const count = (table: string) => query<{ n: number }>(`select count(*) as n from ${table}`)[0]!.n;
const attendanceOn = (date: string) =>
  query<{ id: number; time_out: string | null; revision: number; reason: string | null; source: string }>('select * from attendances where employee_id = ? and date = ?', javier, date)[0];
const body = async (res: Response) => (await res.json()) as any;

async function request(date: string, times: Record<string, unknown>, reason = 'Forgot to check out') {
  return worker.post('/api/attendance-corrections', { date, ...times, reason });
}
async function myDay(date: string) {
  const data = (await body(await worker.get('/api/personal/attendance?month=2027-03'))).data;
  return { day: data.record.record.days.find((d: any) => d.date === date), revisions: data.record.revisions[date] ?? [], requests: data.record.requests[date] ?? [] };
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-corr-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-03-01T06:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  worker = new Client(server.url);
  expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  javier = query<{ employee_id: number }>("select employee_id from users where email = 'employee@demo.jornada'")[0]!.employee_id;
  adminId = query<{ id: number }>("select id from users where email = 'admin@demo.jornada'")[0]!.id;
  // Javier checks in on Tuesday and forgets to check out.
  setNow(TUE, '07:58');
  expect((await new Client(server.url).post('/api/clock', { action: 'check-in', pin: String(100000 + javier) })).status).toBe(200);
  setNow(FRI, '12:00');
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe("the worker's correction request", () => {
  let requestId: number;

  it('requests a correction of a missing check-out of their own day (201, pending)', async () => {
    const res = await request(TUE, { timeIn: '07:58', timeOut: '16:00' });
    expect(res.status).toBe(201);
    const { data } = await body(res);
    expect(data).toMatchObject({ employee: javier, date: TUE, kind: 'missingCheckOut', status: 'pending', timeOut: '16:00', attendance: attendanceOn(TUE)!.id });
    requestId = data._id;
    expect(attendanceOn(TUE)!.time_out).toBeNull();
    const audit = query<{ action: string }>("select action from audit_log where entity = 'attendanceCorrectionRequest' and entity_id = ?", String(requestId));
    expect(audit.map((a) => a.action)).toEqual(['create']);
  });

  it("cannot reach another employee's day or name another employee (404)", async () => {
    const other = query<{ id: number }>('select id from attendances where employee_id != ? limit 1', javier)[0]!.id;
    const before = count('attendance_correction_requests');
    expect((await worker.post('/api/attendance-corrections', { attendance: other, date: TUE, timeIn: '08:00', timeOut: '16:00', reason: 'x' })).status).toBe(404);
    expect((await worker.post('/api/attendance-corrections', { employee: javier + 1, date: WED, timeIn: '08:00', timeOut: '16:00', reason: 'x' })).status).toBe(404);
    expect(count('attendance_correction_requests')).toBe(before);
  });

  it('lists only its own requests', async () => {
    const list = await body(await worker.get('/api/attendance-corrections?employee=1'));
    expect(list.data.length).toBeGreaterThan(0);
    expect(list.data.every((r: any) => r.employee === javier)).toBe(true);
  });

  it('cannot approve or decline (403), and an admin without an employee is told it has no days to correct (422)', async () => {
    expect((await worker.post(`/api/attendance-corrections/${requestId}/approve`, {})).status).toBe(403);
    expect((await worker.post(`/api/attendance-corrections/${requestId}/decline`, { comment: 'no' })).status).toBe(403);
    expect((await admin.post('/api/attendance-corrections', { date: WED, timeIn: '08:00', timeOut: '16:00', reason: 'x' })).status).toBe(422);
  });

  it('refuses bad input with a translated 422 and writes nothing', async () => {
    const before = count('attendance_correction_requests');
    const es = new Client(server.url, 'es');
    es.cookie = worker.cookie;
    const noReason = await es.post('/api/attendance-corrections', { date: WED, timeIn: '08:00', timeOut: '16:00', reason: ' ' });
    expect(noReason.status).toBe(422);
    const answer = await body(noReason);
    expect(answer.errors.reason).toBeTruthy();
    expect(answer.message).toMatch(/motivo/i);
    // 01:30 does not exist in Lisbon on 2027-03-28 (clocks go from 01:00 to 02:00).
    const gap = await worker.post('/api/attendance-corrections', { date: '2027-03-28', timeIn: '01:30', timeOut: '09:00', reason: 'x' });
    expect(gap.status).toBe(422);
    expect((await body(gap)).errors.timeIn).toBeTruthy();
    const future = await worker.post('/api/attendance-corrections', { date: FRI, timeIn: '08:00', timeOut: '16:00', reason: 'x' });
    expect(future.status).toBe(422);
    expect((await body(future)).errors.timeOut).toBeTruthy();
    const order = await worker.post('/api/attendance-corrections', { date: WED, timeIn: '08:00', timeOut: '16:00', breakIn: '17:00', breakOut: '17:30', reason: 'x' });
    expect(order.status).toBe(422);
    expect(count('attendance_correction_requests')).toBe(before);
  });

  it('allows one pending request per day (409)', async () => {
    expect((await request(TUE, { timeIn: '08:00', timeOut: '16:00' })).status).toBe(409);
  });

  it('an admin approval applies it through the revision path: new revision, reason of the request, author the admin', async () => {
    const res = await admin.post(`/api/attendance-corrections/${requestId}/approve`, { comment: 'OK, seen on camera' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await body(res)).data).toMatchObject({ status: 'approved', appliedRevision: 2, comment: 'OK, seen on camera' });
    const day = attendanceOn(TUE)!;
    expect(day.time_out).toBe(localDateTimeToUtcIso(TUE, '16:00', ZONE));
    expect(day.revision).toBe(2);
    const revisions = query<{ revision: number; author_id: number | null; reason: string | null }>('select revision, author_id, reason from attendance_revisions where attendance_id = ? order by revision', day.id);
    expect(revisions).toEqual([
      { revision: 1, author_id: null, reason: null },
      { revision: 2, author_id: adminId, reason: 'Forgot to check out' },
    ]);
    // The worker asked for it: it does not wait for the worker's acceptance.
    expect(query('select * from attendance_correction_acceptances where attendance_id = ?', day.id)).toEqual([]);
    const audit = query<{ action: string }>("select action from audit_log where entity = 'attendanceCorrectionRequest' and entity_id = ? order by id", String(requestId));
    expect(audit.map((a) => a.action)).toEqual(['create', 'approve']);
    // A decided request is final.
    expect((await admin.post(`/api/attendance-corrections/${requestId}/decline`, { comment: 'x' })).status).toBe(409);
  });

  it("shows the request and the decision in the worker's history", async () => {
    const { revisions, requests } = await myDay(TUE);
    expect(revisions.map((r: any) => r.revision)).toEqual([1, 2]);
    expect(requests).toHaveLength(1);
    expect(requests[0]).toMatchObject({ status: 'approved', comment: 'OK, seen on camera', appliedRevision: 2, deciderName: expect.any(String) });
  });

  it('a declined request changes nothing; declining needs a comment', async () => {
    const res = await request(WED, { timeIn: '08:00', timeOut: '16:00' }, 'I was at the shop');
    expect(res.status).toBe(201);
    const { data } = await body(res);
    expect(data.kind).toBe('missingDay');
    const bare = await adminEs.post(`/api/attendance-corrections/${data._id}/decline`, { comment: '' });
    expect(bare.status).toBe(422);
    expect((await body(bare)).errors.comment).toBeTruthy();
    const revisionsBefore = count('attendance_revisions');
    expect((await admin.post(`/api/attendance-corrections/${data._id}/decline`, { comment: 'You were on leave' })).status).toBe(200);
    expect(attendanceOn(WED)).toBeUndefined();
    expect(count('attendance_revisions')).toBe(revisionsBefore);
    const { requests } = await myDay(WED);
    expect(requests[0]).toMatchObject({ status: 'declined', comment: 'You were on leave' });
  });

  it('an approved missing day is created as a manual day by the admin with the reason', async () => {
    const { data } = await body(await request(THU, { timeIn: '08:00', timeOut: '16:00', breakIn: '12:00', breakOut: '12:30' }, 'Terminal was down'));
    expect((await admin.post(`/api/attendance-corrections/${data._id}/approve`, {})).status).toBe(200);
    const day = attendanceOn(THU)!;
    expect(day).toMatchObject({ source: 'manual', revision: 1, reason: 'Terminal was down' });
    expect(query<{ author_id: number }>('select author_id from attendance_revisions where attendance_id = ?', day.id)).toEqual([{ author_id: adminId }]);
  });

  it('the worker withdraws a pending request; it cannot then be approved', async () => {
    const { data } = await body(await request(WED, { timeIn: '09:00', timeOut: '16:00' }, 'Second try'));
    const other = new Client(server.url);
    expect((await other.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await other.post(`/api/attendance-corrections/${data._id}/withdraw`, {})).status).toBe(404);
    expect((await worker.post(`/api/attendance-corrections/${data._id}/withdraw`, {})).status).toBe(200);
    expect((await admin.post(`/api/attendance-corrections/${data._id}/approve`, {})).status).toBe(409);
    expect(attendanceOn(WED)).toBeUndefined();
  });

  it('an approval the correction rules refuse writes nothing and leaves the request pending', async () => {
    // Sunday is a rest day of Javier's schedule: creating the day is refused at approval.
    const { data } = await body(await request('2027-02-28', { timeIn: '08:00', timeOut: '12:00' }, 'Came in on Sunday'));
    const before = count('attendances');
    const res = await admin.post(`/api/attendance-corrections/${data._id}/approve`, {});
    expect(res.status).toBe(422);
    expect(count('attendances')).toBe(before);
    expect(query<{ status: string }>('select status from attendance_correction_requests where id = ?', data._id)[0]!.status).toBe('pending');
  });
});

describe("an administrator's correction waits for the worker", () => {
  const patch = (id: number, timeOut: string, reason: string) => admin.request('PATCH', `/api/attendances/${id}`, { timeIn: '07:58', timeOut, breakIn: null, breakOut: null, reason });

  it('is applied at once and marked pending acceptance on the record', async () => {
    const day = attendanceOn(TUE)!;
    expect((await patch(day.id, '15:30', 'Left early per manager')).status).toBe(200);
    expect(attendanceOn(TUE)!.time_out).toBe(localDateTimeToUtcIso(TUE, '15:30', ZONE));
    const { day: recordDay, revisions } = await myDay(TUE);
    expect(recordDay.workerAcceptance).toEqual({ state: 'pending', comment: null, dueAt: expect.any(String), answeredAt: null });
    expect(revisions.at(-1).acceptance.state).toBe('pending');
  });

  it('only the worker answers: an admin gets 403, another worker 404, a rejection needs a comment', async () => {
    const day = attendanceOn(TUE)!;
    expect((await admin.post(`/api/attendances/${day.id}/acceptance`, { revision: 3, answer: 'accepted' })).status).toBe(403);
    const other = query<{ id: number }>('select id from attendances where employee_id != ? limit 1', javier)[0]!.id;
    expect((await worker.post(`/api/attendances/${other}/acceptance`, { revision: 1, answer: 'accepted' })).status).toBe(404);
    const bare = await worker.post(`/api/attendances/${day.id}/acceptance`, { revision: 3, answer: 'rejected', comment: '' });
    expect(bare.status).toBe(422);
    expect((await body(bare)).errors.comment).toBeTruthy();
    expect((await worker.post(`/api/attendances/${day.id}/acceptance`, { revision: 2, answer: 'accepted' })).status).toBe(404);
  });

  it('the worker rejects it with a comment: the record shows it beside the day', async () => {
    const day = attendanceOn(TUE)!;
    const res = await worker.post(`/api/attendances/${day.id}/acceptance`, { revision: 3, answer: 'rejected', comment: 'I left at 16:00' });
    expect(res.status).toBe(200);
    expect((await myDay(TUE)).day.workerAcceptance).toMatchObject({ state: 'rejected', comment: 'I left at 16:00' });
    expect((await worker.post(`/api/attendances/${day.id}/acceptance`, { revision: 3, answer: 'accepted' })).status).toBe(409);
    const audit = query<{ action: string }>("select action from audit_log where entity = 'attendance' and entity_id = ? order by id desc limit 1", String(day.id));
    expect(audit[0]!.action).toBe('correction-rejected');
  });

  it('the worker accepts another correction', async () => {
    const day = attendanceOn(TUE)!;
    expect((await patch(day.id, '16:00', 'Back to 16:00')).status).toBe(200);
    expect((await worker.post(`/api/attendances/${day.id}/acceptance`, { revision: 4, answer: 'accepted' })).status).toBe(200);
    expect((await myDay(TUE)).day.workerAcceptance.state).toBe('accepted');
  });

  it('reads as not accepted by the worker once the set days pass without an answer', async () => {
    const current = (await body(await admin.get('/api/settings'))).data;
    expect(current.correctionAcceptanceDays).toBe(7);
    expect((await admin.request('PUT', '/api/settings', { ...current, correctionAcceptanceDays: 3 })).status).toBe(200);
    const day = attendanceOn(THU)!;
    const madeAt = setNow('2027-03-08', '10:00');
    expect((await admin.request('PATCH', `/api/attendances/${day.id}`, { timeIn: '08:00', timeOut: '15:00', breakIn: '12:00', breakOut: '12:30', reason: 'Left at 15:00' })).status).toBe(200);
    const due = query<{ due_at: string }>('select due_at from attendance_correction_acceptances where attendance_id = ? and revision = 2', day.id)[0]!.due_at;
    expect(due).toBe(new Date(Date.parse(madeAt) + 3 * 86_400_000).toISOString());
    setNow('2027-03-11', '09:59');
    expect((await myDay(THU)).day.workerAcceptance.state).toBe('pending');
    setNow('2027-03-11', '10:01');
    expect((await myDay(THU)).day.workerAcceptance.state).toBe('expired');
    const late = await worker.post(`/api/attendances/${day.id}/acceptance`, { revision: 2, answer: 'accepted' });
    expect(late.status).toBe(409);
    // The monthly record's Excel export says it too.
    const xlsx = await worker.get('/api/personal/attendance/export?month=2027-03&lang=en');
    expect(xlsx.status).toBe(200);
  });

  it('a manual day an admin enters for the worker also waits for acceptance', async () => {
    const res = await admin.post('/api/attendances', { employee: javier, date: '2027-03-10', timeIn: '08:00', timeOut: '16:00', reason: 'Entered from paper sheet' });
    expect(res.status, await res.clone().text()).toBe(201);
    const { data } = await body(res);
    expect(query<{ status: string; revision: number }>('select status, revision from attendance_correction_acceptances where attendance_id = ?', data._id)).toEqual([{ status: 'pending', revision: 1 }]);
  });
});

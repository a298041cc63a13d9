import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Approval and lock of periods (issue 21.3, decision 051) over HTTP on the demo data, with the
 * server's clock faked in 2027 (after every demo attendance). Javier Moreno (employee@demo.jornada)
 * works 08:00-16:00 and rests on Sunday and Monday. February 2027 is built, approved, then every
 * writer of the record tries to change it and must be refused with the period named; the worker
 * and an attacker try to approve; the period is reopened with a reason and can be changed again.
 * Tests run in order and move time forward.
 */
const ZONE = 'Europe/Lisbon';
let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let adminEs: Client;
let worker: Client;
let javier: number;
let wednesday: number;
let requestId: number;
const LOCKED_EN = 'The period from 01/02/2027 to 28/02/2027 is approved and locked: it cannot be changed until an administrator reopens it.';
const LOCKED_ES = 'El periodo del 01/02/2027 al 28/02/2027 está aprobado y cerrado: no se puede cambiar hasta que un administrador lo reabra.';

function setNow(date: string, time: string): string {
  const iso = localDateTimeToUtcIso(date, time, ZONE);
  writeFileSync(clockFile, iso);
  return iso;
}
const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);
const body = async (res: Response) => (await res.json()) as any;
const count = (table: string) => query<{ n: number }>(`select count(*) as n from ${table}`)[0]!.n;
const punch = (action: string) => new Client(server.url).post('/api/clock', { action, pin: String(100000 + javier) });

async function expectLocked(res: Response, what: string, message = LOCKED_EN) {
  expect(res.status, what).toBe(409);
  const answer = await body(res);
  expect(answer.code, what).toBe('periods.locked');
  expect(answer.message, what).toBe(message);
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-periods-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-02-22T06:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  worker = new Client(server.url);
  expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  javier = query<{ employee_id: number }>("select employee_id from users where email = 'employee@demo.jornada'")[0]!.employee_id;
  // Tuesday: Javier checks in and forgets to check out.
  setNow('2027-02-23', '07:58');
  expect((await punch('check-in')).status).toBe(200);
  // Wednesday: an administrator enters the day by hand.
  setNow('2027-02-24', '17:00');
  const day = await admin.post('/api/attendances', { employee: javier, date: '2027-02-24', timeIn: '08:00', timeOut: '16:00', reason: 'Forgot to punch' });
  expect(day.status).toBe(201);
  wednesday = (await body(day)).data._id;
  // Thursday: Javier asks for a missing day (pending when the month is approved).
  setNow('2027-02-26', '09:00');
  const asked = await worker.post('/api/attendance-corrections', { date: '2027-02-25', timeIn: '08:00', timeOut: '16:00', reason: 'Terminal was down' });
  expect(asked.status).toBe(201);
  requestId = (await body(asked)).data._id;
  setNow('2027-03-01', '10:00');
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the close screen', () => {
  it("shows the employee's exceptions and that February is not approved", async () => {
    const res = await admin.get('/api/periods?date=2027-02-10');
    expect(res.status).toBe(200);
    const view = (await body(res)).data;
    expect(view).toMatchObject({ kind: 'month', period: { from: '2027-02-01', to: '2027-02-28' }, ended: true, previous: '2027-01-01', next: '2027-03-01' });
    const row = view.rows.find((r: any) => r.employee.id === javier);
    expect(row.exceptions.missingCheckOut).toEqual(['2027-02-23']);
    expect(row.exceptions.pendingCorrections).toBe(1);
    expect(row.totals.workedSeconds).toBe(8 * 3600);
    expect(row).toMatchObject({ approval: null, locked: false });
    // Without a date: the last period that has ended (February, on 1 March).
    expect((await body(await admin.get('/api/periods'))).data.period).toEqual({ from: '2027-02-01', to: '2027-02-28' });
    const page = await admin.get('/period-close?date=2027-02-01');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="period-table"');
  });

  it('is closed to an employee account, whatever it sends', async () => {
    expect((await worker.get('/api/periods')).status).toBe(403);
    expect((await worker.post('/api/periods/approve', { date: '2027-02-01', employees: [javier] })).status).toBe(403);
    expect((await worker.post('/api/periods/reopen', { date: '2027-02-01', employee: javier, reason: 'Mine' })).status).toBe(403);
    expect([302, 303, 403]).toContain((await worker.get('/period-close')).status);
    expect(count('period_approvals')).toBe(0);
  });
});

describe('approving', () => {
  it('refuses a period that has not ended, an unknown employee and nobody chosen, writing nothing', async () => {
    const march = await admin.post('/api/periods/approve', { date: '2027-03-01', employees: [javier] });
    expect(march.status).toBe(422);
    expect((await body(march)).code).toBe('periods.notEnded');
    expect((await admin.post('/api/periods/approve', { date: '2027-02-01', employees: [javier, 987654] })).status).toBe(422);
    expect((await admin.post('/api/periods/approve', { date: '2027-02-01', employees: [] })).status).toBe(422);
    expect(count('period_approvals')).toBe(0);
  });

  it('locks February for the employee, audited; approving again changes nothing', async () => {
    const res = await admin.post('/api/periods/approve', { date: '2027-02-14', employees: [javier] });
    expect(res.status).toBe(200);
    expect((await body(res)).data).toEqual({ period: { from: '2027-02-01', to: '2027-02-28' }, approved: 1, already: 0, ownLeft: 0 });
    expect((await body(await admin.post('/api/periods/approve', { date: '2027-02-01', employees: [javier] }))).data).toMatchObject({ approved: 0, already: 1 });
    expect(query("select action from audit_log where entity = 'periodApproval' and entity_id = ?", String(javier))).toEqual([{ action: 'approve' }]);
    const row = (await body(await admin.get('/api/periods?date=2027-02-01'))).data.rows.find((r: any) => r.employee.id === javier);
    expect(row).toMatchObject({ locked: true, approval: { status: 'approved', approverName: expect.any(String) } });
  });
});

describe('every writer of a locked day is refused, naming the period', () => {
  it('manual days: create, correct, void', async () => {
    const attendances = count('attendances');
    await expectLocked(await admin.post('/api/attendances', { employee: javier, date: '2027-02-26', timeIn: '08:00', timeOut: '16:00', reason: 'Late entry' }), 'create');
    await expectLocked(await adminEs.request('PATCH', `/api/attendances/${wednesday}`, { timeIn: '08:30', timeOut: '16:00', reason: 'Wrong time' }), 'update (es)', LOCKED_ES);
    await expectLocked(await admin.post(`/api/attendances/${wednesday}/void`, { reason: 'Entered by mistake' }), 'void');
    expect(count('attendances')).toBe(attendances);
    expect(query<{ time_in: string; revision: number }>('select time_in, revision from attendances where id = ?', wednesday)[0]).toMatchObject({ revision: 1 });
  });

  it("corrections: the worker's new request, and the approval of one made before; declining still works", async () => {
    await expectLocked(await worker.post('/api/attendance-corrections', { date: '2027-02-27', timeIn: '08:00', timeOut: '16:00', reason: 'Forgot' }), 'request');
    await expectLocked(await admin.post(`/api/attendance-corrections/${requestId}/approve`, { comment: 'OK' }), 'approve request');
    expect(query<{ status: string }>('select status from attendance_correction_requests where id = ?', requestId)[0]!.status).toBe('pending');
    expect((await admin.post(`/api/attendance-corrections/${requestId}/decline`, { comment: 'February is closed; ask to reopen it' })).status).toBe(200);
  });

  it('leave: recorded approved across the end of the period, and approving a request that touches it', async () => {
    const leaveType = query<{ id: number }>('select id from leave_types order by id limit 1')[0]!.id;
    await expectLocked(await admin.post('/api/leaves', { employee: javier, leaveType, from: '2027-02-26', to: '2027-03-03', reason: 'Sick', approved: true }), 'record leave');
    const asked = await worker.post('/api/leaves', { leaveType, from: '2027-02-27', to: '2027-02-27', reason: 'Family' });
    // A request waits (nothing of the record changes); deciding it is what would change the record.
    expect(asked.status).toBe(201);
    await expectLocked(await admin.request('PATCH', `/api/leaves/${(await body(asked)).data._id}`, { status: 'approved' }), 'approve leave');
  });

  it('clock: a late punch for a locked day becomes a conflict; a live punch on a locked day is refused', async () => {
    const terminal = await pairTerminal(server.url, admin, { name: 'Entrada', methods: ['pin'] });
    const late = await new Client(server.url).request(
      'POST',
      '/api/clock/offline',
      {
        sentAt: localDateTimeToUtcIso('2027-03-01', '10:00', ZONE),
        punches: [{ seq: 1, at: localDateTimeToUtcIso('2027-02-27', '08:00', ZONE), action: 'check-in', pin: String(100000 + javier) }],
      },
      terminal.headers,
    );
    expect(late.status).toBe(200);
    expect((await body(late)).results).toEqual([{ seq: 1, status: 'conflict' }]);
    const conflict = query<{ reason: string; detail: string }>('select reason, detail from clock_conflicts order by id desc limit 1')[0]!;
    expect(conflict.reason).toBe('refused');
    expect(JSON.parse(conflict.detail)).toEqual({ code: 'periods.locked', params: { from: '2027-02-01', to: '2027-02-28' } });
    const listed = (await body(await admin.get('/api/clock-conflicts'))).data[0];
    expect(listed.refusal).toBe(LOCKED_EN);

    // A live punch: today must lie in an approved period, which the API never allows (the period
    // has not ended), so the row is written here to play an approval made while a shift runs on.
    setNow('2027-03-02', '07:58');
    query("insert into period_approvals (employee_id, date_from, date_to, status, approved_at) values (?, '2027-03-02', '2027-03-02', 'approved', '2027-03-02T07:00:00Z')", javier);
    const punches = count('punches');
    await expectLocked(await punch('check-in'), 'live punch', 'The period from 02/03/2027 to 02/03/2027 is approved and locked: it cannot be changed until an administrator reopens it.');
    expect(count('punches')).toBe(punches);
    query("delete from period_approvals where date_from = '2027-03-02'");
    expect((await punch('check-in')).status).toBe(200);
  });
});

describe('what the locked days are measured against is refused too (issue 33)', () => {
  it('schedules: editing the one in force names the first open date, in the language asked; deleting it is refused', async () => {
    const current = query<{ id: number; start_time: string; off_time: string; total_hours: number; rest_days: string; from_date: string }>(
      "select id, start_time, off_time, total_hours, rest_days, from_date from schedules where employee_id = ? and status = 'current'",
      javier,
    )[0]!;
    const edit = { employee: javier, startTime: '07:00', offTime: '16:00', totalHours: 9, restDays: JSON.parse(current.rest_days), fromDate: current.from_date };
    const res = await adminEs.request('PATCH', `/api/schedules/${current.id}`, edit);
    expect(res.status).toBe(409);
    expect(await body(res)).toMatchObject({
      code: 'periods.locked',
      message: 'El periodo del 01/02/2027 al 28/02/2027 está aprobado y cerrado: este cambio puede aplicarse como pronto desde el 01/03/2027, o cuando un administrador reabra el periodo.',
    });
    expect((await admin.request('DELETE', `/api/schedules/${current.id}`)).status).toBe(409);
    expect(query<{ start_time: string }>('select start_time from schedules where id = ?', current.id)[0]!.start_time).toBe(current.start_time);
  });

  it("company holidays: one on a locked date of any of the company's employees", async () => {
    const company = query<{ company_id: number }>('select company_id from employees where id = ?', javier)[0]!.company_id;
    const holidays = count('holidays');
    await expectLocked(await admin.post('/api/holidays', { name: 'Fiesta local', date: '2027-02-26', company }), 'holiday');
    expect(count('holidays')).toBe(holidays);
  });

  it('break rules: a change effective from a locked date is refused and writes nothing; from the first open date it is kept (decision 050)', async () => {
    const settings = (await body(await admin.get('/api/settings'))).data;
    const rows = count('break_rules_history');
    await expectLocked(await admin.request('PUT', '/api/settings', { ...settings, breaksPaid: !settings.breaksPaid, effectiveFrom: '2027-02-20' }), 'break rules');
    expect(count('break_rules_history')).toBe(rows);
    expect((await body(await admin.get('/api/settings'))).data.breaksPaid).toBe(settings.breaksPaid);
    const saved = await body(await admin.request('PUT', '/api/settings', { ...settings, breaksPaid: !settings.breaksPaid, effectiveFrom: '2027-03-01' }));
    expect(saved.breakRulesHistory[0]).toMatchObject({ effectiveFrom: '2027-03-01', rules: { breaksPaid: !settings.breaksPaid } });
    // Back as it was, from the same date, so the later tests see the rules they expect.
    expect((await admin.request('PUT', '/api/settings', { ...settings, effectiveFrom: '2027-03-01' })).status).toBe(200);
  });
});

describe('reopening', () => {
  it('needs a written reason; then the month can be changed again, and approved again', async () => {
    const bare = await admin.post('/api/periods/reopen', { date: '2027-02-01', employee: javier, reason: '  ' });
    expect(bare.status).toBe(422);
    expect((await body(bare)).errors).toHaveProperty('reason');
    expect((await admin.post('/api/periods/reopen', { date: '2027-01-01', employee: javier, reason: 'Nothing there' })).status).toBe(409);
    const res = await admin.post('/api/periods/reopen', { date: '2027-02-10', employee: javier, reason: 'Payroll found a missing day' });
    expect(res.status).toBe(200);
    expect(query<{ status: string; reopen_reason: string }>('select status, reopen_reason from period_approvals where employee_id = ?', javier)).toEqual([
      { status: 'reopened', reopen_reason: 'Payroll found a missing day' },
    ]);
    expect(query("select action, reason from audit_log where entity = 'periodApproval' order by id")).toEqual([
      { action: 'approve', reason: null },
      { action: 'reopen', reason: 'Payroll found a missing day' },
    ]);
    expect((await admin.request('PATCH', `/api/attendances/${wednesday}`, { timeIn: '08:30', timeOut: '16:00', reason: 'Wrong time' })).status).toBe(200);
    expect((await body(await admin.post('/api/periods/approve', { date: '2027-02-01', employees: [javier] }))).data).toMatchObject({ approved: 1 });
    await expectLocked(await admin.request('PATCH', `/api/attendances/${wednesday}`, { timeIn: '08:00', timeOut: '16:00', reason: 'Back' }), 'locked again');
  });
});

describe('weeks', () => {
  it('with approvalPeriod week the screen shows ISO weeks; reopening a week inside an approved month reopens the month', async () => {
    const settings = (await body(await admin.get('/api/settings'))).data;
    expect((await admin.request('PUT', '/api/settings', { ...settings, approvalPeriod: 'week' })).status).toBe(200);
    const view = (await body(await admin.get('/api/periods?date=2027-02-24'))).data;
    expect(view).toMatchObject({ kind: 'week', period: { from: '2027-02-22', to: '2027-02-28' }, previous: '2027-02-15', next: '2027-03-01' });
    const row = view.rows.find((r: any) => r.employee.id === javier);
    // February was approved as a month: the week inside it is locked and shows that approval.
    expect(row).toMatchObject({ locked: true, approval: { from: '2027-02-01', to: '2027-02-28', status: 'approved' } });
    const reopened = await admin.post('/api/periods/reopen', { date: '2027-02-24', employee: javier, reason: 'One more fix' });
    expect((await body(reopened)).data).toEqual({ reopened: [{ from: '2027-02-01', to: '2027-02-28' }] });
    // The week approved alone locks only its own dates.
    expect((await body(await admin.post('/api/periods/approve', { date: '2027-02-16', employees: [javier] }))).data.period).toEqual({ from: '2027-02-15', to: '2027-02-21' });
    expect((await admin.request('PATCH', `/api/attendances/${wednesday}`, { timeIn: '08:00', timeOut: '16:00', reason: 'Back' })).status).toBe(200);
    await expectLocked(
      await admin.post('/api/attendances', { employee: javier, date: '2027-02-20', timeIn: '08:00', timeOut: '16:00', reason: 'Late entry' }),
      'week',
      'The period from 15/02/2027 to 21/02/2027 is approved and locked: it cannot be changed until an administrator reopens it.',
    );
  });
});

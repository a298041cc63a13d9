import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 21 point 1 (decision 049) over HTTP: the hours balance of an employee built by hand through
 * the API (schedule, manual days, a holiday, overtime marks, time off in lieu), checked against
 * figures worked out below; a TOIL request beyond the balance refused; the 80 h cap refusing a
 * day's paid overtime beyond it, then accepting an explicit override with a reason (audited);
 * the report's reach for an Employee account. Fake time: Wednesday 2031-03-12, 20:00 in Madrid.
 *
 * Ana (09:00–17:00, 8 h, Monday–Friday, from 2031-03-01; her balance starts there, the absence
 * floor, issue 33, although her first recorded day is Monday 03-03: the weekend expects nothing):
 *   Mon 03-03 09:00–21:00 12 h  +4 h unmarked
 *   Tue 03-04 09:00–18:00  9 h  +1 h paid        → leaves the balance: 0
 *   Wed 03-05 09:00–21:00 12 h  +4 h rest        → stays: +4
 *   Thu 03-06 09:00–16:00  7 h  −1 h
 *   Fri 03-07 company holiday (expects nothing)     0
 *   Mon 03-10 time off in lieu, 8 h scheduled    → −8
 *   Tue 03-11 09:00–17:00  8 h                      0
 *   Wed 03-12 (today) 09:00–18:00 closed 9 h     +1
 *   balance = 4 + 0 + 4 − 1 + 0 − 8 + 0 + 1 = 0; before the TOIL day it is +8 h (exactly the request).
 *   Overtime by day: 4 + 1 + 4 + 1 = 10 h (paid 1, rest 4, unmarked 5).
 *   Weekly (ISO): W10 (03-03..09) counted 40 h − expected 32 h = 8 h; W11 counted 17 h − 16 h = 1 h → 9 h.
 */
const H = 3600;
let server: TestServer;
let clockDir: string;
let admin: Client;
let adminEs: Client;
let employee: Client;
let demo: { company: number; leaveGroup: number; department: number; jobTitle: number };
let toil = 0;
let ana = 0;
let bruno = 0;

async function json(res: Response) {
  expect(res.headers.get('content-type') ?? '', await res.clone().text()).toMatch(/json/);
  return (await res.json()) as any;
}
const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);
const employeeBody = (firstName: string, pin: string) => ({
  firstName,
  lastName: 'Bolsa Test',
  gender: 'female',
  email: `${firstName.toLowerCase()}@balance.example`,
  nationalId: `BT-${pin}`,
  company: demo.company,
  department: demo.department,
  jobTitle: demo.jobTitle,
  leaveGroup: demo.leaveGroup,
  employmentType: 'regular',
  officialStartDate: '2031-03-01',
  pin,
});
async function day(employeeId: number, date: string, timeIn: string, timeOut: string, extra: Record<string, unknown> = {}, client = admin) {
  return client.post('/api/attendances', { employee: employeeId, date, timeIn, timeOut, reason: 'Registro de prueba', ...extra });
}
async function balanceRow(employeeId: number) {
  const report = (await json(await admin.get(`/api/reports/hours-balance?employee=${employeeId}`))).data;
  expect(report.tables[0].rows).toHaveLength(1);
  return report.tables[0].rows[0].cells;
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-balance-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2031-03-12T19:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url, 'en');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  employee = new Client(server.url, 'en');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  const settings = (await json(await admin.get('/api/settings'))).data;
  expect((await admin.request('PUT', '/api/settings', { ...settings, timezone: 'Europe/Madrid' })).status).toBe(200);
  const first = (await json(await admin.get('/api/employees?pageSize=1'))).data[0];
  demo = { company: first.company, leaveGroup: first.leaveGroup, department: first.department, jobTitle: first.jobTitle };
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('time off in lieu is a leave type flag', () => {
  it('is stored and listed; a bad value is refused in the request language', async () => {
    const bad = await adminEs.post('/api/leave-types', { name: 'Compensación', company: demo.company, drawsFromBalance: 'maybe' });
    expect(bad.status).toBe(422);
    expect(query('select * from leave_types where name = ?', 'Compensación')).toHaveLength(0);
    const created = await admin.post('/api/leave-types', { name: 'Compensación', company: demo.company, drawsFromBalance: 'true' });
    expect(created.status, await created.clone().text()).toBe(201);
    toil = (await json(created)).data._id;
    expect((await json(await admin.get(`/api/leave-types/${toil}`))).data).toMatchObject({ drawsFromBalance: true, daysPerYear: null });
    const others = (await json(await admin.get('/api/leave-types?pageSize=100'))).data.filter((t: any) => t._id !== toil);
    expect(others.every((t: any) => t.drawsFromBalance === false)).toBe(true);
    // Into the demo leave group, so requests may name it.
    const group = (await json(await admin.get(`/api/leave-groups/${demo.leaveGroup}`))).data;
    const patched = await admin.request('PATCH', `/api/leave-groups/${demo.leaveGroup}`, {
      name: group.name,
      description: group.description,
      company: group.company,
      status: group.status,
      privilege: [...group.privilege, toil],
    });
    expect(patched.status, await patched.clone().text()).toBe(200);
  });
});

describe('the balance of a month built by hand', () => {
  it('sets up Ana: schedule, days, marks, a holiday', async () => {
    const created = await admin.post('/api/employees', employeeBody('Ana', '88100001'));
    expect(created.status, await created.clone().text()).toBe(201);
    ana = (await json(created)).data._id;
    expect((await admin.post('/api/schedules', { employee: ana, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2031-03-01' })).status).toBe(201);
    expect((await admin.post('/api/holidays', { name: 'Fiesta de prueba', date: '2031-03-07', company: demo.company })).status).toBe(201);
    for (const [date, timeIn, timeOut, extra] of [
      ['2031-03-03', '09:00', '21:00', {}],
      ['2031-03-04', '09:00', '18:00', { overtimeCompensation: 'paid' }],
      ['2031-03-05', '09:00', '21:00', { overtimeCompensation: 'rest' }],
      ['2031-03-06', '09:00', '16:00', {}],
      ['2031-03-11', '09:00', '17:00', {}],
      ['2031-03-12', '09:00', '18:00', {}],
    ] as const) {
      const res = await day(ana, date, timeIn, timeOut, extra);
      expect(res.status, await res.clone().text()).toBe(201);
    }
  });

  it('refuses TOIL beyond the balance, in the request language, and writes nothing', async () => {
    // Before the TOIL is recorded, 03-10 is an absence (−8 h): the balance is 0.
    expect(await balanceRow(ana)).toMatchObject({ balance: 0, available: 0 });
    const tooMuch = await adminEs.post('/api/leaves', { employee: ana, leaveType: toil, from: '2031-03-13', to: '2031-03-14', reason: 'Compensar horas', approved: true });
    expect(tooMuch.status).toBe(422);
    const answer = await json(tooMuch);
    expect(answer.code).toBe('balance.toilExceedsBalance');
    expect(answer.message).toBe('No hay horas suficientes en la bolsa: esta solicitud ocupa 16 h 00 min y hay 0 h 00 min disponibles.');
    expect(answer.errors).toEqual({ to: 'Supera la bolsa de horas' });
    expect(query('select * from leaves where employee_id = ?', ana)).toHaveLength(0);
  });

  it('takes TOIL that exactly fits; the balance then matches the hand-made table', async () => {
    // The request's own day is set apart from the balance (its absence is not counted twice): +8 h available, 8 h asked.
    const res = await admin.post('/api/leaves', { employee: ana, leaveType: toil, from: '2031-03-10', to: '2031-03-10', reason: 'Compensar horas', approved: true });
    expect(res.status, await res.clone().text()).toBe(201);
    expect(await balanceRow(ana)).toEqual({
      employee: 'Ana Bolsa Test',
      department: expect.any(String),
      from: '2031-03-01',
      balance: 0,
      available: 0,
      overtime: 10 * H,
      paid: 1 * H,
      rest: 4 * H, // overtime marked compensated with rest: 10 h − 1 h paid − 5 h unmarked
      toil: 8 * H,
      yearPaid: 1 * H,
      yearUnmarked: 5 * H,
      yearForceMajeure: 0,
      yearWeekly: 9 * H,
      cap: 'balance.cap.ok',
    });
    // Nothing left: a pending request for tomorrow is refused too, also when the employee asks.
    const more = await admin.post('/api/leaves', { employee: ana, leaveType: toil, from: '2031-03-13', to: '2031-03-13', reason: 'Más' });
    expect(more.status).toBe(422);
    expect((await json(more)).message).toBe('Not enough hours in the balance: this request takes 8 h 00 min and 0 h 00 min are available.');
  });

  it('a new credit makes room; future TOIL reserves its hours', async () => {
    // Correcting Thursday 03-06 to 09:00–21:00 (12 h): +4 instead of −1 → balance +5 h.
    const id = (await json(await admin.get(`/api/attendances?employee=${ana}&from=2031-03-06&to=2031-03-06`))).data[0]._id;
    const fixed = await admin.request('PATCH', `/api/attendances/${id}`, { timeIn: '09:00', timeOut: '21:00', reason: 'Salida real' });
    expect(fixed.status, await fixed.clone().text()).toBe(200);
    expect(await balanceRow(ana)).toMatchObject({ balance: 5, available: 5 });
    // A future TOIL of 4 h? Not possible: a day takes its 8 scheduled hours; refused.
    expect((await admin.post('/api/leaves', { employee: ana, leaveType: toil, from: '2031-03-14', to: '2031-03-14', reason: 'x' })).status).toBe(422);
    // Ordinary leave does not draw from the balance.
    const types = (await json(await admin.get('/api/leave-types?pageSize=100'))).data;
    const ordinary = types.find((t: any) => !t.drawsFromBalance && t.daysPerYear === null) ?? types.find((t: any) => !t.drawsFromBalance);
    const leave = await admin.post('/api/leaves', { employee: ana, leaveType: ordinary._id, from: '2031-03-14', to: '2031-03-14', reason: 'x', approved: true });
    expect(leave.status, await leave.clone().text()).toBe(201);
    expect(await balanceRow(ana)).toMatchObject({ balance: 5, available: 5 });
  });

  it('shows in the employee register and the report export', async () => {
    const listed = (await json(await admin.get(`/api/employees?q=Bolsa&withBalance=1`))).data.find((e: any) => e._id === ana);
    expect(listed.hoursBalanceSeconds).toBe(5 * H);
    const plain = (await json(await admin.get(`/api/employees?q=Bolsa`))).data.find((e: any) => e._id === ana);
    expect(plain.hoursBalanceSeconds).toBeUndefined();
    const xlsx = await admin.get('/api/reports/hours-balance/export');
    expect(xlsx.status).toBe(200);
    expect(xlsx.headers.get('content-disposition')).toContain('hours-balance');
    const page = await admin.get('/reports/hours-balance');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Ana Bolsa Test');
  });
});

describe("break rules (the core's counted seconds)", () => {
  it('an automatic break deduction lowers the balance by what it deducts', async () => {
    // 30 min deducted from every day of more than 6 h without a punched break: five of Ana's six
    // days move the balance (03-03, 03-05, 03-06: +3.5 h each; 03-11 −0.5 h; 03-12 +0.5 h); the
    // paid day 03-04 keeps 0 (its paid overtime shrinks to 0.5 h): 5 h − 5 × 0.5 h = 2.5 h.
    const settings = (await json(await admin.get('/api/settings'))).data;
    // Effective-dated (decision 050): from March 1st, the month of Ana's days.
    const on = await admin.request('PUT', '/api/settings', { ...settings, autoBreakAfterMinutes: 360, autoBreakMinutes: 30, effectiveFrom: '2031-03-01' });
    expect(on.status, await on.clone().text()).toBe(200);
    expect(await balanceRow(ana)).toMatchObject({ balance: 2.5, paid: 0.5 * H, yearPaid: 0.5 * H });
    expect((await admin.request('PUT', '/api/settings', { ...settings, effectiveFrom: '2031-03-01' })).status).toBe(200);
    expect(await balanceRow(ana)).toMatchObject({ balance: 5 });
  });
});

describe('the 80 h yearly overtime cap (art. 35.2 ET)', () => {
  it('warns from 70 h, allows exactly 80 h, refuses beyond without an override', async () => {
    const created = await admin.post('/api/employees', { ...employeeBody('Bruno', '88100002'), officialStartDate: '2031-01-01' });
    expect(created.status, await created.clone().text()).toBe(201);
    bruno = (await json(created)).data._id;
    expect((await admin.post('/api/schedules', { employee: bruno, startTime: '09:00', offTime: '17:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2031-01-01' })).status).toBe(201);
    // 05:00–23:00 = 18 h: 10 h overtime a day, marked paid.
    const dates = ['2031-01-06', '2031-01-07', '2031-01-08', '2031-01-09', '2031-01-10', '2031-01-13', '2031-01-14'];
    for (const date of dates) expect((await day(bruno, date, '05:00', '23:00', { overtimeCompensation: 'paid' })).status).toBe(201);
    expect(await balanceRow(bruno)).toMatchObject({ yearPaid: 70 * H, cap: 'balance.cap.warning' });
    expect((await day(bruno, '2031-01-15', '05:00', '23:00', { overtimeCompensation: 'paid' })).status).toBe(201);
    expect(await balanceRow(bruno)).toMatchObject({ yearPaid: 80 * H, cap: 'balance.cap.reached' });

    const refused = await adminEs.post('/api/attendances', { employee: bruno, date: '2031-01-16', timeIn: '09:00', timeOut: '17:30', reason: 'x', overtimeCompensation: 'paid' });
    expect(refused.status).toBe(422);
    const answer = await json(refused);
    expect(answer.code).toBe('balance.overtimeCapExceeded');
    expect(answer.message).toContain('80.50 h');
    expect(answer.errors).toEqual({ overtimeCompensation: 'Supera el límite de 80 h al año' });
    expect(query('select * from attendances where employee_id = ? and date = ?', bruno, '2031-01-16')).toHaveLength(0);
    // Unmarked or compensated with rest it is fine.
    const rest = await day(bruno, '2031-01-16', '09:00', '17:30', { overtimeCompensation: 'rest' });
    expect(rest.status).toBe(201);
    const restId = (await json(rest)).data._id;
    // Marking that day paid afterwards is the same refusal.
    const mark = await admin.request('PATCH', `/api/attendances/${restId}`, { timeIn: '09:00', timeOut: '17:30', reason: 'Pagar', overtimeCompensation: 'paid' });
    expect(mark.status).toBe(422);
    expect((await json(mark)).code).toBe('balance.overtimeCapExceeded');
    // The override needs its reason.
    const noReason = await admin.request('PATCH', `/api/attendances/${restId}`, { timeIn: '09:00', timeOut: '17:30', reason: 'Pagar', overtimeCompensation: 'paid', overtimeCapOverride: true, overtimeCapReason: '  ' });
    expect(noReason.status).toBe(422);
    expect((await json(noReason)).errors).toEqual({ overtimeCapReason: 'Write why the 80 h limit is exceeded.' });
    expect(query<{ overtime_compensation: string }>('select overtime_compensation from attendances where id = ?', restId)[0]!.overtime_compensation).toBe('rest');
    // With a reason it goes through, audited.
    const overridden = await admin.request('PATCH', `/api/attendances/${restId}`, {
      timeIn: '09:00',
      timeOut: '17:30',
      reason: 'Pagar',
      overtimeCompensation: 'paid',
      overtimeCapOverride: true,
      overtimeCapReason: 'Reparación urgente tras la inundación (art. 35.3 ET)',
    });
    expect(overridden.status, await overridden.clone().text()).toBe(200);
    const audit = query<{ after: string }>("select after from audit_log where entity = 'attendance' and entity_id = ? and action = 'update'", String(restId));
    expect(JSON.parse(audit.at(-1)!.after).overtimeCapOverride).toEqual({ reason: 'Reparación urgente tras la inundación (art. 35.3 ET)', paidSeconds: 80.5 * H });
    expect(await balanceRow(bruno)).toMatchObject({ yearPaid: 80.5 * H, cap: 'balance.cap.over' });
    // Beyond the cap, a correction that does not add paid overtime is not refused.
    const first = (await json(await admin.get(`/api/attendances?employee=${bruno}&from=2031-01-06&to=2031-01-06`))).data[0]._id;
    const lower = await admin.request('PATCH', `/api/attendances/${first}`, { timeIn: '06:00', timeOut: '23:00', reason: 'Entrada real' });
    expect(lower.status, await lower.clone().text()).toBe(200);
  });
});

describe('who sees the balance', () => {
  it('an Employee account without report.read gets no report, only its own card (record-scope.test.ts: with it, only its own row)', async () => {
    const res = await employee.get(`/api/reports/hours-balance?employee=${ana}`);
    expect(res.status).toBe(403);
    expect(await res.text()).not.toContain('Ana Bolsa Test');
    const page = await employee.get('/reports/hours-balance');
    expect(page.status).not.toBe(200);
    const dashboard = await employee.get('/personal/dashboard');
    expect(dashboard.status).toBe(200);
    expect(await dashboard.text()).toContain('data-testid="my-hours-balance"');
  });

  it('an Employee account cannot mark its overtime or override the cap', async () => {
    const res = await employee.post('/api/attendances', {
      employee: bruno,
      date: '2031-01-17',
      timeIn: '05:00',
      timeOut: '23:00',
      reason: 'x',
      overtimeCompensation: 'paid',
      overtimeCapOverride: true,
      overtimeCapReason: 'yo',
    });
    expect(res.status).toBe(403);
    expect(query('select * from attendances where employee_id = ? and date = ?', bruno, '2031-01-17')).toHaveLength(0);
  });
});

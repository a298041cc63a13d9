import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTIONS } from '../../src/domain/permissions/permissions.ts';
import { addDays, demoIds, wednesdayBefore, type DemoIds } from '../helpers/api-bodies.ts';
import { changedTables, dbSnapshot } from '../helpers/db-snapshot.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Record scope on writes and reads (issue 15, decision 024): an Employee account whose custom
 * role grants broad authorities (attendance.*, schedule.*, employee.*, leave.*, report.read,
 * dashboard.read) still reaches only its own employee's records, and of those writes only its
 * leave requests. Before the fix it could PATCH another employee's attendance and schedule while
 * GET of the same record answered 404, and read every employee through employee.read and
 * report.read.
 */

let server: TestServer;
let ids: DemoIds;
let admin: Client;
let broad: Client;
let self: { _id: number; name: string };
let selfAttendance: number;

const ALL = [...ACTIONS];
const BROAD = { attendance: ALL, schedule: ALL, employee: ALL, leave: ALL, report: ['read'], dashboard: ['read'] };

async function workbook(res: Response): Promise<ExcelJS.Workbook> {
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  return wb;
}

/** Every text cell of a workbook, to look for names that must not be there. */
function texts(wb: ExcelJS.Workbook): string {
  const out: string[] = [];
  wb.eachSheet((sheet) => {
    out.push(sheet.name);
    sheet.eachRow((row) => row.eachCell((cell) => out.push(String(cell.value ?? ''))));
  });
  return out.join('\n');
}

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  ids = await demoIds(admin);
  // An employee with attendance and no account yet: the broad account's own employee.
  const linked = new Set(((await (await admin.get('/api/users?pageSize=100')).json()).data as { employee: number | null }[]).map((u) => u.employee));
  const employees = (await (await admin.get('/api/employees?pageSize=100&status=active')).json()).data as { _id: number; firstName: string; lastName: string }[];
  for (const e of employees) {
    if (linked.has(e._id) || e._id === ids.otherEmployee) continue;
    const days = (await (await admin.get(`/api/attendances?employee=${e._id}&pageSize=1`)).json()).data as { _id: number }[];
    if (days.length === 0) continue;
    self = { _id: e._id, name: `${e.firstName} ${e.lastName}` };
    selfAttendance = days[0]!._id;
    break;
  }
  expect(self).toBeDefined();
  const role = await admin.post('/api/roles', { name: 'Autoservicio amplio', permissions: BROAD });
  expect(role.status).toBe(201);
  const user = await admin.post('/api/users', {
    name: self.name,
    email: 'amplio@demo.jornada',
    role: (await role.json()).data._id,
    status: 'enabled',
    accountType: 'Employee',
    company: 1,
    employee: self._id,
    password: 'Amplio#2026',
    confirmPassword: 'Amplio#2026',
  });
  expect(user.status, await user.clone().text()).toBe(201);
  broad = new Client(server.url);
  expect((await broad.signIn('amplio@demo.jornada', 'Amplio#2026')).status).toBe(200);
}, 90_000);

afterAll(async () => {
  await server?.stop();
});

describe('an Employee account with a broad custom role', () => {
  it('cannot change another employee’s attendance or schedule, and nothing is written', async () => {
    const shift = { startTime: '08:00', offTime: '16:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: addDays(ids.today, -60) };
    const workday = wednesdayBefore(addDays(ids.today, -2));
    const before = dbSnapshot(server.dataDir);
    const attempts: [string, string, unknown][] = [
      ['PATCH', `/api/attendances/${ids.otherAttendance}`, { timeIn: '07:00', timeOut: '17:00', reason: 'Cambio ajeno' }],
      ['DELETE', `/api/attendances/${ids.otherAttendance}`, undefined],
      ['POST', '/api/attendances', { employee: ids.otherEmployee, date: workday, timeIn: '09:00', timeOut: '17:00', reason: 'Ajeno' }],
      ['PATCH', `/api/schedules/${ids.schedule}`, { employee: ids.otherEmployee, ...shift }],
      ['PATCH', `/api/schedules/${ids.schedule}`, { employee: self._id, ...shift }],
      ['DELETE', `/api/schedules/${ids.schedule}`, undefined],
      ['POST', '/api/schedules', { employee: ids.otherEmployee, ...shift }],
      ['POST', '/api/schedules/bulk', { department: ids.department, ...shift }],
      ['PATCH', `/api/employees/${ids.otherEmployee}`, { firstName: 'Cambiada' }],
      ['PUT', `/api/employees/${ids.otherEmployee}/consent`, { consent: false }],
      ['POST', `/api/employees/${ids.otherEmployee}/archive`, {}],
      ['DELETE', `/api/leaves/${ids.otherLeave}`, undefined],
      ['PATCH', `/api/leaves/${ids.otherLeave}`, { status: 'rejected', comment: 'No' }],
    ];
    for (const [method, path, body] of attempts) {
      const res = await broad.request(method, path, body);
      expect([403, 404], `${method} ${path} ${res.status}`).toContain(res.status);
    }
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
    const day = (await (await admin.get(`/api/attendances/${ids.otherAttendance}`)).json()).data;
    expect(day.revisions.some((r: { reason: string }) => r.reason === 'Cambio ajeno')).toBe(false);
  });

  it('cannot correct its own working-time record or schedule either (decision 024)', async () => {
    const before = dbSnapshot(server.dataDir);
    const own = await broad.request('PATCH', `/api/attendances/${selfAttendance}`, { timeIn: '07:00', timeOut: '19:00', reason: 'Me lo subo' });
    expect(own.status).toBe(403);
    expect((await own.json()).code).toBe('errors.recordsReadOnly');
    expect((await broad.request('DELETE', `/api/attendances/${selfAttendance}`)).status).toBe(403);
    expect((await broad.request('PATCH', `/api/employees/${self._id}`, { firstName: 'Yo' })).status).toBe(403);
    expect(changedTables(before, dbSnapshot(server.dataDir))).toEqual([]);
  });

  it('still files its own leave request', async () => {
    const future = wednesdayBefore(addDays(ids.today, 60));
    const res = await broad.post('/api/leaves', { employee: ids.otherEmployee, leaveType: ids.leaveType, from: future, to: future, reason: 'Propio' });
    if (res.status === 201) expect((await res.json()).data.employee).toBe(self._id);
    else expect(res.status, await res.text()).toBe(422);
  });

  it('reads only its own records: by id, in lists, in photos', async () => {
    for (const path of [
      `/api/employees/${ids.otherEmployee}`,
      `/api/employees/${ids.otherEmployee}/photos`,
      `/api/attendances/${ids.otherAttendance}`,
      `/api/schedules/${ids.schedule}`,
      `/api/leaves/${ids.otherLeave}`,
    ]) {
      expect((await broad.get(path)).status, path).toBe(404);
    }
    expect((await broad.get(`/api/employees/${self._id}`)).status).toBe(200);
    // The employee list takes no `employee` filter: asking for another one is refused (decision 095), never answered.
    expect((await broad.get(`/api/employees?pageSize=100&employee=${ids.otherEmployee}`)).status).toBe(422);
    const employees = await (await broad.get('/api/employees?pageSize=100')).json();
    expect(employees.data.map((e: { _id: number }) => e._id)).toEqual([self._id]);
    expect(employees.total).toBe(1);
    for (const path of [`/api/attendances?employee=${ids.otherEmployee}`, '/api/schedules?pageSize=100', '/api/leaves?pageSize=100']) {
      const body = await (await broad.get(path)).json();
      expect(
        body.data.every((r: { employee: number }) => r.employee === self._id),
        path,
      ).toBe(true);
    }
  });

  it('reports and exports show only its own employee; figures about everyone are refused', async () => {
    const other = ids.otherEmployee;
    const otherName = 'Elena Ramos';
    for (const name of ['employee-list', 'employee-attendance', 'employee-leaves', 'employee-birthdays', 'employee-schedule', 'hours-balance']) {
      const res = await broad.get(`/api/reports/${name}?employee=${other}&status=all&month=all`);
      expect(res.status, name).toBe(200);
      expect(JSON.stringify(await res.json()), name).not.toContain(otherName);
      expect(texts(await workbook(await broad.get(`/api/reports/${name}/export?employee=${other}&status=all&month=all`))), name).not.toContain(otherName);
    }
    const list = (await (await broad.get('/api/reports/employee-list?status=all')).json()).data;
    expect(list.tables[0].rows.map((r: { cells: { employee: string } }) => r.cells.employee)).toEqual([self.name]);
    const record = (await (await broad.get(`/api/reports/monthly-record?employee=${other}`)).json()).data;
    expect(record.records.map((r: { employee: { id: number } }) => r.employee.id)).toEqual([self._id]);
    const sheets = await workbook(await broad.get(`/api/reports/monthly-record/export?employee=${other}`));
    expect(sheets.worksheets.map((s) => s.name)).toEqual([self.name.slice(0, 31)]);
    expect(texts(await workbook(await broad.get(`/api/attendances/export?employee=${other}`)))).not.toContain(otherName);
    for (const path of ['/api/dashboard', '/api/reports/organization-profile', '/api/reports/user-accounts', '/api/reports/user-accounts/export']) {
      const res = await broad.get(path);
      expect(res.status, path).toBe(403);
    }
  });
});

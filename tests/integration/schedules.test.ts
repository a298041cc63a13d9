import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

let server: TestServer;
let admin: Client;
let es: Client;
let employeeUser: Client;
let viewer: Client;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  es = new Client(server.url, 'es');
  es.cookie = admin.cookie;
  employeeUser = new Client(server.url);
  await employeeUser.signIn('employee@demo.jornada', 'Demo#2026');
  await addAccount(server.dataDir, { email: 'sv@demo.jornada', password: 'View#2026', accountType: 'Admin', permissions: { schedule: ['read'] } });
  viewer = new Client(server.url);
  await viewer.signIn('sv@demo.jornada', 'View#2026');
});
afterAll(async () => {
  await server?.stop();
});

const body = (r: Response) => r.json();

describe('schedules API', () => {
  it('lists current schedules with filters and pagination', async () => {
    const list = await body(await admin.get('/api/schedules?status=current&pageSize=5'));
    expect(list.total).toBe(25);
    expect(list.data).toHaveLength(5);
    expect(list.data[0]).toMatchObject({ status: 'current', restDays: expect.any(Array) });
    const night = await body(await admin.get('/api/schedules?q=L%C3%B3pez'));
    expect(night.data.some((s: any) => s.startTime === '22:00' && s.offTime === '06:00')).toBe(true);
  });

  it('validates with the messages of spec section 5 (en, es)', async () => {
    const res = await admin.post('/api/schedules', { employee: 1, startTime: '9', offTime: '17:00', totalHours: '', fromDate: '2026/12/01', restDays: [] });
    expect(res.status).toBe(422);
    expect((await body(res)).errors).toEqual({ startTime: 'Invalid time format', totalHours: 'This field is required', fromDate: 'Invalid date format' });
    const resEs = await es.post('/api/schedules', { employee: 1, startTime: '25:00', offTime: '17:00', totalHours: 8, fromDate: '2026-12-01' });
    expect((await body(resEs)).errors).toEqual({ startTime: 'Formato de hora no válido' });
  });

  it('a new current schedule makes the overlapping one previous', async () => {
    const before = (await body(await admin.get('/api/schedules?employee=3&status=current'))).data;
    expect(before).toHaveLength(1);
    const res = await admin.post('/api/schedules', { employee: 3, startTime: '07:00', offTime: '15:00', totalHours: 8, restDays: ['Saturday', 'Sunday'], fromDate: '2030-01-07' });
    expect(res.status).toBe(201);
    expect((await body(res)).message).toBe('Schedule created successfully!');
    const current = (await body(await admin.get('/api/schedules?employee=3&status=current'))).data;
    expect(current.map((s: any) => s.startTime)).toEqual(['07:00']);
    const old = await body(await admin.get(`/api/schedules/${before[0]._id}`));
    expect(old.data).toMatchObject({ status: 'previous', toDate: '2030-01-06' });
  });

  it('assigns a schedule to every active employee of a department', async () => {
    const deps = (await body(await admin.get('/api/departments'))).data;
    const tienda = deps.find((d: any) => d.name === 'Tienda');
    const res = await admin.post('/api/schedules/bulk', { department: tienda._id, startTime: '10:00', offTime: '14:00', totalHours: 4, restDays: ['Sunday'], fromDate: '2031-01-01' });
    expect(res.status).toBe(201);
    const answer = await body(res);
    expect(answer.created).toBe(tienda.employees);
    expect(answer.message).toBe(`Schedule assigned to ${tienda.employees} employees.`);
    const list = await body(await admin.get(`/api/schedules?department=${tienda._id}&status=current&pageSize=100`));
    expect(list.data.every((s: any) => s.startTime === '10:00')).toBe(true);
  });

  it('edits and deletes; unknown ids are 404', async () => {
    const created = await body(await admin.post('/api/schedules', { employee: 5, startTime: '08:00', offTime: '16:00', totalHours: 8, restDays: [], fromDate: '2032-01-01' }));
    const id = created.data._id;
    const edited = await admin.request('PATCH', `/api/schedules/${id}`, { employee: 5, startTime: '08:30', offTime: '16:30', totalHours: 8, restDays: ['Sunday'], fromDate: '2032-01-01' });
    expect((await body(edited)).data).toMatchObject({ startTime: '08:30', restDays: ['Sunday'] });
    expect((await body(await admin.request('DELETE', `/api/schedules/${id}`))).message).toBe('Schedule deleted successfully!');
    expect((await admin.get(`/api/schedules/${id}`)).status).toBe(404);
  });

  it('is guarded', async () => {
    expect((await viewer.get('/api/schedules')).status).toBe(200);
    expect((await viewer.post('/api/schedules', {})).status).toBe(403);
    expect((await viewer.post('/api/schedules/bulk', {})).status).toBe(403);
    // An employee sees only their own schedule (the demo's employee@ is employee 2).
    const own = await body(await employeeUser.get('/api/schedules?status='));
    expect(own.total).toBeGreaterThan(0);
    expect(own.data.every((s: any) => s.employee === 2)).toBe(true);
    expect((await body(await employeeUser.get('/api/schedules?employee=3'))).data.every((s: any) => s.employee === 2)).toBe(true);
    const other = (await body(await admin.get('/api/schedules?employee=3'))).data[0];
    expect((await employeeUser.get(`/api/schedules/${other._id}`)).status).toBe(404);
    expect((await employeeUser.get(`/api/schedules/${own.data[0]._id}`)).status).toBe(200);
    expect((await employeeUser.post('/api/schedules', {})).status).toBe(403);
  });
});

describe('leave in the schedule view', () => {
  it('marks employees on approved leave today', async () => {
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Europe/Lisbon' }).format(new Date());
    const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
    const type = sql<{ id: number }>('select id from leave_types order by id limit 1')[0]!.id;
    sql("insert into leaves (employee_id, leave_type_id, from_date, to_date, reason, status, created_at, updated_at) values (7, ?, ?, ?, 'Médico', 'approved', 'now', 'now')", type, today, today);
    const free = sql<{ id: number }>("select id from employees where id not in (select employee_id from leaves where status = 'approved' and from_date <= ? and to_date >= ?) order by id limit 1", today, today)[0]!;
    const list = (await body(await admin.get('/api/schedules?employee=7&status=current'))).data;
    expect(list[0].onLeave).toBe(true);
    const other = (await body(await admin.get(`/api/schedules?employee=${free.id}&status=current`))).data;
    expect(other[0].onLeave).toBe(false);
  });
});

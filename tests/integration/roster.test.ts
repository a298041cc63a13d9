import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * The roster's HTTP contract (issue 39, decision 085): templates and shifts answer 201, the grid
 * answer's shape, bad input a translated 422 that writes nothing, an Employee account 403, another
 * company's Admin 404; and a shift assigned then published reaches the worker's own schedule.
 * The rules themselves are in tests/service/roster-publish.test.ts and the unit tests.
 */
let server: TestServer;
let admin: Client;
let clockDir: string;
let department: number;
let worker: number;
// 2027-03-01 is a Monday; the server's business clock stands on it.
const TODAY = '2027-03-01';
const TOMORROW = '2027-03-02';
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const body = async (res: Response) => res.json();

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-roster-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:00', 'Europe/Madrid'));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url, 'es');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  const own = (await body(await admin.get('/api/employees?q=Javier%20Moreno&pageSize=1'))).data[0];
  worker = own._id;
  department = own.department;
}, 90_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the roster API', () => {
  let template: number;

  it('creates a template and a shift (201) and answers the grid', async () => {
    const made = await admin.post('/api/shift-templates', { name: 'Tarde', startTime: '14:00', endTime: '22:00', breakMinutes: 30, colour: '#f59e0b', department });
    expect(made.status).toBe(201);
    template = (await body(made)).data._id;
    expect((await body(await admin.get('/api/shift-templates'))).data).toContainEqual({
      _id: template,
      name: 'Tarde',
      startTime: '14:00',
      endTime: '22:00',
      breakMinutes: 30,
      colour: '#f59e0b',
      department,
      archived: false,
    });
    const shift = await admin.post('/api/roster/shifts', { department, employee: worker, date: TOMORROW, template });
    expect(shift.status).toBe(201);
    const saved = await body(shift);
    expect(saved.data).toEqual({ _id: expect.any(Number), employee: worker, date: TOMORROW, startTime: '14:00', endTime: '22:00', breakMinutes: 30, template, published: false });
    // Tomorrow's 14:00 departs from his 08:00–16:00 pattern with 0 days' notice (decision 088).
    expect(saved.warnings).toEqual([{ code: 'roster.warnings.lateNotice', kind: 'lateNotice', employee: worker, date: TOMORROW, params: { noticeDays: 0, limitDays: 5 } }]);
    const again = await admin.post('/api/roster/shifts', { department, employee: worker, date: TOMORROW, startTime: '08:00', endTime: '12:00' });
    expect(again.status).toBe(409);
    expect((await body(again)).message).toMatch(/ya tiene un turno/);

    const grid = await admin.get(`/api/roster?department=${department}&from=${TODAY}&to=2027-03-07`);
    expect(grid.status).toBe(200);
    const g = await body(grid);
    expect(Object.keys(g).sort()).toEqual(
      ['coverage', 'dates', 'department', 'employees', 'from', 'holidays', 'leave', 'locked', 'publications', 'published', 'shifts', 'templates', 'to', 'unpublishedChanges', 'warnings'].sort(),
    );
    expect(g.dates).toHaveLength(7);
    expect(g.employees.map((e: { _id: number }) => e._id)).toContain(worker);
    expect(g.shifts).toContainEqual(saved.data);
    expect(g.warnings).toContainEqual(saved.warnings[0]);
    expect(g.unpublishedChanges).toBeGreaterThan(0);
  });

  it('refuses bad input with a translated 422 and writes nothing', async () => {
    const before = sql<{ n: number }>('select count(*) as n from roster_shifts')[0]!.n;
    const bad = await admin.post('/api/roster/shifts', { department, employee: worker, date: '2027-02-30', startTime: '25:00', endTime: '12:00' });
    expect(bad.status).toBe(422);
    const b = await body(bad);
    expect(b.errors.date).toMatch(/fecha/i);
    expect(b.errors.startTime).toBeTruthy();
    const notMonday = await admin.post('/api/roster/copy-week', { department, from: TOMORROW, to: '2027-03-08' });
    expect(notMonday.status).toBe(422);
    expect((await body(notMonday)).errors.from).toBe('Las semanas empiezan en lunes: elige un lunes.');
    const long = await admin.get(`/api/roster?department=${department}&from=2027-01-01&to=2027-06-01`);
    expect(long.status).toBe(422);
    expect((await body(long)).errors.to).toBe('Elige 62 días como máximo.');
    expect(sql<{ n: number }>('select count(*) as n from roster_shifts')[0]!.n).toBe(before);
  });

  it('refuses an Employee account (403) and another company’s Admin (404)', async () => {
    const employee = new Client(server.url, 'es');
    expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await employee.get(`/api/roster?department=${department}&from=${TODAY}&to=${TODAY}`)).status).toBe(403);
    expect((await employee.post('/api/roster/shifts', { department, employee: worker, date: '2027-03-03', template })).status).toBe(403);
    expect((await employee.post('/api/roster/publish', { department, from: TODAY, to: TODAY })).status).toBe(403);

    const company = (await body(await admin.post('/api/companies', { name: 'Otra Empresa SL' }))).data._id;
    const role = (await body(await admin.post('/api/roles', { name: 'Planificación', permissions: { schedule: ['read', 'create', 'update'] } }))).data._id;
    const user = await admin.post('/api/users', { name: 'Ajena', email: 'ajena@demo.jornada', role, status: 'enabled', accountType: 'Admin', company, password: 'Ajena#2026x', confirmPassword: 'Ajena#2026x' });
    expect(user.status).toBe(201);
    const stranger = new Client(server.url, 'es');
    expect((await stranger.signIn('ajena@demo.jornada', 'Ajena#2026x')).status).toBe(200);
    expect((await stranger.get(`/api/roster?department=${department}&from=${TODAY}&to=${TODAY}`)).status).toBe(404);
    expect((await stranger.post('/api/roster/shifts', { department, employee: worker, date: '2027-03-03', template })).status).toBe(404);
    expect((await stranger.post('/api/roster/publish', { department, from: TODAY, to: TODAY })).status).toBe(404);
    expect((await stranger.request('PATCH', `/api/shift-templates/${template}`, { name: 'Mía' })).status).toBe(404);
    expect((await body(await stranger.get('/api/shift-templates'))).data).toEqual([]);
  });

  it('publishes, and the worker’s own schedule shows the shift', async () => {
    const published = await admin.post('/api/roster/publish', { department, from: TOMORROW, to: TOMORROW });
    expect(published.status).toBe(200);
    const p = await body(published);
    expect(p.changedDays).toBeGreaterThanOrEqual(1);
    const employee = new Client(server.url, 'es');
    expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    const plan = (await body(await employee.get('/api/personal/schedule'))).data.plan as { date: string; kind: string; startTime: string | null; offTime: string | null }[];
    expect(plan.find((d) => d.date === TOMORROW)).toMatchObject({ kind: 'work', startTime: '14:00', offTime: '22:00' });
    const grid = await body(await admin.get(`/api/roster?department=${department}&from=${TOMORROW}&to=${TOMORROW}`));
    expect(grid.published).toContainEqual({ employee: worker, date: TOMORROW, kind: 'shift', startTime: '14:00', endTime: '22:00', breakMinutes: 30 });
    expect(grid.unpublishedChanges).toBe(0);
  });

  it('saves and reads coverage needs', async () => {
    const put = await admin.request('PUT', '/api/roster/coverage', { department, needs: [{ template, weekday: 2, staff: 2 }] });
    expect(put.status).toBe(200);
    expect((await body(await admin.get(`/api/roster/coverage?department=${department}`))).data).toEqual([{ template, weekday: 2, staff: 2 }]);
    const grid = await body(await admin.get(`/api/roster?department=${department}&from=${TOMORROW}&to=${TOMORROW}`));
    expect(grid.coverage).toEqual([{ template, date: TOMORROW, needed: 2, planned: 1 }]);
  });
});

import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

let server: TestServer;
let owner: Client;
let second: Client;
let limited: Client;
let staff: Client;
let company: number;

const body = async (res: Response) => res.json();
const guide = async (client: Client) => {
  const res = await client.get('/api/guide');
  expect(res.status).toBe(200);
  return (await body(res)).data;
};
const states = (view: { steps: { id: string; done: boolean; available: boolean }[] }) => view.steps.map((s) => `${s.id}:${s.done ? 'done' : s.available ? 'todo' : 'unavailable'}`);
const dashboard = async (client: Client) => (await client.get('/dashboard')).text();

beforeAll(async () => {
  // The business clock is fixed (a Wednesday, 07:30 in Madrid) so the punch below lands inside the
  // 06:00 shift's window at whatever hour the suite runs (it answered 409 in the evening).
  server = await startServer({ env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW: '2026-06-10T05:30:00.000Z' } });
  owner = new Client(server.url);
  expect((await owner.post('/api/sign-up', { company: 'Panadería Sol', full_name: 'Sol Marín', email: 'sol@pan.es', password: 'Sol#2026pan', country: 'ES', timezone: 'Europe/Madrid' })).status).toBe(201);
  company = (await body(await owner.get('/api/companies'))).data[0]._id;
  // Sign-up creates a default organisation (decision 028, tested in tests/service/sign-up.test.ts);
  // this file walks the guide from an empty company, so those records go first.
  for (const collection of ['leave-groups', 'leave-types', 'job-titles', 'departments']) {
    for (const record of (await body(await owner.get(`/api/${collection}`))).data as { _id: number }[]) {
      expect((await owner.request('DELETE', `/api/${collection}/${record._id}`)).status).toBeLessThan(300);
    }
  }
  await addAccount(server.dataDir, { email: 'eva@pan.es', password: 'Eva#2026pan', accountType: 'Admin' });
  await addAccount(server.dataDir, { email: 'luz@pan.es', password: 'Luz#2026pan', accountType: 'Admin', permissions: { dashboard: ['read'], schedule: ['read', 'create'] } });
  await addAccount(server.dataDir, { email: 'ivan@pan.es', password: 'Ivan#2026pan', accountType: 'Employee' });
  second = new Client(server.url);
  await second.signIn('eva@pan.es', 'Eva#2026pan');
  limited = new Client(server.url);
  await limited.signIn('luz@pan.es', 'Luz#2026pan');
  staff = new Client(server.url);
  await staff.signIn('ivan@pan.es', 'Ivan#2026pan');
});
afterAll(async () => {
  await server?.stop();
});

describe('getting-started guide API', () => {
  it('needs a session', async () => {
    const anonymous = new Client(server.url);
    expect((await anonymous.get('/api/guide')).status).toBe(401);
    expect((await anonymous.request('PUT', '/api/guide', { dismissed: true })).status).toBe(401);
  });

  it('starts at 0/5 on the empty company, the tax ID first, a paired terminal last', async () => {
    const view = await guide(owner);
    expect(view).toMatchObject({ mode: 'checklist', done: 0, total: 5, next: 'company' });
    expect(states(view)).toEqual(['company:todo', 'department:todo', 'employee:todo', 'schedule:todo', 'terminal:todo']);
    expect(view.steps[2]).toMatchObject({ href: '/jobtitle?new=1', needs: ['jobTitle', 'leaveType', 'leaveGroup'] });
    expect(view.steps[4]).toMatchObject({ href: '/terminals' });
    const html = await dashboard(owner);
    expect(html).toContain('data-testid="guide"');
    expect(html).toContain('0 of 5 done');
    expect(html).toContain('Pair a clock terminal');
    expect(html).not.toContain('data-testid="demo-banner"');
    // Showing the guide again writes nothing: the first instant stays.
    const memory = () => sqlIn(server.dataDir, 'select started_at, updated_at from user_guide where user_id = 1')[0];
    const first = memory();
    expect(first).toMatchObject({ started_at: expect.any(String) });
    await dashboard(owner);
    expect((await owner.get('/employees')).status).toBe(200);
    expect(memory()).toEqual(first);
  });

  it('shows a role only the steps it may take', async () => {
    const view = await guide(limited);
    expect(states(view)).toEqual(['company:unavailable', 'department:unavailable', 'employee:unavailable', 'schedule:todo', 'terminal:unavailable']);
    expect(view.next).toBe('schedule');
    const html = await dashboard(limited);
    expect(html).toContain('Your role does not allow this step; ask an administrator.');
    expect(html).not.toContain('href="/department?new=1"');
  });

  it('is not for employees: hidden, and they cannot hide it', async () => {
    expect((await guide(staff)).mode).toBe('hidden');
    const res = await staff.request('PUT', '/api/guide', { dismissed: true });
    expect(res.status).toBe(403);
  });

  it('refuses a malformed change with a translated 422', async () => {
    const res = await owner.request('PUT', '/api/guide', { dismissed: 'yes' });
    expect(res.status).toBe(422);
    expect((await body(res)).errors).toEqual({ dismissed: 'This field is required' });
    const es = new Client(server.url, 'es');
    es.cookie = owner.cookie;
    expect((await body(await es.request('PUT', '/api/guide', {}))).errors).toEqual({ dismissed: 'Este campo es obligatorio' });
  });

  it('hides per user: one admin hides it, the other still sees it, and it can come back', async () => {
    const hidden = await second.request('PUT', '/api/guide', { dismissed: true });
    expect(hidden.status).toBe(200);
    expect(await body(hidden)).toMatchObject({ data: { mode: 'hidden', done: 0 }, message: 'The getting-started guide is hidden.' });
    expect((await guide(second)).mode).toBe('hidden');
    expect(await dashboard(second)).not.toContain('data-testid="guide"');
    expect((await guide(owner)).mode).toBe('checklist');
    expect((await body(await second.request('PUT', '/api/guide', { dismissed: false }))).data.mode).toBe('checklist');
    await second.request('PUT', '/api/guide', { dismissed: true });
  });

  it('follows the real data step by step and congratulates once a terminal is paired', async () => {
    const refused = await owner.request('PATCH', `/api/companies/${company}`, { name: 'Panadería Sol', taxId: 'B12345675' });
    // A Spanish install checks the CIF's control character (issue 37.5).
    expect(refused.status).toBe(422);
    expect((await body(refused)).errors).toEqual({ taxId: 'This is not a valid Spanish CIF, NIF or NIE: check the control letter or digit at the end.' });
    expect((await owner.request('PATCH', `/api/companies/${company}`, { name: 'Panadería Sol', taxId: 'B12345674' })).status).toBe(200);
    expect(await guide(owner)).toMatchObject({ done: 1, next: 'department' });
    const department = (await body(await owner.post('/api/departments', { name: 'Obrador', company }))).data._id;
    expect(await guide(owner)).toMatchObject({ done: 2, next: 'employee' });
    const jobTitle = (await body(await owner.post('/api/job-titles', { name: 'Panadero', department, company }))).data._id;
    const leaveType = (await body(await owner.post('/api/leave-types', { name: 'Vacaciones', company, daysPerYear: 22 }))).data._id;
    expect((await guide(owner)).steps[2]).toMatchObject({ href: '/leavegroup?new=1', needs: ['leaveGroup'] });
    const leaveGroup = (await body(await owner.post('/api/leave-groups', { name: 'General', description: 'Todos', privilege: [leaveType], status: 'active', company }))).data._id;
    expect((await guide(owner)).steps[2]).toMatchObject({ href: '/employee-create', needs: [] });
    const employee = await owner.post('/api/employees', {
      firstName: 'Iván',
      lastName: 'Ruiz',
      gender: 'male',
      email: 'ivan.ruiz@pan.es',
      nationalId: '11111111H',
      company,
      department,
      jobTitle,
      leaveGroup,
      employmentType: 'regular',
      pin: '246810',
    });
    expect(employee.status).toBe(201);
    const employeeId = (await body(employee)).data._id;
    expect(await guide(owner)).toMatchObject({ done: 3, next: 'schedule' });
    expect((await owner.post('/api/schedules', { employee: employeeId, startTime: '06:00', offTime: '14:00', totalHours: 8, restDays: ['Sunday'], fromDate: '2026-01-01' })).status).toBe(201);
    expect(await guide(owner)).toMatchObject({ done: 4, next: 'terminal', mode: 'checklist' });
    // Opening the clock lets nobody punch on a new install (decision 042): the step stays open (issue 37.1).
    expect((await owner.get('/clock')).status).toBe(200);
    expect(await guide(owner)).toMatchObject({ done: 4, next: 'terminal', mode: 'checklist' });
    // Neither does a terminal created but not yet paired.
    expect((await owner.post('/api/terminals', { name: 'Mostrador', methods: ['pin'] })).status).toBe(201);
    expect((await guide(owner)).steps[4].done).toBe(false);
    await pairTerminal(server.url, owner, { name: 'Entrada', methods: ['pin'] });
    expect(await guide(owner)).toMatchObject({ done: 5, next: null, mode: 'congratulate' });
    expect(await dashboard(owner)).toContain('data-testid="guide-congrats"');
    const again = await dashboard(owner);
    expect(again).not.toContain('data-testid="guide-congrats"');
    expect(again).not.toContain('data-testid="guide"');
    expect((await guide(owner)).mode).toBe('hidden');
  });

  it('revoking the only paired terminal opens the step again; the personal clock closes it once an employee can sign in', async () => {
    for (const t of sqlIn<{ id: number }>(server.dataDir, 'select id from terminals where paired_at is not null and revoked_at is null')) {
      expect((await owner.request('POST', `/api/terminals/${t.id}/revoke`, {})).status).toBeLessThan(300);
    }
    expect((await guide(owner)).steps[4].done).toBe(false);
    const withPersonalClock = (on: boolean) => owner.request('PATCH', `/api/companies/${company}`, { name: 'Panadería Sol', taxId: 'B12345674', personalClock: on });
    expect((await withPersonalClock(true)).status).toBe(200);
    // The switch alone lets nobody punch: no employee can sign in yet (the first-week walk, issue 37.1).
    expect((await guide(owner)).steps[4].done).toBe(false);
    const account = await addAccount(server.dataDir, { email: 'ivan.ruiz@pan.es', password: 'Ivan#2026pan', accountType: 'Employee' });
    sqlIn(server.dataDir, "update users set employee_id = (select id from employees where email = 'ivan.ruiz@pan.es') where id = ?", account);
    expect((await guide(owner)).steps[4].done).toBe(true);
    expect((await withPersonalClock(false)).status).toBe(200);
    expect((await guide(owner)).steps[4].done).toBe(false);
  });

  it('a paired terminal completes the step for everyone, without a congratulation for who never saw the guide, and takes the first punch', async () => {
    const fresh = new Client(server.url);
    await addAccount(server.dataDir, { email: 'ana@pan.es', password: 'Ana#2026pan', accountType: 'Admin' });
    await fresh.signIn('ana@pan.es', 'Ana#2026pan');
    expect((await guide(fresh)).steps[4].done).toBe(false);
    // A new install takes punches only from paired terminals (decision 042).
    const terminal = await pairTerminal(server.url, owner, { name: 'Almacén', methods: ['pin'] });
    expect(await guide(fresh)).toMatchObject({ done: 5, mode: 'hidden' });
    expect(await dashboard(fresh)).not.toContain('data-testid="guide');
    const punch = await new Client(server.url).post('/api/clock', { action: 'check-in', pin: '246810' }, terminal.headers);
    expect(punch.status).toBe(200);
  });
});

describe('getting-started guide with demo data', () => {
  let demo: TestServer | undefined;
  afterAll(async () => {
    await demo?.stop();
  });

  it('never shows when the company was set up with demo data', async () => {
    demo = await startServer();
    const client = new Client(demo.url);
    expect((await client.post('/api/sign-up', { company: 'Demo', full_name: 'Dora Demo', email: 'dora@demo.es', password: 'Dora#2026', demo: true })).status).toBe(201);
    expect(await guide(client)).toMatchObject({ mode: 'hidden' });
    expect(await dashboard(client)).not.toContain('data-testid="guide');
    expect(await (await client.get('/employees')).text()).not.toContain('data-testid="guide-banner"');
  });
});

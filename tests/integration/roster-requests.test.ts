import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Open shifts and swaps over HTTP (issue 39 point 6, decision 086): the contract and the
 * permissions; the rules are in tests/unit/roster-requests.test.ts and
 * tests/service/roster-requests.test.ts. The shifts are planted as the grid would leave them
 * (published draft rows). A fixed fake clock.
 */

const TODAY = '2027-03-10';
let server: TestServer;
let clockDir: string;
let manager: Client;
let employee: Client;
let colleague: Client;
let stranger: Client;
let ownId: number;
let colleagueId: number;
let department: number;
let company: number;

const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const plant = (employeeId: number | null, date: string, start = '08:00', end = '16:00') =>
  sql<{ id: number }>(
    `insert into roster_shifts (company_id, department_id, employee_id, date, start_time, end_time, break_minutes, published, created_at, updated_at)
     values (?,?,?,?,?,?,30,1,?,?) returning id`,
    company,
    department,
    employeeId,
    date,
    start,
    end,
    `${TODAY}T08:00:00.000Z`,
    `${TODAY}T08:00:00.000Z`,
  )[0]!.id;

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-roster-requests-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '12:00', 'Europe/Madrid'));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  manager = new Client(server.url, 'en');
  expect((await manager.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
  employee = new Client(server.url, 'es');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  const me = sql<{ id: number; department_id: number; company_id: number }>("select e.id, e.department_id, e.company_id from employees e join users u on u.employee_id = e.id where u.email = 'employee@demo.jornada'")[0]!;
  [ownId, department, company] = [me.id, me.department_id, me.company_id];
  colleagueId = sql<{ id: number }>(
    "select id from employees where department_id = ? and id != ? and status = 'active' and id not in (select employee_id from users where employee_id is not null) order by id limit 1",
    department,
    ownId,
  )[0]!.id;
  const colleagueUser = await addAccount(server.dataDir, { email: 'colega@demo.jornada', password: 'Colega#2026', accountType: 'Employee' });
  sql('update users set employee_id = ? where id = ?', colleagueId, colleagueUser);
  colleague = new Client(server.url, 'en');
  expect((await colleague.signIn('colega@demo.jornada', 'Colega#2026')).status).toBe(200);
  // An administrator of another company.
  const other = await manager.post('/api/companies', { name: 'Otra Empresa SL' });
  const strangerUser = await addAccount(server.dataDir, { email: 'otra@demo.jornada', password: 'Otra#20266', accountType: 'Admin', permissions: { schedule: ['read', 'update'] } });
  sql('update users set company_id = ? where id = ?', (await other.json()).data._id, strangerUser);
  stranger = new Client(server.url, 'en');
  expect((await stranger.signIn('otra@demo.jornada', 'Otra#20266')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('open shifts', () => {
  let shift: number;
  let claim: number;

  it('a worker lists the open shifts of their department and claims one', async () => {
    shift = plant(null, addDays(TODAY, 3), '14:00', '22:00');
    const list = await employee.get('/api/personal/open-shifts');
    expect(list.status).toBe(200);
    expect((await list.json()).data).toEqual([expect.objectContaining({ _id: shift, date: addDays(TODAY, 3), startTime: '14:00', endTime: '22:00', breakMinutes: 30, myClaim: null })]);
    const res = await employee.post(`/api/personal/open-shifts/${shift}/claim`);
    expect(res.status, await res.clone().text()).toBe(201);
    const body = await res.json();
    expect(body.data.status).toBe('pending');
    expect(body.message).toMatch(/Petición enviada/);
    claim = body.data.claim;
    const again = await employee.post(`/api/personal/open-shifts/${shift}/claim`);
    expect(again.status).toBe(409);
    expect((await again.json()).message).toBe('Ya has pedido este turno.');
  });

  it('only administrators of the company decide: an employee 403, another company 404, the claimant’s own admin account 403', async () => {
    expect((await employee.get('/api/roster/claims')).status).toBe(403);
    expect((await employee.post(`/api/roster/claims/${claim}/approve`)).status).toBe(403);
    expect((await (await stranger.get('/api/roster/claims')).json()).data).toEqual([]);
    expect((await stranger.post(`/api/roster/claims/${claim}/approve`)).status).toBe(404);
    expect((await manager.get('/api/roster/claims?status=bogus')).status).toBe(422);
    const pending = (await (await manager.get('/api/roster/claims')).json()).data;
    expect(pending).toEqual([expect.objectContaining({ _id: claim, status: 'pending', shift: expect.objectContaining({ _id: shift }), employee: expect.objectContaining({ _id: ownId }) })]);
    expect(sql('select employee_id from roster_shifts where id = ?', shift)).toEqual([{ employee_id: null }]);
  });

  it('approval gives the shift and publishes the day', async () => {
    const res = await manager.post(`/api/roster/claims/${claim}/approve`);
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await res.json()).data).toEqual({ status: 'approved' });
    expect(sql('select kind, start_time from planned_days where employee_id = ? and date = ?', ownId, addDays(TODAY, 3))).toEqual([{ kind: 'shift', start_time: '14:00' }]);
    expect((await (await employee.get('/api/personal/open-shifts')).json()).data).toEqual([]);
  });

  it('an API token never claims nor proposes for the worker', async () => {
    const created = await manager.post('/api/api-tokens', { name: 'Script', expiresOn: addDays(TODAY, 300), permissions: { schedule: ['read'] } });
    const script = new Client(server.url, 'en');
    script.extraHeaders = { authorization: `Bearer ${(await created.json()).data.token as string}` };
    const open = plant(null, addDays(TODAY, 5));
    expect((await script.post(`/api/personal/open-shifts/${open}/claim`)).status).toBe(403);
    expect((await script.post('/api/personal/swaps', { shift: open, colleague: colleagueId })).status).toBe(403);
    expect(sql('select count(*) as n from open_shift_claims where shift_id = ?', open)).toEqual([{ n: 0 }]);
  });
});

describe('swaps', () => {
  let swap: number;
  let mine: number;

  it('refuses bad bodies with translated field errors', async () => {
    const empty = await employee.post('/api/personal/swaps', {});
    expect(empty.status).toBe(422);
    expect(Object.keys((await empty.json()).errors).sort()).toEqual(['colleague', 'shift']);
    mine = plant(ownId, addDays(TODAY, 6));
    const stranger = await employee.post('/api/personal/swaps', { shift: mine, colleague: 999999 });
    expect(stranger.status).toBe(422);
    expect((await stranger.json()).errors).toEqual({ colleague: 'Elige a un compañero o compañera en activo del mismo departamento.' });
    expect((await colleague.post('/api/personal/swaps', { shift: mine, colleague: ownId })).status).toBe(404);
  });

  it('the worker proposes, the colleague accepts, an administrator approves; nobody else acts', async () => {
    const res = await employee.post('/api/personal/swaps', { shift: mine, colleague: colleagueId, note: 'Médico' });
    expect(res.status, await res.clone().text()).toBe(201);
    const dto = (await res.json()).data;
    expect(dto).toMatchObject({ status: 'proposed', shift: { _id: mine }, otherShift: null, from: { _id: ownId }, to: { _id: colleagueId }, note: 'Médico' });
    swap = dto._id;
    // The proposer cannot answer for the colleague; the colleague cannot cancel the proposer's.
    expect((await employee.post(`/api/personal/swaps/${swap}/accept`)).status).toBe(404);
    expect((await colleague.post(`/api/personal/swaps/${swap}/cancel`)).status).toBe(404);
    const listed = (await (await colleague.get('/api/personal/swaps')).json()).data;
    expect(listed.swaps.map((w: { _id: number }) => w._id)).toContain(swap);
    expect((await colleague.post(`/api/personal/swaps/${swap}/accept`)).status).toBe(200);
    expect((await employee.post(`/api/roster/swaps/${swap}/approve`)).status).toBe(403);
    expect((await stranger.post(`/api/roster/swaps/${swap}/approve`)).status).toBe(404);
    expect((await (await manager.get('/api/roster/swaps')).json()).data.map((w: { _id: number }) => w._id)).toEqual([swap]);
    const approved = await manager.post(`/api/roster/swaps/${swap}/approve`);
    expect(approved.status, await approved.clone().text()).toBe(200);
    expect((await approved.json()).data).toEqual({ status: 'approved', changedDays: 2 });
    expect(sql('select employee_id from roster_shifts where id = ?', mine)).toEqual([{ employee_id: colleagueId }]);
    expect(sql('select employee_id, kind from planned_days where date = ? and employee_id in (?, ?) order by kind', addDays(TODAY, 6), ownId, colleagueId)).toEqual([
      { employee_id: ownId, kind: 'rest' },
      { employee_id: colleagueId, kind: 'shift' },
    ]);
    expect((await manager.post(`/api/roster/swaps/${swap}/reject`)).status).toBe(409);
  });

  it('the pages: the worker’s schedule shows both sections, the administrators’ page the lists', async () => {
    const page = await employee.get('/personal/schedule');
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Turnos libres');
    expect(html).toContain('Cambios de turno');
    const admin = await manager.get('/roster-requests');
    expect(admin.status).toBe(200);
    expect(await admin.text()).toContain('Claims of open shifts');
    expect((await employee.get('/roster-requests')).status).not.toBe(200);
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Time apart over HTTP (issue 38 point 1, decision 080): the contract and the permissions (the
 * rules are in tests/unit/time-apart.test.ts, the write guards in tests/service/time-apart.test.ts).
 * A worker records their own on-call period and interruption and sees them on their record; bad
 * bodies are translated 422s; an API token never reaches the personal endpoints; a worker cannot
 * use the administrator's, nor remove what the company entered; an administrator's entry reaches
 * payroll. A fixed fake clock: any hour, any weekday.
 */

const TODAY = '2027-03-10';
let server: TestServer;
let clockDir: string;
let zone = 'Europe/Madrid';
let employee: Client;
let manager: Client;
let ownId: number;
let otherId: number;

const local = (date: string, time: string) => localDateTimeToUtcIso(date, time, zone);
const monday = addDays(TODAY, -2);

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-time-apart-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '12:00', zone));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  manager = new Client(server.url, 'en');
  expect((await manager.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
  zone = (await (await manager.get('/api/settings')).json()).data.timezone;
  employee = new Client(server.url, 'es');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  const idOf = async (q: string) => (await (await manager.get(`/api/employees?q=${encodeURIComponent(q)}&pageSize=1`)).json()).data[0]._id as number;
  ownId = await idOf('Javier Moreno');
  otherId = await idOf('Elena Ramos');
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('the personal endpoints', () => {
  it('a worker records an on-call period and an interruption of their own; the record lists and counts them', async () => {
    const standby = await employee.post('/api/personal/standby', { kind: 'on_call', startAt: local(monday, '20:00'), endAt: local(monday, '23:30'), calledInSeconds: 2700, employee: otherId });
    expect(standby.status, await standby.clone().text()).toBe(201);
    expect((await standby.json()).data.date).toBe(monday);
    const call = await employee.post('/api/personal/interruptions', { at: local(addDays(monday, 1), '21:15'), channel: 'message', durationSeconds: 600, workDone: true, note: 'Pedido urgente' });
    expect(call.status).toBe(201);

    const record = (await (await employee.get('/api/personal/attendance?month=2027-03')).json()).data.record;
    expect(record.employee.id).toBe(ownId);
    expect(record.record.totals.timeApart).toEqual({ waitingSeconds: 0, onCallSeconds: 3.5 * 3600, calledInSeconds: 2700, interruptions: 1, interruptionWorkSeconds: 600 });
    const day = record.record.days.find((d: { date: string }) => d.date === monday);
    expect(day.timeApart.standby).toEqual([expect.objectContaining({ employeeId: ownId, kind: 'on_call', calledInSeconds: 2700, source: 'personal' })]);
    // The other employee named in the body got nothing: the row is the session's own.
    const other = (await (await manager.get(`/api/reports/monthly-record?month=2027-03&employee=${otherId}`)).json()).data;
    expect(JSON.stringify(other)).not.toContain('"onCallSeconds":12600');
  });

  it('bad input is a translated 422 naming the field, and writes nothing', async () => {
    const backwards = await employee.post('/api/personal/standby', { kind: 'waiting', startAt: local(monday, '10:00'), endAt: local(monday, '09:00') });
    expect(backwards.status).toBe(422);
    expect((await backwards.json()).errors).toEqual({ endAt: 'El final debe ser posterior al inicio.' });
    const overlap = await employee.post('/api/personal/standby', { kind: 'waiting', startAt: local(monday, '23:00'), endAt: local(addDays(monday, 1), '01:00') });
    expect(overlap.status).toBe(422);
    expect((await overlap.json()).errors).toEqual({ startAt: 'Ya hay otro periodo de espera o guardia en esas horas.' });
    const future = await employee.post('/api/personal/interruptions', { at: local(TODAY, '11:55'), channel: 'phone', durationSeconds: 600, workDone: false });
    expect(future.status).toBe(422);
    for (const body of [{}, { kind: 'guard', startAt: local(monday, '08:00'), endAt: local(monday, '09:00') }, { at: 'ayer', channel: 'phone', durationSeconds: 60, workDone: true }]) {
      expect((await employee.post('/api/personal/standby', body)).status).toBe(422);
    }
    expect((await employee.post('/api/personal/interruptions', { at: local(monday, '22:00'), channel: 'fax', durationSeconds: 60, workDone: true })).status).toBe(422);
    expect((await employee.post('/api/personal/interruptions', { at: local(monday, '22:00'), channel: 'phone', durationSeconds: 0, workDone: true })).status).toBe(422);
  });

  it('an API token never reaches them (403 tokens.sessionOnly)', async () => {
    const created = await manager.post('/api/api-tokens', { name: 'Script', expiresOn: addDays(TODAY, 300), permissions: { attendance: ['read', 'create'] } });
    const script = new Client(server.url, 'en');
    script.extraHeaders = { authorization: `Bearer ${(await created.json()).data.token as string}` };
    for (const [route, body] of [
      ['/api/personal/standby', { kind: 'waiting', startAt: local(monday, '06:00'), endAt: local(monday, '07:00') }],
      ['/api/personal/interruptions', { at: local(monday, '06:00'), channel: 'phone', durationSeconds: 60, workDone: false }],
    ] as const) {
      const res = await script.post(route, body);
      expect(res.status).toBe(403);
      expect((await res.json()).code).toBe('tokens.sessionOnly');
    }
  });
});

describe('the administrator’s entry', () => {
  it('a worker may not use it (403), nor remove what the company entered (404)', async () => {
    const body = { employee: ownId, at: local(monday, '22:30'), channel: 'phone', durationSeconds: 300, workDone: false };
    expect((await employee.post('/api/disconnection-interruptions', body)).status).toBe(403);
    const entered = await manager.post('/api/disconnection-interruptions', body);
    expect(entered.status, await entered.clone().text()).toBe(201);
    const id = (await entered.json()).data.id as number;
    expect((await employee.request('DELETE', `/api/personal/interruptions/${id}`)).status).toBe(404);
    expect((await employee.request('DELETE', `/api/disconnection-interruptions/${id}`)).status).toBe(403);
    expect((await manager.request('DELETE', `/api/disconnection-interruptions/${id}`)).status).toBe(200);
  });

  it('an administrator enters an employee’s waiting time: payroll shows it apart and counts the called-in part as worked', async () => {
    const before = (await (await manager.get(`/api/reports/payroll?month=2027-03&employee=${otherId}`)).json()).data.employees[0].values;
    const res = await manager.post('/api/standby-periods', { employee: otherId, kind: 'waiting', startAt: local(monday, '18:00'), endAt: local(monday, '20:00'), calledInSeconds: 1800 });
    expect(res.status, await res.clone().text()).toBe(201);
    const after = (await (await manager.get(`/api/reports/payroll?month=2027-03&employee=${otherId}`)).json()).data.employees[0].values;
    expect(after.waiting_hours).toBe(2 * 3600);
    expect(after.called_in_hours).toBe(1800);
    expect(after.worked_hours - before.worked_hours).toBe(1800);
    const unknown = await manager.post('/api/standby-periods', { employee: 999_999, kind: 'waiting', startAt: local(monday, '06:00'), endAt: local(monday, '07:00') });
    expect(unknown.status).toBe(422);
  });
});

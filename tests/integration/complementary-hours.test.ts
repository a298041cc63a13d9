import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { demoIds, type DemoIds } from '../helpers/api-bodies.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * Complementary hours and force majeure overtime over HTTP (issue 38 points 2 and 3, decision
 * 081): only the edge — who may call each endpoint, translated 422s naming the field, 201 bodies,
 * never a 500. The rules are in tests/unit and tests/service/complementary-hours.test.ts. A fixed
 * fake clock.
 */

let server: TestServer;
let clockDir: string;
let manager: Client;
let managerEs: Client;
let employee: Client;
let demo: DemoIds;
let marta: number;

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-complementary-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-04-05T10:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  manager = new Client(server.url, 'en');
  expect((await manager.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
  managerEs = new Client(server.url, 'es');
  expect((await managerEs.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
  employee = new Client(server.url, 'en');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  demo = await demoIds(manager);
  const created = await manager.post('/api/employees', {
    firstName: 'Marta',
    lastName: 'Parcial',
    gender: 'female',
    email: 'marta@complementary.example',
    nationalId: 'CH-77700001',
    company: demo.company,
    department: demo.department,
    jobTitle: demo.jobTitle,
    leaveGroup: demo.leaveGroup,
    employmentType: 'regular',
    pin: '77700001',
    workingDayType: 'part-time',
    partTimePercent: 50,
  });
  expect(created.status, await created.clone().text()).toBe(201);
  marta = (await created.json()).data._id;
  const schedule = await manager.post('/api/schedules', { employee: marta, startTime: '09:00', offTime: '13:00', totalHours: 4, restDays: ['Saturday', 'Sunday'], fromDate: '2027-04-01' });
  expect(schedule.status, await schedule.clone().text()).toBe(201);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

const pact = { signedOn: '2027-04-01', validFrom: '2027-04-05', sharePercent: 20 };

describe('POST /api/employees/{id}/complementary-pacts', () => {
  it('an Employee account may not record a pact (403)', async () => {
    expect((await employee.post(`/api/employees/${marta}/complementary-pacts`, pact)).status).toBe(403);
  });

  it('bad input is a translated 422 naming the field, in the request language', async () => {
    const over = await manager.post(`/api/employees/${marta}/complementary-pacts`, { ...pact, sharePercent: 31 });
    expect(over.status).toBe(422);
    expect((await over.json()).errors).toEqual({ sharePercent: "Without an extension by collective agreement, the pact may not exceed 30 % of the contract's ordinary hours." });
    const overEs = await managerEs.post(`/api/employees/${marta}/complementary-pacts`, { ...pact, sharePercent: 61, collectiveAgreement: true });
    expect((await overEs.json()).errors).toEqual({ sharePercent: 'El pacto no puede superar el 60 % de las horas ordinarias del contrato, ni siquiera por convenio colectivo.' });
    for (const body of [{}, { ...pact, validFrom: '2027-02-30' }, { ...pact, sharePercent: 'x' }, []]) {
      expect((await manager.post(`/api/employees/${marta}/complementary-pacts`, body)).status).toBe(422);
    }
    const fullTime = await manager.post(`/api/employees/${demo.ownEmployee}/complementary-pacts`, pact);
    expect(fullTime.status).toBe(422);
    expect((await fullTime.json()).errors).toEqual({ validFrom: 'Complementary hours are agreed only with part-time workers: on that date their contract is full time.' });
  });

  it('records a pact: 201 with the row; an unknown employee is 404', async () => {
    const res = await manager.post(`/api/employees/${marta}/complementary-pacts`, { ...pact, sharePercent: 45, collectiveAgreement: true });
    expect(res.status, await res.clone().text()).toBe(201);
    expect((await res.json()).data).toMatchObject({ employeeId: marta, sharePercent: 45, collectiveAgreement: 1, validTo: null });
    expect((await manager.post('/api/employees/999999/complementary-pacts', pact)).status).toBe(404);
  });
});

describe('POST /api/complementary-offers and the worker’s answer', () => {
  let offer: number;
  it('an administrator offers voluntary hours; an Employee account may not (403)', async () => {
    expect((await employee.post('/api/complementary-offers', { employee: marta, date: '2027-04-06', minutes: 60 })).status).toBe(403);
    const bad = await manager.post('/api/complementary-offers', { employee: marta, date: '2027-04-06', minutes: 0 });
    expect(bad.status).toBe(422);
    expect((await bad.json()).errors).toEqual({ minutes: 'Enter the minutes offered: a whole number between 1 and 720.' });
    const res = await manager.post('/api/complementary-offers', { employee: marta, date: '2027-04-06', minutes: 60 });
    expect(res.status, await res.clone().text()).toBe(201);
    offer = (await res.json()).data.id;
  });

  it('another worker’s offer is 404 to them; a bad answer is 422', async () => {
    expect((await employee.post(`/api/personal/complementary-offers/${offer}`, { answer: 'accept' })).status).toBe(404);
    expect((await employee.post(`/api/personal/complementary-offers/${offer}`, { answer: 'maybe' })).status).toBe(422);
  });
});

describe('force majeure overtime on PATCH /api/attendances/{id}', () => {
  it('takes the reason, answers it back, and refuses a reason longer than 500 characters', async () => {
    const detail = (await (await manager.get(`/api/attendances/${demo.otherAttendance}`)).json()).data;
    const long = await manager.request('PATCH', `/api/attendances/${demo.otherAttendance}`, { timeIn: '08:00', timeOut: '16:00', reason: 'Avería', overtimeForceMajeure: 'x'.repeat(501) });
    expect(long.status).toBe(422);
    expect((await long.json()).errors).toEqual({ overtimeForceMajeure: 'The force majeure reason cannot be longer than 500 characters.' });
    expect(detail).toHaveProperty('overtimeForceMajeure');
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The personal clock over HTTP (issue 36 point 3, decision 067): only what needs the edge (the
 * rules are in tests/service/personal-clock.test.ts). The contract's 422, a punch answered with
 * the new state, an API token refused by the middleware, and an Employee session kept off the
 * unpaired kiosk: `/clock` sends it to `/personal/clock` and `POST /api/clock` refuses its PIN.
 */

const TODAY = '2027-03-01';
let server: TestServer;
let clockDir: string;
let clockFile: string;
let zone = 'Europe/Madrid';
let employee: Client;
let manager: Client;

const setNow = (date: string, time: string) => writeFileSync(clockFile, localDateTimeToUtcIso(date, time, zone));

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-personal-clock-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:00', zone));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  manager = new Client(server.url, 'en');
  expect((await manager.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
  const settings = (await (await manager.get('/api/settings')).json()).data;
  zone = settings.timezone;
  // Work at any hour is recorded (flagged), so the punch below does not depend on the demo's schedules.
  expect((await manager.request('PUT', '/api/settings', { ...settings, acceptUnscheduledWork: true })).status).toBe(200);
  employee = new Client(server.url, 'en');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('POST /api/personal/clock', () => {
  it('a bad body is a 422 naming the field, in the request’s language', async () => {
    const res = await employee.post('/api/personal/clock', { action: 'check-in', workMode: 'home' });
    expect(res.status).toBe(422);
    expect((await res.json()).errors).toEqual({ workMode: 'Choose whether you work on site or remotely.' });
  });

  it('a check-in far from the demo’s days is recorded and answered with the new state', async () => {
    // A Wednesday six weeks on, at nine: inside the demo worker's shift window, with no day recorded yet.
    setNow(addDays(TODAY, 44), '09:00');
    const res = await employee.post('/api/personal/clock', { action: 'check-in', workMode: 'remote', employeeId: 1 });
    const body = await res.json();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ message: 'Recorded successfully!', state: { status: 'working', openWorkMode: 'remote', actions: ['break-in', 'check-out'] } });
    expect(body.state.punches).toEqual([expect.objectContaining({ action: 'check-in', method: 'personal', workMode: 'remote' })]);
    // The same again within seconds is the double tap: answered, not recorded twice.
    const again = await employee.post('/api/personal/clock', { action: 'check-in', workMode: 'remote' });
    expect(again.status).toBe(200);
    expect((await again.json()).state.punches).toHaveLength(1);
  });

  it('an API token never reaches it, even its creator’s own employee (403 tokens.sessionOnly)', async () => {
    const created = await manager.post('/api/api-tokens', { name: 'Script', expiresOn: addDays(TODAY, 300), permissions: { attendance: ['read'] } });
    expect(created.status).toBe(201);
    const token = (await created.json()).data.token as string;
    const script = new Client(server.url, 'en');
    script.extraHeaders = { authorization: `Bearer ${token}` };
    const res = await script.post('/api/personal/clock', { action: 'check-in', workMode: 'on-site' });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('tokens.sessionOnly');
  });
});

describe('an Employee session and the unpaired kiosk (unpairedClock is on in the demo)', () => {
  it('/clock sends it to /personal/clock; an administrator still gets the kiosk', async () => {
    const res = await employee.get('/clock');
    expect(res.status).toBe(302);
    expect(res.headers.get('location')).toBe('/personal/clock');
    expect((await manager.get('/clock')).status).toBe(200);
  });

  it('POST /api/clock with any PIN from its session is refused (403), nothing looked up', async () => {
    const res = await employee.post('/api/clock', { action: 'check-in', pin: '123456' });
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ code: 'personalClock.useYourPersonalClock', message: 'You are signed in as a worker: clock from your personal clock, not at the terminal.' });
  });

  it('the personal dashboard’s "Go to the clock" leads to /personal/clock, which shows the worker’s state', async () => {
    const dashboard = await (await employee.get('/personal/dashboard')).text();
    expect(dashboard).toContain('href="/personal/clock"');
    expect(dashboard).not.toContain('href="/clock"');
    const page = await employee.get('/personal/clock');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('data-testid="punch-check-out"');
  });
});

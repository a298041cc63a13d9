import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ICAL from 'ical.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The worker's view of the roster over HTTP (issue 39 point 7, decision 087): the contract and
 * permissions (the rules are in tests/unit/calendar-feed-ics.test.ts, roster-week-sheet.test.ts
 * and tests/service/roster-worker-view.test.ts). The feed is fetched without a session and parsed
 * with ical.js: a night shift across the spring-forward night keeps its TZID and lasts 7 h; a
 * revoked secret is a 404 and the log never holds a secret. The week PDF answers for the
 * manager and the worker; another company's department is a 404, an Employee on the admin URL a 403.
 * A fixed fake clock: 2027-03-10 in the demo company's zone (the EU change is on 2027-03-28).
 */

const TODAY = '2027-03-10';
let server: TestServer;
/** The demo company's zone (an EU zone: its clocks go forward on 2027-03-28). */
let zone = 'Europe/Madrid';
let clockDir: string;
let employee: Client;
let manager: Client;
let ownId: number;
let departmentId: number;
let otherDepartment: number;

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-roster-worker-'));
  const clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '12:00', zone));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  manager = new Client(server.url, 'en');
  expect((await manager.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
  zone = (await (await manager.get('/api/settings')).json()).data.timezone;
  employee = new Client(server.url, 'es');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  const own = sqlIn<{ id: number; department_id: number }>(server.dataDir, "select e.id, e.department_id from employees e join users u on u.employee_id = e.id where u.email = 'employee@demo.jornada'")[0]!;
  ownId = own.id;
  departmentId = own.department_id;
  // The published plan as the publish service leaves it (test setup: that service is another branch's).
  const at = '2027-03-01T09:00:00.000Z';
  for (const [date, kind, start, end, rest] of [
    ['2027-03-27', 'shift', '22:00', '06:00', 30],
    ['2027-03-29', 'rest', null, null, 0],
    ['2027-03-30', 'shift', '09:00', '17:00', 0],
  ] as const) {
    sqlIn(server.dataDir, 'insert into planned_days (employee_id, date, kind, start_time, end_time, break_minutes, published_at, published_by) values (?,?,?,?,?,?,?,null)', ownId, date, kind, start, end, rest, at);
  }
  const company = sqlIn<{ id: number }>(server.dataDir, "insert into companies (name, created_at, updated_at) values ('Otra empresa', ?, ?) returning id", at, at)[0]!.id;
  otherDepartment = sqlIn<{ id: number }>(server.dataDir, "insert into departments (name, company_id, created_at, updated_at) values ('Caja', ?, ?, ?) returning id", company, at, at)[0]!.id;
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

const feedPath = (url: string) => new URL(url).pathname;

describe('the calendar feed', () => {
  let url: string;

  it('a worker creates a feed: 201 with the URL once, then only whether it is active', async () => {
    expect((await (await employee.get('/api/personal/calendar-feed')).json()).active).toBe(false);
    const created = await employee.post('/api/personal/calendar-feed');
    expect(created.status, await created.clone().text()).toBe(201);
    url = (await created.json()).url;
    expect(feedPath(url)).toMatch(/^\/calendar\/[A-Za-z0-9_-]{43}\.ics$/);
    const state = await (await employee.get('/api/personal/calendar-feed')).json();
    expect(state.active).toBe(true);
    expect(JSON.stringify(state)).not.toContain(feedPath(url).slice(10, 53));
  });

  it('serves the published shifts without a session, in the company zone, across the DST night', async () => {
    const res = await fetch(`${server.url}${feedPath(url)}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('text/calendar; charset=utf-8');
    expect(res.headers.get('cache-control')).toContain('no-store');
    const comp = new ICAL.Component(ICAL.parse(await res.text()));
    for (const tz of comp.getAllSubcomponents('vtimezone')) ICAL.TimezoneService.register(tz);
    const events = comp.getAllSubcomponents('vevent');
    expect(events).toHaveLength(2);
    const night = events.find((e) => e.getFirstPropertyValue('dtstart')!.toString().startsWith('2027-03-27'))!;
    expect(night.getFirstProperty('dtstart')!.getParameter('tzid')).toBe(zone);
    expect(night.getFirstProperty('dtend')!.getParameter('tzid')).toBe(zone);
    const event = new ICAL.Event(night);
    expect(event.summary).toBe('Turno');
    expect(event.description).toContain('30 min');
    expect(event.startDate.toJSDate().toISOString()).toBe(localDateTimeToUtcIso('2027-03-27', '22:00', zone));
    expect(event.endDate.toJSDate().toISOString()).toBe(localDateTimeToUtcIso('2027-03-28', '06:00', zone));
    // The clocks go forward that night: 22:00 to 06:00 is 7 hours, not 8.
    expect(event.endDate.toJSDate().getTime() - event.startDate.toJSDate().getTime()).toBe(7 * 3_600_000);
  });

  it('a revoked secret is a 404 like an unknown one, and the log never holds a secret', async () => {
    const revoked = await employee.request('DELETE', '/api/personal/calendar-feed');
    expect(revoked.status).toBe(200);
    const gone = await fetch(`${server.url}${feedPath(url)}`);
    const unknown = await fetch(`${server.url}/calendar/${'A'.repeat(43)}.ics`);
    expect(gone.status).toBe(404);
    expect(unknown.status).toBe(404);
    expect(await gone.text()).toBe(await unknown.text());
    expect((await employee.request('DELETE', '/api/personal/calendar-feed')).status).toBe(404);
    // The request lines are written asynchronously: wait for the feed's, then look for the secret.
    await waitFor('the feed requests in the log', () => server.logs().split('/calendar/[secret].ics').length > 3);
    expect(server.logs()).not.toContain(feedPath(url).slice(10, 53));
  });

  it('needs a session for its management', async () => {
    expect((await new Client(server.url).get('/api/personal/calendar-feed')).status).toBe(401);
    expect((await new Client(server.url).post('/api/personal/calendar-feed')).status).toBe(401);
  });
});

describe('the week PDF', () => {
  it('answers a PDF to the manager and to the worker', async () => {
    const admin = await manager.get(`/api/roster/week.pdf?department=${departmentId}&week=2027-03-29`);
    expect(admin.status).toBe(200);
    expect(admin.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await admin.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');
    const own = await employee.get('/api/personal/roster-week.pdf?week=2027-03-29');
    expect(own.status).toBe(200);
    expect(own.headers.get('content-type')).toBe('application/pdf');
    await own.arrayBuffer();
  });

  it('refuses another company department (404), an Employee on the admin URL (403) and bad input (400)', async () => {
    expect((await manager.get(`/api/roster/week.pdf?department=${otherDepartment}`)).status).toBe(404);
    expect((await employee.get(`/api/roster/week.pdf?department=${departmentId}`)).status).toBe(403);
    const tuesday = await manager.get(`/api/roster/week.pdf?department=${departmentId}&week=2027-03-30`);
    expect(tuesday.status).toBe(400);
    expect((await tuesday.json()).message).toBe("Give the week as its Monday's date (YYYY-MM-DD).");
    expect((await manager.get('/api/roster/week.pdf')).status).toBe(400);
    expect((await employee.get('/api/personal/roster-week.pdf?week=nope')).status).toBe(400);
  });
});

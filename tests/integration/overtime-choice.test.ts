import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The worker's overtime choice over HTTP (issue 36 point 7, decision 070): only what needs the
 * edge (the rules are in tests/service/overtime-choice.test.ts). Bad bodies are 422, an API token
 * is refused by the middleware, the company's switch off is a 403, and on, a check-out after a long
 * day asks and the answer is the day's mark. A fixed fake clock: any hour, any weekday.
 */

const TODAY = '2027-03-01';
let server: TestServer;
let clockDir: string;
let clockFile: string;
let zone = 'Europe/Madrid';
let employee: Client;
let manager: Client;

const setNow = (date: string, time: string) => writeFileSync(clockFile, localDateTimeToUtcIso(date, time, zone));

/** The demo employee's company, with the overtime choice switched as asked (the form's whole body). */
async function switchChoice(on: boolean) {
  const companies = (await (await manager.get('/api/companies')).json()).data as { _id: number; name: string; taxId: string | null; contributionAccountCode: string | null; personalClock: boolean }[];
  for (const c of companies) {
    const res = await manager.request('PATCH', `/api/companies/${c._id}`, { name: c.name, taxId: c.taxId, contributionAccountCode: c.contributionAccountCode, personalClock: c.personalClock, workerOvertimeChoice: on });
    expect(res.status, await res.clone().text()).toBe(200);
  }
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-overtime-choice-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, localDateTimeToUtcIso(TODAY, '09:00', zone));
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  manager = new Client(server.url, 'en');
  expect((await manager.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
  const settings = (await (await manager.get('/api/settings')).json()).data;
  zone = settings.timezone;
  expect((await manager.request('PUT', '/api/settings', { ...settings, acceptUnscheduledWork: true })).status).toBe(200);
  employee = new Client(server.url, 'en');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('POST /api/personal/overtime-choice', () => {
  it('bad bodies are 422 naming the field, never 500', async () => {
    const wrong = await employee.post('/api/personal/overtime-choice', { date: TODAY, compensation: 'money' });
    expect(wrong.status).toBe(422);
    expect((await wrong.json()).errors).toEqual({ compensation: 'Choose paid or rest.' });
    for (const body of [{}, { date: '2027-02-30', compensation: 'paid' }, { date: 5, compensation: 'rest' }, []]) {
      expect((await employee.post('/api/personal/overtime-choice', body)).status).toBe(422);
    }
  });

  it('an API token never reaches it (403 tokens.sessionOnly)', async () => {
    const created = await manager.post('/api/api-tokens', { name: 'Script', expiresOn: addDays(TODAY, 300), permissions: { attendance: ['read'] } });
    const script = new Client(server.url, 'en');
    script.extraHeaders = { authorization: `Bearer ${(await created.json()).data.token as string}` };
    const res = await script.post('/api/personal/overtime-choice', { date: TODAY, compensation: 'rest' });
    expect(res.status).toBe(403);
    expect((await res.json()).code).toBe('tokens.sessionOnly');
  });

  it('off: refused (403); on: a long day’s check-out asks, the answer is the mark, and the record says the worker chose', async () => {
    await switchChoice(false);
    const off = await employee.post('/api/personal/overtime-choice', { date: TODAY, compensation: 'rest' });
    expect(off.status).toBe(403);
    expect((await off.json()).code).toBe('overtimeChoice.notAllowed');

    await switchChoice(true);
    // A day six weeks on, 08:00 to 20:00: longer than any day the demo schedules expect.
    const date = addDays(TODAY, 44);
    setNow(date, '08:00');
    expect((await employee.post('/api/personal/clock', { action: 'check-in', workMode: 'on-site' })).status).toBe(200);
    setNow(date, '20:00');
    const out = await employee.post('/api/personal/clock', { action: 'check-out', workMode: 'on-site' });
    const body = await out.json();
    expect(out.status, JSON.stringify(body)).toBe(200);
    expect(body.overtimeQuestion).toMatchObject({ date });
    expect(body.overtimeQuestion.overtimeSeconds).toBeGreaterThan(0);

    setNow(date, '20:01');
    const chosen = await employee.post('/api/personal/overtime-choice', { date, compensation: 'rest' });
    expect(chosen.status).toBe(200);
    expect(await chosen.json()).toEqual({ date, compensation: 'rest', overtimeSeconds: body.overtimeQuestion.overtimeSeconds, markedBy: 'worker' });

    const page = await (await employee.get(`/personal/attendance?month=${date.slice(0, 7)}`)).text();
    expect(page).toContain('data-overtime-chosen-by="worker"');

    // The administrator's correction page says who set the mark; changing it makes it theirs.
    const [day] = sqlIn<{ id: number }>(server.dataDir, "select a.id from attendances a join users u on u.employee_id = a.employee_id where u.email = 'employee@demo.jornada' and a.date = ?", date);
    const edit = await (await manager.get(`/attendance-edit/${day!.id}`)).text();
    expect(edit).toContain('data-marked-by="worker"');
    expect(edit).toContain('Chosen by the worker');
    const detail = (await (await manager.get(`/api/attendances/${day!.id}`)).json()).data;
    expect(detail).toMatchObject({ overtimeCompensation: 'rest', overtimeMarkedBy: 'worker' });
  });
});

import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { pdfPages } from '../helpers/pdf-text.ts';
import { pairTerminal, type PairedTestTerminal } from '../helpers/terminal.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * What admins read about clock terminals (decision 042), over HTTP on the demo data set with a
 * faked clock: punches today and last seen in the list, the silent rule on the dashboard with its
 * setting, the heartbeat, and the terminal of each punch on the monthly record (page, .xlsx, PDF).
 * Demo employee i has PIN 100000 + i; Lucía is roster number 3.
 */
const ZONE = 'Europe/Lisbon';
let server: TestServer;
let dir: string;
let clockFile: string;
let admin: Client;
let entrance: PairedTestTerminal;
let back: PairedTestTerminal;

const setNow = (date: string, time: string) => writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));

interface Row {
  _id: number;
  name: string;
  status: string;
  punchesToday: number;
  lastSeenAt: string | null;
  codeWaitingUntil: string | null;
}

async function list(): Promise<Row[]> {
  const res = await admin.get('/api/terminals');
  expect(res.status).toBe(200);
  return ((await res.json()) as { data: Row[] }).data;
}
const rowOf = async (id: number) => (await list()).find((r) => r._id === id)!;

async function punch(terminal: PairedTestTerminal, action: string, pin = '100003'): Promise<Response> {
  return fetch(`${server.url}/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json', ...terminal.headers }, body: JSON.stringify({ action, pin }) });
}

async function putSettings(change: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}

const dashboard = async () => (await admin.get('/dashboard')).text();

const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

beforeAll(async () => {
  dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-terminal-overview-'));
  clockFile = path.join(dir, 'now');
  setNow('2027-03-01', '08:00');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
}, 60_000);

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('terminals list, silence and the record (decision 042)', () => {
  it('a new terminal waits for pairing with its code; paired, it is online and seen at pairing', async () => {
    const created = await admin.post('/api/terminals', { name: 'Waiting', location: '', methods: ['pin'] });
    expect(created.status).toBe(201);
    const waiting = ((await created.json()) as { data: { _id: number } }).data._id;
    expect(await rowOf(waiting)).toMatchObject({ status: 'unpaired', lastSeenAt: null, punchesToday: 0, codeWaitingUntil: localDateTimeToUtcIso('2027-03-01', '08:15', ZONE) });
    // The code expires unused: nothing waits any more, the terminal is still not watched.
    setNow('2027-03-01', '08:16');
    expect(await rowOf(waiting)).toMatchObject({ status: 'unpaired', codeWaitingUntil: null });

    setNow('2027-03-01', '08:30');
    entrance = await pairTerminal(server.url, admin, { name: 'Entrance', methods: ['pin', 'badge'] });
    back = await pairTerminal(server.url, admin, { name: 'Back door', methods: ['pin'] });
    expect(await rowOf(entrance.id)).toMatchObject({ status: 'online', punchesToday: 0, lastSeenAt: localDateTimeToUtcIso('2027-03-01', '08:30', ZONE), codeWaitingUntil: null });
  });

  it('counts each terminal’s punches of the company’s day, and a punch is a sign of life', async () => {
    setNow('2027-03-01', '09:00');
    expect((await punch(entrance, 'check-in')).status).toBe(200);
    setNow('2027-03-01', '11:00');
    expect((await punch(back, 'break-in')).status).toBe(200);
    setNow('2027-03-01', '11:20');
    expect((await punch(back, 'break-out')).status).toBe(200);
    const rows = await list();
    expect(rows.find((r) => r._id === entrance.id)).toMatchObject({ punchesToday: 1, lastSeenAt: localDateTimeToUtcIso('2027-03-01', '09:00', ZONE), status: 'silent' });
    expect(rows.find((r) => r._id === back.id)).toMatchObject({ punchesToday: 2, lastSeenAt: localDateTimeToUtcIso('2027-03-01', '11:20', ZONE), status: 'online' });
    // A refused punch (the terminal does not take badges) counts nothing.
    const badge = await fetch(`${server.url}/api/clock`, { method: 'POST', headers: { 'content-type': 'application/json', ...back.headers }, body: JSON.stringify({ action: 'check-out', card: '0004567890' }) });
    expect(badge.status).toBe(403);
    expect((await rowOf(back.id)).punchesToday).toBe(2);
    // The next company day starts from zero.
    setNow('2027-03-02', '00:05');
    expect((await rowOf(back.id)).punchesToday).toBe(0);
    setNow('2027-03-01', '11:20');
  });

  it('the dashboard warns about a terminal silent for longer than the setting, longest first', async () => {
    // Entrance was last heard from at 09:00: at 10:00 exactly it is not silent yet, a minute later it is.
    setNow('2027-03-01', '10:00');
    expect(await dashboard()).not.toContain('data-testid="silent-terminals"');
    setNow('2027-03-01', '10:01');
    let html = await dashboard();
    expect(html).toContain('data-testid="silent-terminals"');
    expect(html).toContain('Silent terminals');
    expect(html).toContain(`data-id="${entrance.id}"`);
    expect(html).not.toContain(`data-id="${back.id}"`);
    expect(html).toContain('href="/terminals"');

    // Both silent: the longer silence first; in Spanish.
    setNow('2027-03-01', '13:00');
    html = await (await new Client(server.url, 'es').get('/dashboard', { cookie: `token=${admin.cookie}` })).text();
    expect(html).toContain('Terminales sin señal');
    expect(html.indexOf(`data-id="${entrance.id}"`)).toBeLessThan(html.indexOf(`data-id="${back.id}"`));
    expect(html).toMatch(/sin señal desde hace 4 h 00 min/u);

    // A longer limit in Settings: nobody is silent.
    await putSettings({ terminalSilentMinutes: 300 });
    expect(await dashboard()).not.toContain('data-testid="silent-terminals"');
    await putSettings({ terminalSilentMinutes: 60 });
  });

  it('the heartbeat brings a terminal back; a revoked one is never reported, and its heartbeat is refused', async () => {
    setNow('2027-03-01', '13:00');
    const beat = await fetch(`${server.url}/api/terminal`, { headers: entrance.headers });
    expect(beat.status).toBe(200);
    expect((await rowOf(entrance.id)).status).toBe('online');
    const html = await dashboard();
    expect(html).not.toContain(`data-id="${entrance.id}"`);
    expect(html).toContain(`data-id="${back.id}"`);

    expect((await admin.post(`/api/terminals/${back.id}/revoke`)).status).toBe(200);
    expect(await dashboard()).not.toContain('data-testid="silent-terminals"');
    expect((await rowOf(back.id)).status).toBe('revoked');
    const refused = await fetch(`${server.url}/api/terminal`, { headers: back.headers });
    expect(refused.status).toBe(401);
  });

  it('refuses a silent limit out of range in words, changing nothing', async () => {
    const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
    for (const bad of [4, 10_081, 1.5, '60']) {
      const res = await admin.request('PUT', '/api/settings', { ...current.data, terminalSilentMinutes: bad });
      expect(res.status).toBe(422);
      expect(((await res.json()) as { errors: Record<string, string> }).errors['terminalSilentMinutes']).toBeTruthy();
    }
    expect(((await (await admin.get('/api/settings')).json()) as { data: { terminalSilentMinutes: number } }).data.terminalSilentMinutes).toBe(60);
  });

  it('the monthly record names the terminals of each day (page, Excel, PDF)', async () => {
    const lucia = sql<{ id: number }>("select id from employees where first_name = 'Lucía'")[0]!.id;
    const query = `month=2027-03&employee=${lucia}`;
    const page = await (await admin.get(`/reports/employee-attendance?view=record&${query}`)).text();
    expect(page).toContain('Punched at Entrance, Back door');

    const xlsx = await admin.get(`/api/reports/monthly-record/export?${query}&lang=es`);
    expect(xlsx.status).toBe(200);
    const book = new ExcelJS.Workbook();
    await book.xlsx.load(Buffer.from(await xlsx.arrayBuffer()) as unknown as ExcelJS.Buffer);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.value)))));
    expect(cells.some((c) => c.includes('Fichado en Entrance, Back door'))).toBe(true);

    const pdf = await admin.get(`/api/reports/monthly-record/pdf?${query}&lang=en`);
    expect(pdf.status).toBe(200);
    const text = (await pdfPages(new Uint8Array(await pdf.arrayBuffer()))).join('\n').replace(/\s+/g, ' ');
    expect(text).toContain('Punched at Entrance, Back door');
  });

  it('keeps the list to those who may read settings', async () => {
    const employee = new Client(server.url);
    expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await employee.get('/api/terminals')).status).toBe(403);
    expect((await employee.get('/terminals')).status).not.toBe(200);
    expect((await new Client(server.url).get('/api/terminals')).status).toBe(401);
  });
});

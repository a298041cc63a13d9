import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 17, point 1 (decision 027): one punch, then the company zone changes from Lisbon (UTC+0
 * in March) to Madrid (UTC+1); every screen and export shows the punch at the same time, the
 * time of the zone in force when it was made (08:12, never 09:12), and the check-out's early
 * departure is measured on that same wall clock. Demo data; employee 2 (Javier, PIN 100002,
 * the employee@demo.jornada account) works 08:00–16:00, rest days Sunday and Monday. The server
 * clock is faked to 2027, after every demo attendance.
 */

let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let employee: Client;
let javier: number;
let attendanceId: number;

const TUE = '2027-03-02';
const setNow = (iso: string) => writeFileSync(clockFile, iso);
const clock = async (action: string) => {
  const res = await new Client(server.url, 'en').post('/api/clock', { action, pin: '100002' });
  return { status: res.status, body: (await res.json()) as { message: string; time?: string } };
};

const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);

async function html(client: Client, url: string): Promise<string> {
  const res = await client.get(url);
  expect(res.status, url).toBe(200);
  return res.text();
}

async function workbook(res: Response): Promise<ExcelJS.Workbook> {
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  return wb;
}

/** Every hh:mm an .xlsx holds as a time of day (the wall clock is stored as a UTC date). */
function sheetTimes(wb: ExcelJS.Workbook): string[] {
  const out: string[] = [];
  wb.eachSheet((sheet) =>
    sheet.eachRow((row) =>
      row.eachCell((cell) => {
        if (cell.value instanceof Date) out.push(cell.value.toISOString().slice(11, 16));
        else if (typeof cell.value === 'string') out.push(...(cell.value.match(/\b\d{2}:\d{2}\b/g) ?? []));
      }),
    ),
  );
  return out;
}

async function putSettings(change: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Checks every screen and export shows `expected` for the punch and never `wrong`. */
async function everyScreenShows(expected: string, wrong: string): Promise<void> {
  const pages: [Client, string][] = [
    [admin, '/dashboard'],
    [admin, `/employee-details/${javier}`],
    [admin, `/attendance-edit/${attendanceId}`],
    [admin, `/reports/employee-attendance?view=record&month=2027-03&employee=${javier}`],
    [employee, '/personal/dashboard'],
    [employee, '/personal/attendance?month=2027-03'],
  ];
  for (const [client, url] of pages) {
    const page = await html(client, url);
    expect(page, url).toContain(expected);
    expect(page, url).not.toContain(wrong);
  }
  // The attendance list (its island formats each row in the row's zone: the e2e test looks at it).
  const list = (await (await admin.get(`/api/attendances?from=${TUE}&to=${TUE}&employee=${javier}`)).json()) as { data: { timezone: string }[] };
  expect(list.data.map((r) => r.timezone)).toEqual(['Europe/Lisbon']);
  const exports = [
    await workbook(await admin.get(`/api/attendances/export?from=${TUE}&to=${TUE}&employee=${javier}&lang=en`)),
    await workbook(await admin.get(`/api/reports/monthly-record/export?month=2027-03&employee=${javier}&lang=en`)),
    await workbook(await employee.get('/api/personal/attendance/export?month=2027-03&lang=en')),
  ];
  for (const wb of exports) {
    expect(sheetTimes(wb)).toContain(expected);
    expect(sheetTimes(wb)).not.toContain(wrong);
  }
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-one-time-'));
  clockFile = path.join(clockDir, 'now');
  setNow(`${TUE}T07:00:00Z`);
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url, 'en');
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  employee = new Client(server.url, 'en');
  expect((await employee.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  javier = query<{ employee_id: number }>("select employee_id from users where email = 'employee@demo.jornada'")[0]!.employee_id;
  expect((await (await admin.get('/api/settings')).json()).data.timezone).toBe('Europe/Lisbon');
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('one time on every screen after a zone change', () => {
  it('records a check-in with the zone in force', async () => {
    setNow(`${TUE}T08:12:00Z`); // 08:12 in Lisbon
    expect((await clock('check-in')).status).toBe(200);
    const [row] = query<{ id: number; timezone: string; status_in: string }>('select id, timezone, status_in from attendances where employee_id = ? and date = ?', javier, TUE);
    expect(row).toMatchObject({ timezone: 'Europe/Lisbon', status_in: 'late' });
    attendanceId = row!.id;
  });

  it('keeps the check-in at 08:12 on every screen and export once the company zone is Madrid', async () => {
    await putSettings({ timezone: 'Europe/Madrid', country: 'ES' });
    setNow(`${TUE}T10:00:00Z`);
    await everyScreenShows('08:12', '09:12');
    // The clock's "already checked in at" message reads the record's own time.
    const again = await clock('check-in');
    expect(again.status).toBe(409);
    expect(again.body.message).toContain('08:12');
  });

  it("measures the early departure on the record's wall clock and shows the check-out the same everywhere", async () => {
    setNow(`${TUE}T15:30:00Z`); // 15:30 in Lisbon, 16:30 in Madrid
    expect((await clock('check-out')).status).toBe(200);
    const [row] = query<{ early_departure_seconds: number; timezone: string }>('select early_departure_seconds, timezone from attendances where id = ?', attendanceId);
    // The shift ends at 16:00 in the record's zone (16:00Z): 30 minutes early.
    expect(row).toEqual({ early_departure_seconds: 1800, timezone: 'Europe/Lisbon' });
    await everyScreenShows('15:30', '16:30');
  });

  it('a punch after the change is recorded and shown in the new zone', async () => {
    const WED = '2027-03-03';
    setNow(`${WED}T07:02:00Z`); // 08:02 in Madrid
    expect((await clock('check-in')).status).toBe(200);
    expect(query<{ timezone: string }>('select timezone from attendances where employee_id = ? and date = ?', javier, WED)).toEqual([{ timezone: 'Europe/Madrid' }]);
    expect(await html(employee, '/personal/dashboard')).toContain('08:02');
  });
});

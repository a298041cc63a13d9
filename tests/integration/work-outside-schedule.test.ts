import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 18.2 and 18.3 (decision 032) over HTTP on the demo data set: which shift a clock
 * check-in belongs to (POST /api/clock), and work on a rest day or without a schedule through the
 * clock and the manual entry, refused with the spec's messages while `acceptUnscheduledWork` is
 * off, recorded flagged while it is on, and shown as such in the list, the exports and the
 * monthly record (all of it overtime). Time is the fake clock (JORNADA_FAKE_NOW_FILE), on days of
 * 2027 after every demo attendance; tests run in order and move it forward.
 */
const ZONE = 'Europe/Lisbon';
const H = 3600;
let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let adminEs: Client;
let employeeUser: Client;

function setNow(date: string, time: string): string {
  const iso = localDateTimeToUtcIso(date, time, ZONE);
  writeFileSync(clockFile, iso);
  return iso;
}

const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

/** Demo employees by roster number (PIN 100000 + number); names are unique in the demo set. */
const ROSTER = { carmen: 1, antonio: 4, laura: 7 };
const idOf = (firstName: string) => sql<{ id: number }>('select id from employees where first_name = ?', firstName)[0]!.id;

/** Replaces an employee's schedules by one (or none): the old ones end before the test month. */
function setSchedule(employeeId: number, schedule: { start: string; off: string; restDays: string[] } | null) {
  sql("update schedules set to_date = '2027-01-31', status = 'previous' where employee_id = ?", employeeId);
  if (!schedule) return;
  const at = '2027-01-01T00:00:00.000Z';
  sql(
    "insert into schedules (employee_id, start_time, off_time, total_hours, rest_days, from_date, to_date, status, created_at, updated_at) values (?, ?, ?, 8, ?, '2027-02-01', null, 'current', ?, ?)",
    employeeId,
    schedule.start,
    schedule.off,
    JSON.stringify(schedule.restDays),
    at,
    at,
  );
}

interface Answer {
  status: number;
  body: { message: string; code?: string; data?: Record<string, unknown>; errors?: Record<string, string> };
}
async function punch(number: number, action: string, lang: 'en' | 'es' = 'en'): Promise<Answer> {
  const res = await new Client(server.url, lang).post('/api/clock', { action, pin: String(100000 + number) });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}
async function manual(client: Client, body: Record<string, unknown>): Promise<Answer> {
  const res = await client.post('/api/attendances', body);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

interface Row {
  id: number;
  date: string;
  time_in: string;
  time_out: string | null;
  worked_seconds: number | null;
  status_in: string | null;
  work_flag: string | null;
  early_departure_seconds: number;
}
const daysOf = (employeeId: number) => sql<Row>("select * from attendances where employee_id = ? and date >= '2027-03-01' order by date", employeeId);

async function workbook(res: Response): Promise<ExcelJS.Workbook> {
  expect(res.status).toBe(200);
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  return wb;
}
const cellTexts = (wb: ExcelJS.Workbook) => wb.worksheets.flatMap((sheet) => [...Array(sheet.rowCount).keys()].flatMap((i) => (sheet.getRow(i + 1).values as unknown[]).filter((v) => typeof v === 'string')));

async function putSettings(change: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-unscheduled-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-03-01T06:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  adminEs = new Client(server.url, 'es');
  adminEs.cookie = admin.cookie;
  employeeUser = new Client(server.url);
  expect((await employeeUser.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

// 2027-03-01 is a Monday; Lisbon is at UTC+0 all month until the 28th.
const MON = '2027-03-01';
const TUE = '2027-03-02';
const WED = '2027-03-03';
const SAT = '2027-03-06';
const SUN = '2027-03-07';
const NEXT_MON = '2027-03-08';

describe('issue 18.2: which shift a check-in belongs to', () => {
  it('a check-in at 06:10 after a 22:00-06:00 night is refused and does not take the next night', async () => {
    const carmen = idOf('Carmen');
    setSchedule(carmen, { start: '22:00', off: '06:00', restDays: [] });
    setNow(MON, '22:00');
    expect((await punch(ROSTER.carmen, 'check-in')).status).toBe(200);
    setNow(TUE, '06:00');
    expect((await punch(ROSTER.carmen, 'check-out')).status).toBe(200);

    setNow(TUE, '06:10');
    const early = await punch(ROSTER.carmen, 'check-in');
    expect(early).toMatchObject({
      status: 409,
      body: { code: 'punch.outsideShift', message: 'None of your shifts starts near this time, so you cannot check in now. If you are working, ask an administrator to record the day.' },
    });
    expect((await punch(ROSTER.carmen, 'check-in', 'es')).body.message).toMatch(/^Ningún turno tuyo empieza cerca de esta hora/u);

    setNow(TUE, '21:55');
    expect((await punch(ROSTER.carmen, 'check-in')).status).toBe(200);
    setNow(WED, '06:02');
    const out = await punch(ROSTER.carmen, 'check-out');
    expect(out.status, out.body.message).toBe(200);
    expect(daysOf(carmen).map((d) => [d.date, d.worked_seconds, d.status_in, d.work_flag])).toEqual([
      [MON, 8 * H, 'on_time', null],
      [TUE, 8 * H + 7 * 60, 'on_time', null],
    ]);
  });
});

describe('issue 18.3: work on a rest day or without a schedule', () => {
  it("is refused with the spec's messages while the setting is off (the default outside Spain)", async () => {
    expect(((await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> }).data).toMatchObject({ acceptUnscheduledWork: false, shiftWindowMinutes: 240 });
    const antonio = idOf('Antonio');
    const laura = idOf('Laura');
    setSchedule(antonio, { start: '09:00', off: '17:00', restDays: ['Saturday', 'Sunday'] });
    setSchedule(laura, null);

    setNow(SAT, '10:00');
    expect(await punch(ROSTER.antonio, 'check-in')).toMatchObject({ status: 409, body: { code: 'messages.restDayToday', message: 'Today is a rest day for this employee.' } });
    expect(await punch(ROSTER.laura, 'check-in')).toMatchObject({ status: 409, body: { code: 'messages.noActiveSchedule', message: 'No active schedule found for this employee.' } });

    const rest = await manual(admin, { employee: antonio, date: SAT, timeIn: '08:00', timeOut: '09:00', reason: 'Inventario' });
    expect(rest.status).toBe(422);
    expect(rest.body.message).toMatch(/is a rest day for this employee\.$/u);
    const none = await manual(adminEs, { employee: laura, date: WED, timeIn: '09:00', timeOut: '13:00', reason: 'Inventario' });
    expect(none).toMatchObject({ status: 422, body: { message: 'No se ha encontrado un horario activo para este empleado.' } });
    expect(daysOf(antonio)).toEqual([]);
    expect(daysOf(laura)).toEqual([]);
  });

  it('with the setting on, the clock records them flagged; approved-leave rules are untouched', async () => {
    await putSettings({ acceptUnscheduledWork: true });
    const antonio = idOf('Antonio');
    const laura = idOf('Laura');
    setNow(SAT, '10:00');
    expect((await punch(ROSTER.antonio, 'check-in')).status).toBe(200);
    setNow(SAT, '14:00');
    expect((await punch(ROSTER.antonio, 'check-out')).status).toBe(200);
    expect(daysOf(antonio)).toMatchObject([{ date: SAT, worked_seconds: 4 * H, status_in: null, work_flag: 'rest-day', early_departure_seconds: 0 }]);

    setNow(NEXT_MON, '07:30');
    expect((await punch(ROSTER.laura, 'check-in')).status).toBe(200);
    setNow(NEXT_MON, '11:30');
    expect((await punch(ROSTER.laura, 'check-out')).status).toBe(200);
    expect(daysOf(laura)).toMatchObject([{ date: NEXT_MON, worked_seconds: 4 * H, work_flag: 'unscheduled' }]);
  });

  it('with the setting on, manual days are accepted and flagged', async () => {
    const antonio = idOf('Antonio');
    const laura = idOf('Laura');
    const rest = await manual(admin, { employee: antonio, date: SUN, timeIn: '09:00', timeOut: '11:30', reason: 'Inventario' });
    expect(rest.status, rest.body.message).toBe(201);
    expect(rest.body.data).toMatchObject({ date: SUN, workFlag: 'rest-day', statusIn: null, workedSeconds: 2.5 * H });
    const none = await manual(admin, { employee: laura, date: WED, timeIn: '09:00', timeOut: '13:00', reason: 'Inventario' });
    expect(none.status, none.body.message).toBe(201);
    expect(none.body.data).toMatchObject({ workFlag: 'unscheduled' });
    // A working day stays a scheduled one.
    const working = await manual(admin, { employee: antonio, date: '2027-03-05', timeIn: '09:00', timeOut: '17:00', reason: 'Olvidó fichar' });
    expect(working.body.data).toMatchObject({ workFlag: null, statusIn: 'on_time' });
  });

  it('the list, its export and the monthly record show the flag; the whole day is overtime', async () => {
    const antonio = idOf('Antonio');
    const list = (await (await admin.get(`/api/attendances?from=${MON}&to=2027-03-31&employee=${antonio}`)).json()) as { data: { date: string; workFlag: string | null }[] };
    expect(Object.fromEntries(list.data.map((a) => [a.date, a.workFlag]))).toEqual({ [SAT]: 'rest-day', [SUN]: 'rest-day', '2027-03-05': null });

    const record = ((await (await admin.get(`/api/reports/monthly-record?month=2027-03&employee=${antonio}`)).json()) as any).data.records[0].record;
    const sat = record.days.find((d: { date: string }) => d.date === SAT);
    expect(sat).toMatchObject({ kind: 'worked', workFlag: 'rest-day', workedSeconds: 4 * H, expectedSeconds: 0, overtimeSeconds: 4 * H });
    expect(record.days.find((d: { date: string }) => d.date === SUN)).toMatchObject({ workFlag: 'rest-day', overtimeSeconds: 2.5 * H });
    expect(record.totals.overtimeSeconds).toBe(6.5 * H);

    const recordSheet = cellTexts(await workbook(await admin.get(`/api/reports/monthly-record/export?month=2027-03&employee=${antonio}&lang=en`)));
    expect(recordSheet).toContain('Rest-day work');
    // An administrator's manual day also waits for the worker's acceptance (decision 034), noted after it.
    expect(recordSheet).toContain('Rest-day work · Entered by hand: Inventario · correction pending acceptance by the worker');
    const listSheet = cellTexts(await workbook(await admin.get(`/api/attendances/export?from=${MON}&to=2027-03-31&employee=${antonio}&lang=es`)));
    expect(listSheet).toContain('Trabajo en día de descanso · Reloj');
    expect(listSheet).toContain('Trabajo en día de descanso · Inventario');

    const page = await (await admin.get(`/reports/employee-attendance?view=record&month=2027-03&employee=${antonio}`)).text();
    expect(page).toContain('Rest-day work');
  });

  it('a correction of a flagged day keeps the flag and measures it against no schedule', async () => {
    const antonio = idOf('Antonio');
    const sat = daysOf(antonio).find((d) => d.date === SAT)!;
    const res = await admin.request('PATCH', `/api/attendances/${sat.id}`, { timeIn: '11:00', timeOut: '18:00', reason: 'Llegó más tarde', revision: 1 });
    expect(res.status, await res.clone().text()).toBe(200);
    expect(((await res.json()) as any).data).toMatchObject({ workFlag: 'rest-day', statusIn: null, lateSeconds: 0, earlyDepartureSeconds: 0, workedSeconds: 7 * H });
  });

  it("an employee account cannot read another employee's flagged days", async () => {
    const antonio = idOf('Antonio');
    const [flagged] = daysOf(antonio);
    expect((await employeeUser.get(`/api/attendances/${flagged!.id}`)).status).toBe(404);
    expect([403, 404]).toContain((await employeeUser.get(`/api/reports/monthly-record?month=2027-03&employee=${antonio}`)).status);
    const own = (await (await employeeUser.get(`/api/personal/attendance?month=2027-03&employee=${antonio}`)).json()) as any;
    expect(own.data.record.employee.id).not.toBe(antonio);
  });
});

import ExcelJS from 'exceljs';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client, location } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * The reports' figures on a small data set built by hand through the API, in Madrid time, over
 * the week of Monday 2027-03-22 (the clocks go forward in the night of Saturday 27 to Sunday 28):
 *
 * - Ana (office 09:00-17:00, 8 h, rest Saturday and Sunday): Monday 09:00-18:00 with a break
 *   13:00-13:30 (30 min overtime); Tuesday 09:20-17:00 (20 min late); Wednesday absent;
 *   Thursday 09:00-16:00 by the clock, corrected to 16:30 (30 min early); Friday on approved
 *   leave. Monday 29th she checks in at 09:10 (10 min late).
 * - Nico (night 22:00-06:00, 8 h, rest Sunday and Monday): Tuesday absent; Wednesday
 *   22:00-06:00; Thursday 22:30-06:00 (30 min late); Friday 21:50-07:00 (1 h 10 min overtime,
 *   across midnight); Saturday 22:00-06:00 across the DST change: 7 real hours, all expected.
 * - Eva: no schedule, trainee, born on 29 February. Omar: archived.
 *
 * "Now" is Monday 2027-03-29 12:00 in Madrid (the server's business clock is faked).
 */

const ZONE = 'Europe/Madrid';
const H = 3600;
const M = 60;
let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let ana: Client;
const ids: Record<'ana' | 'nico' | 'eva' | 'omar' | 'department' | 'jobTitle', number> = { ana: 0, nico: 0, eva: 0, omar: 0, department: 0, jobTitle: 0 };
let anaUserId = 0;
let anaThursday = 0;

function setNow(date: string, time: string): void {
  writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));
}

async function punch(pin: string, action: string, date: string, time: string): Promise<void> {
  setNow(date, time);
  const res = await new Client(server.url).post('/api/clock', { action, pin });
  expect(res.status, `${action} ${pin} ${date} ${time}: ${await res.clone().text()}`).toBe(200);
}

function sql(query: string, ...params: unknown[]): void {
  sqlIn(server.dataDir, query, ...params);
}

async function json(res: Response) {
  expect(res.headers.get('content-type') ?? '', await res.clone().text()).toMatch(/json/);
  return (await res.json()) as any;
}

type Row = { cells: Record<string, string | number | null>; href?: string };
async function report(name: string, query: string, client = admin): Promise<{ criteria: { label: string; value: string }[]; tables: { rows: Row[]; totals?: Record<string, unknown> }[] }> {
  const res = await client.get(`/api/reports/${name}?${query}`);
  expect(res.status, await res.clone().text()).toBe(200);
  return (await json(res)).data;
}
const rowOf = (rows: Row[], name: string) => rows.find((r) => String(r.cells['employee'] ?? r.cells['name']).startsWith(name));

/** A duration cell in days (exceljs reads `[h]:mm` cells back as dates counted from 1899-12-30). */
function days(cell: ExcelJS.Cell): number {
  const v = cell.value;
  return v instanceof Date ? (v.getTime() - Date.UTC(1899, 11, 30)) / 86_400_000 : Number(v);
}

async function workbook(res: Response): Promise<ExcelJS.Workbook> {
  expect(res.status).toBe(200);
  expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
  const wb = new ExcelJS.Workbook();
  await wb.xlsx.load(Buffer.from(await res.arrayBuffer()) as unknown as ArrayBuffer);
  return wb;
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-reports-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-03-01T08:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);

  const settings = (await json(await admin.get('/api/settings'))).data;
  expect((await admin.request('PUT', '/api/settings', { ...settings, timezone: ZONE })).status).toBe(200);

  const demo = (await json(await admin.get('/api/employees?pageSize=1'))).data[0];
  const department = await json(await admin.post('/api/departments', { name: 'Reports QA', company: demo.company }));
  ids.department = department.data._id;
  const jobTitle = await json(await admin.post('/api/job-titles', { name: 'Analyst', department: ids.department, company: demo.company }));
  ids.jobTitle = jobTitle.data._id;
  const employee = async (firstName: string, lastName: string, pin: string, extra: Record<string, unknown>) => {
    const res = await admin.post('/api/employees', {
      firstName,
      lastName,
      gender: 'female',
      email: `${firstName.toLowerCase()}@qa.example`,
      nationalId: `QA-${pin}`,
      company: demo.company,
      department: ids.department,
      jobTitle: ids.jobTitle,
      leaveGroup: demo.leaveGroup,
      employmentType: 'regular',
      pin,
      ...extra,
    });
    expect(res.status, await res.clone().text()).toBe(201);
    return (await res.json()).data._id as number;
  };
  ids.ana = await employee('Ana', 'Arroyo Test', '55500001', { birthday: '1990-03-29' });
  ids.nico = await employee('Nico', 'Navas Test', '55500002', { gender: 'male', birthday: '1985-07-01' });
  ids.eva = await employee('Eva', 'Estrada Test', '55500003', { birthday: '2000-02-29', employmentType: 'trainee' });
  ids.omar = await employee('Omar', 'Ortiz Test', '55500004', { gender: 'male' });
  expect((await admin.post(`/api/employees/${ids.omar}/archive`, {})).status).toBeLessThan(300);

  const schedule = async (employee: number, startTime: string, offTime: string, restDays: string[]) => {
    const res = await admin.post('/api/schedules', { employee, startTime, offTime, totalHours: 8, restDays, fromDate: '2027-03-01' });
    expect(res.status, await res.clone().text()).toBe(201);
  };
  await schedule(ids.ana, '09:00', '17:00', ['Saturday', 'Sunday']);
  await schedule(ids.nico, '22:00', '06:00', ['Sunday', 'Monday']);

  // The week, in the order it happened.
  const A = '55500001';
  const N = '55500002';
  await punch(A, 'check-in', '2027-03-22', '09:00');
  await punch(A, 'break-in', '2027-03-22', '13:00');
  await punch(A, 'break-out', '2027-03-22', '13:30');
  await punch(A, 'check-out', '2027-03-22', '18:00');
  await punch(A, 'check-in', '2027-03-23', '09:20');
  await punch(A, 'check-out', '2027-03-23', '17:00');
  await punch(N, 'check-in', '2027-03-24', '22:00');
  await punch(N, 'check-out', '2027-03-25', '06:00');
  await punch(A, 'check-in', '2027-03-25', '09:00');
  await punch(A, 'check-out', '2027-03-25', '16:00');
  await punch(N, 'check-in', '2027-03-25', '22:30');
  await punch(N, 'check-out', '2027-03-26', '06:00');
  await punch(N, 'check-in', '2027-03-26', '21:50');
  await punch(N, 'check-out', '2027-03-27', '07:00');
  await punch(N, 'check-in', '2027-03-27', '22:00');
  await punch(N, 'check-out', '2027-03-28', '06:00');
  await punch(A, 'check-in', '2027-03-29', '09:10');
  setNow('2027-03-29', '12:00');

  // Thursday corrected by hand: Ana left at 16:30.
  const thursday = await json(await admin.get(`/api/attendances?employee=${ids.ana}&from=2027-03-25&to=2027-03-25`));
  anaThursday = thursday.data[0]._id;
  const patched = await admin.request('PATCH', `/api/attendances/${anaThursday}`, { timeIn: '09:00', timeOut: '16:30', reason: 'Left at 16:30, forgot to clock out' });
  expect(patched.status, await patched.clone().text()).toBe(200);

  // Leave: Ana's Friday approved; Nico asked for 5-9 April (Monday the 5th is his rest day).
  const vacation = (await json(await admin.get('/api/leave-types?pageSize=100'))).data.find((t: { name: string }) => t.name === 'Vacaciones');
  const at = new Date().toISOString();
  sql(
    `insert into leaves (employee_id, leave_type_id, from_date, to_date, reason, return_date, status, comment, decided_by, decided_at, created_at, updated_at)
     values (?, ?, '2027-03-26', '2027-03-26', 'Family', '2027-03-29', 'approved', null, null, ?, ?, ?)`,
    ids.ana,
    vacation._id,
    at,
    at,
    at,
  );
  sql(
    `insert into leaves (employee_id, leave_type_id, from_date, to_date, reason, return_date, status, comment, decided_by, decided_at, created_at, updated_at)
     values (?, ?, '2027-04-05', '2027-04-09', 'Trip', '2027-04-10', 'pending', null, null, null, ?, ?)`,
    ids.nico,
    vacation._id,
    at,
    at,
  );

  // San José, a holiday on Friday 19th: nobody is absent that day.
  const holiday = await admin.post('/api/holidays', { name: 'San José', date: '2027-03-19', company: demo.company });
  expect(holiday.status, await holiday.clone().text()).toBe(201);

  // Ana's own account (Employee) to check the personal area.
  const roles = (await json(await admin.get('/api/roles?pageSize=100'))).data as { _id: number; name: string }[];
  const user = await admin.post('/api/users', {
    name: 'Ana Arroyo',
    email: 'ana@qa.example',
    role: roles.find((r) => r.name === 'Employee')!._id,
    status: 'enabled',
    accountType: 'Employee',
    company: demo.company,
    employee: ids.ana,
    password: 'Ana#Report2027',
    confirmPassword: 'Ana#Report2027',
  });
  expect(user.status, await user.clone().text()).toBe(201);
  anaUserId = (await user.json()).data._id;
  ana = new Client(server.url);
  expect((await ana.signIn('ana@qa.example', 'Ana#Report2027')).status).toBe(200);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

const WEEK = 'from=2027-03-22&to=2027-03-28';

describe('employee attendance report', () => {
  it('counts hours, breaks, lateness, early departures and overtime per employee', async () => {
    const r = await report('employee-attendance', `${WEEK}&department=${ids.department}`);
    const rows = r.tables[0]!.rows;
    expect(rows.map((x) => x.cells['employee'])).toEqual(['Ana Arroyo Test', 'Eva Estrada Test', 'Nico Navas Test']);
    expect(rowOf(rows, 'Ana')!.cells).toMatchObject({
      scheduledDays: 4,
      attendedDays: 3,
      absentDays: 1,
      leaveDays: 1,
      openDays: 0,
      workedSeconds: 8.5 * H + (7 * H + 40 * M) + 7.5 * H,
      breakSeconds: 30 * M,
      expectedSeconds: 4 * 8 * H,
      overtimeSeconds: 30 * M,
      lateCount: 1,
      lateSeconds: 20 * M,
      earlyCount: 1,
      earlySeconds: 30 * M,
    });
    expect(rowOf(rows, 'Ana')!.href).toBe(`/attendance?employee=${ids.ana}&from=2027-03-22&to=2027-03-28`);
  });

  it('a night shift across midnight and the DST change: real hours, overtime against the DST-corrected schedule', async () => {
    const r = await report('employee-attendance', `${WEEK}&employee=${ids.nico}`);
    expect(r.tables[0]!.rows).toHaveLength(1);
    expect(r.tables[0]!.rows[0]!.cells).toMatchObject({
      scheduledDays: 5,
      attendedDays: 4,
      absentDays: 1,
      workedSeconds: 8 * H + 7.5 * H + (9 * H + 10 * M) + 7 * H,
      expectedSeconds: 4 * 8 * H + 7 * H,
      overtimeSeconds: 70 * M,
      lateCount: 1,
      lateSeconds: 30 * M,
      earlyCount: 0,
    });
    const sat = await report('employee-attendance', `from=2027-03-27&to=2027-03-27&employee=${ids.nico}`);
    expect(sat.tables[0]!.rows[0]!.cells).toMatchObject({ workedSeconds: 7 * H, expectedSeconds: 7 * H, overtimeSeconds: 0 });
  });

  it('totals the rows and counts today only once it is worked', async () => {
    const r = await report('employee-attendance', `from=2027-03-22&to=2027-03-29&department=${ids.department}`);
    const totals = r.tables[0]!.totals!;
    const rows = r.tables[0]!.rows;
    expect(totals['workedSeconds']).toBe(rows.reduce((s, x) => s + Number(x.cells['workedSeconds']), 0));
    // Monday 29th: Ana is in (open, 10 min late), not absent; nothing expected of Nico (rest).
    expect(rowOf(rows, 'Ana')!.cells).toMatchObject({ attendedDays: 4, openDays: 1, absentDays: 1, lateCount: 2, lateSeconds: 30 * M, expectedSeconds: 5 * 8 * H });
    expect(r.criteria.map((c) => c.value)).toContain('figures up to today, 29/03/2027');
  });

  it('a company holiday is neither an absence nor expected work', async () => {
    const fri = await report('employee-attendance', `from=2027-03-18&to=2027-03-19&employee=${ids.ana}`);
    // Thursday 18th: absent (scheduled, nothing recorded); Friday 19th: San José.
    expect(fri.tables[0]!.rows[0]!.cells).toMatchObject({ scheduledDays: 1, absentDays: 1, expectedSeconds: 8 * H });
    const record = (await json(await admin.get(`/api/reports/monthly-record?month=2027-03&employee=${ids.ana}`))).data.records[0];
    expect(record.record.days.find((d: { date: string }) => d.date === '2027-03-19')).toMatchObject({ kind: 'holiday', holiday: 'San José', expectedSeconds: 0 });
  });

  it('exports what it shows, with durations as exact spreadsheet durations', async () => {
    const wb = await workbook(await admin.get(`/api/reports/employee-attendance/export?${WEEK}&department=${ids.department}&lang=es`));
    const sheet = wb.worksheets[0]!;
    expect(sheet.getCell('A1').value).toBe('Asistencia de empleados');
    const headerRow = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((row) => row.getCell(1).value === 'Empleado')!;
    const header = headerRow.values as unknown[];
    expect(header).toContain('Horas trabajadas');
    expect(sheet.getRow(2).getCell(1).value).toBe('Periodo: 22/03/2027 – 28/03/2027');
    const anaRow = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((row) => row.getCell(1).value === 'Ana Arroyo Test')!;
    const col = (label: string) => header.indexOf(label);
    expect(days(anaRow.getCell(col('Horas trabajadas')))).toBeCloseTo((23 * H + 40 * M) / 86400, 8);
    expect(anaRow.getCell(col('Horas trabajadas')).numFmt).toBe('[h]:mm');
    expect(anaRow.getCell(col('Llegadas tarde')).value).toBe(1);
    expect(days(anaRow.getCell(col('Horas extra')))).toBeCloseTo((30 * M) / 86400, 8);
  });
});

describe('monthly working-time record (Spain)', () => {
  it('lists every day with exact start, end, each break and totals', async () => {
    const res = await json(await admin.get(`/api/reports/monthly-record?month=2027-03&employee=${ids.nico}`));
    const record = res.data.records[0];
    expect(record.employee.name).toBe('Nico Navas Test');
    expect(record.record.days).toHaveLength(31);
    const sat = record.record.days.find((d: { date: string }) => d.date === '2027-03-27');
    expect(sat).toMatchObject({ kind: 'worked', timeIn: '2027-03-27T21:00:00.000Z', timeOut: '2027-03-28T04:00:00.000Z', workedSeconds: 7 * H, expectedSeconds: 7 * H, overtimeSeconds: 0 });
    const fri = record.record.days.find((d: { date: string }) => d.date === '2027-03-26');
    expect(fri).toMatchObject({ workedSeconds: 9 * H + 10 * M, overtimeSeconds: 70 * M });
    expect(record.record.totals).toMatchObject({ attendedDays: 4, workedSeconds: 31 * H + 40 * M, overtimeSeconds: 70 * M });
  });

  it('prints as a page with the day rows, the next-day end and the notes', async () => {
    const page = await admin.get(`/reports/employee-attendance?view=record&month=2027-03&employee=${ids.nico}&print=1`);
    expect(page.status).toBe(200);
    const html = await page.text();
    const row = (date: string) => html.match(new RegExp(`<tr[^>]*data-date="${date}"[^>]*>([\\s\\S]*?)</tr>`))![1]!;
    const text = (date: string) =>
      row(date)
        .replace(/<[^>]+>/g, ' ')
        .replace(/\s+/g, ' ')
        .trim();
    // The night of the clock change (28/03/2027 02:00 CET -> 03:00 CEST): each time carries its offset (issue 18.5).
    // A worked day says it was on site (the clock's work mode, decision 035).
    // Seven hours without a break: the work-time warning of art. 34.4 ET in the notes (decision 050).
    expect(text('2027-03-27')).toBe('Sat 27/03/2027 22:00 (UTC+1) 06:00 (next day) (UTC+2) 7 h 00 min On site No break on a day this long: it needs one of at least 0 h 15 min (art. 34.4 ET)');
    expect(text('2027-03-26')).toBe(
      'Fri 26/03/2027 21:50 07:00 (next day) 9 h 10 min 1 h 10 min On site No break on a day this long: it needs one of at least 0 h 15 min (art. 34.4 ET) · 1 h 10 min of overtime by a night worker, who may not work overtime (art. 36.1 ET)',
    );
    expect(text('2027-03-23')).toBe('Tue 23/03/2027 Absent');
    expect(text('2027-03-28')).toBe('Sun 28/03/2027 Rest day');
    expect(html).toContain('data-total="worked">31 h 40 min');
    expect(html).toContain('Signed by the employee');
    // The print view drops the app shell.
    expect(html).toContain('data-route-layout="blank"');
  });

  it('exports one sheet per employee with real times, every break and the legal note', async () => {
    const wb = await workbook(await admin.get(`/api/reports/monthly-record/export?month=2027-03&department=${ids.department}&lang=es`));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Ana Arroyo Test', 'Nico Navas Test']);
    const sheet = wb.getWorksheet('Ana Arroyo Test')!;
    expect(sheet.getCell('A1').value).toBe('Registro de jornada · marzo de 2027');
    const dayRow = (date: string) => [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1)).find((r) => r.getCell(1).value instanceof Date && (r.getCell(1).value as Date).toISOString().startsWith(date))!;
    const mon = dayRow('2027-03-22');
    expect((mon.getCell(3).value as Date).toISOString()).toBe('2027-03-22T09:00:00.000Z');
    expect((mon.getCell(4).value as Date).toISOString()).toBe('2027-03-22T18:00:00.000Z');
    expect(mon.getCell(5).value).toBe('13:00–13:30');
    expect(days(mon.getCell(6))).toBeCloseTo((30 * M) / 86400, 8);
    expect(days(mon.getCell(7))).toBeCloseTo((8.5 * H) / 86400, 8);
    expect(days(mon.getCell(8))).toBeCloseTo((30 * M) / 86400, 8);
    expect(mon.getCell(7).numFmt).toBe('[h]:mm');
    // An administrator's correction waits for the worker's acceptance (decision 034), and the export says so.
    // With the day's work-time warning first (decision 050): the correction left no break.
    expect(dayRow('2027-03-25').getCell(9).value).toBe(
      'Sin pausa en una jornada tan larga: necesita una de al menos 0 h 15 min (art. 34.4 ET) · Corregido: Left at 16:30, forgot to clock out · corrección pendiente de aceptación por el trabajador',
    );
    expect(dayRow('2027-03-26').getCell(9).value).toBe('Vacaciones');
    expect(dayRow('2027-03-24').getCell(9).value).toBe('Falta');
    const values = [...Array(sheet.rowCount).keys()].map((i) => sheet.getRow(i + 1).getCell(1).value);
    expect(values).toContain('Firma de la empresa');
    expect(values.some((v) => typeof v === 'string' && v.includes('art. 34.9'))).toBe(true);
  });
});

describe('the other reports', () => {
  it('employee list: filters by department and status', async () => {
    const active = await report('employee-list', `department=${ids.department}`);
    expect(active.tables[0]!.rows.map((r) => r.cells['employee'])).toEqual(['Ana Arroyo Test', 'Eva Estrada Test', 'Nico Navas Test']);
    expect(rowOf(active.tables[0]!.rows, 'Eva')!.cells).toMatchObject({ employmentType: 'employees.typeTrainee', jobTitle: 'Analyst', status: 'employees.statusActive' });
    const archived = await report('employee-list', `department=${ids.department}&status=archived`);
    expect(archived.tables[0]!.rows.map((r) => r.cells['employee'])).toEqual(['Omar Ortiz Test']);
    const trainees = await report('employee-list', `department=${ids.department}&employmentType=trainee`);
    expect(trainees.tables[0]!.rows.map((r) => r.cells['employee'])).toEqual(['Eva Estrada Test']);
  });

  it('birthdays: by month, with the age turned and 29 February', async () => {
    const march = await report('employee-birthdays', `month=3&department=${ids.department}`);
    expect(march.tables[0]!.rows.map((r) => r.cells)).toEqual([{ employee: 'Ana Arroyo Test', department: 'Reports QA', month: 'March', birthday: '1990-03-29', nextBirthday: '2027-03-29', turns: 37, daysUntil: 0 }]);
    const feb = await report('employee-birthdays', `month=2&department=${ids.department}`);
    expect(feb.tables[0]!.rows[0]!.cells).toMatchObject({ employee: 'Eva Estrada Test', nextBirthday: '2028-02-29', turns: 28, daysUntil: 337 });
    const all = await report('employee-birthdays', `month=all&department=${ids.department}`);
    expect(all.tables[0]!.rows.map((r) => r.cells['employee'])).toEqual(['Eva Estrada Test', 'Ana Arroyo Test', 'Nico Navas Test']);
  });

  it('employee schedule: shifts in force on a date, weekly hours, who has none', async () => {
    const r = await report('employee-schedule', `date=2027-03-25&department=${ids.department}`);
    const rows = r.tables[0]!.rows;
    expect(rowOf(rows, 'Ana')!.cells).toMatchObject({ startTime: '09:00', offTime: '17:00', totalHours: 8, weeklyHours: 40, restDays: 'Saturday, Sunday', fromDate: '2027-03-01' });
    expect(rowOf(rows, 'Nico')!.cells).toMatchObject({ startTime: '22:00', offTime: '06:00', restDays: 'Monday, Sunday', weeklyHours: 40 });
    expect(rowOf(rows, 'Eva')!.cells).toMatchObject({ startTime: null, state: 'reports.noSchedule' });
    expect(r.tables[0]!.totals).toMatchObject({ employee: 'With a schedule: 2 of 3', weeklyHours: 80 });
    const before = await report('employee-schedule', `date=2027-02-01&department=${ids.department}&missing=1`);
    expect(before.tables[0]!.rows).toHaveLength(3);
  });

  it('employee leaves: requests by type and status, working days, balances', async () => {
    const r = await report('employee-leaves', `year=2027&department=${ids.department}`);
    const [requests, balances] = r.tables;
    expect(requests!.rows.map((x) => x.cells)).toEqual([
      { employee: 'Ana Arroyo Test', department: 'Reports QA', leaveType: 'Vacaciones', from: '2027-03-26', to: '2027-03-26', days: 1, status: 'reports.leaveStatus.approved', reason: 'Family' },
      { employee: 'Nico Navas Test', department: 'Reports QA', leaveType: 'Vacaciones', from: '2027-04-05', to: '2027-04-09', days: 4, status: 'reports.leaveStatus.pending', reason: 'Trip' },
    ]);
    const anaVacation = balances!.rows.find((x) => x.cells['employee'] === 'Ana Arroyo Test' && x.cells['leaveType'] === 'Vacaciones')!;
    expect(anaVacation.cells).toMatchObject({ allowance: 22, taken: 1, pending: 0, remaining: 21 });
    const nicoVacation = balances!.rows.find((x) => x.cells['employee'] === 'Nico Navas Test' && x.cells['leaveType'] === 'Vacaciones')!;
    expect(nicoVacation.cells).toMatchObject({ taken: 0, pending: 4, remaining: 18 });
    const pending = await report('employee-leaves', `year=2027&department=${ids.department}&leaveStatus=pending`);
    expect(pending.tables[0]!.rows).toHaveLength(1);
  });

  it('organization profile: head counts by department, gender, trainees, archived', async () => {
    const r = await report('organization-profile', '');
    const qa = r.tables[1]!.rows.find((x) => x.cells['department'] === 'Reports QA')!;
    expect(qa.cells).toMatchObject({ jobTitles: 1, active: 3, women: 2, men: 1, trainees: 1, archived: 1 });
    const analyst = r.tables[2]!.rows.find((x) => x.cells['jobTitle'] === 'Analyst')!;
    expect(analyst.cells).toMatchObject({ active: 3, archived: 1 });
    expect(r.tables[0]!.totals!['active']).toBe(25 + 3);
  });

  it('user accounts: type, role, linked employee, last sign-in', async () => {
    const r = await report('user-accounts', 'accountType=Employee');
    const row = r.tables[0]!.rows.find((x) => x.cells['email'] === 'ana@qa.example')!;
    expect(row.cells).toMatchObject({ name: 'Ana Arroyo', accountType: 'accountTypes.Employee', role: 'Employee', status: 'reports.userStatus.enabled', employee: 'Ana Arroyo Test' });
    expect(typeof row.cells['lastSignInAt']).toBe('string');
    expect(row.href).toBe(`/users-edit/${anaUserId}`);
    const never = await report('user-accounts', 'never=1');
    expect(never.tables[0]!.rows.some((x) => x.cells['email'] === 'ana@qa.example')).toBe(false);
  });

  it('every report exports an .xlsx in both languages', async () => {
    for (const name of ['employee-attendance', 'employee-birthdays', 'employee-leaves', 'employee-list', 'employee-schedule', 'organization-profile', 'user-accounts']) {
      for (const lang of ['es', 'en']) {
        const wb = await workbook(await admin.get(`/api/reports/${name}/export?lang=${lang}`));
        expect(wb.worksheets.length, name).toBeGreaterThan(0);
      }
    }
  });

  it('report text goes into the spreadsheet as text, never as a formula', async () => {
    sql('update employees set phone = \'=HYPERLINK("http://x")\' where id = ?', ids.eva);
    const wb = await workbook(await admin.get(`/api/reports/employee-list/export?department=${ids.department}&lang=en`));
    const cells: ExcelJS.Cell[] = [];
    wb.worksheets[0]!.eachRow((r) => r.eachCell((c) => cells.push(c)));
    // Issue 34.2: a text starting like a formula is written with a leading apostrophe.
    const phone = cells.find((c) => String(c.value).startsWith("'=HYPERLINK"))!;
    expect(phone.type).toBe(ExcelJS.ValueType.String);
    expect(cells.some((c) => c.type === ExcelJS.ValueType.Formula)).toBe(false);
  });
});

describe('dashboard', () => {
  it('shows who is in now, who is late, who rests, and the month per day', async () => {
    const d = (await json(await admin.get('/api/dashboard'))).data;
    expect(d.today).toBe('2027-03-29');
    const names = (list: { id: number }[]) => list.map((p) => p.id);
    expect(names(d.presence.working)).toContain(ids.ana);
    expect(names(d.presence.rest)).toContain(ids.nico);
    expect(names(d.presence.unscheduled)).toContain(ids.eva);
    expect(names(d.presence.working)).not.toContain(ids.omar);
    expect(d.late.find((p: { id: number }) => p.id === ids.ana)).toMatchObject({ seconds: 10 * M, at: localDateTimeToUtcIso('2027-03-29', '09:10', ZONE) });
    expect(d.counts.attendancesToday).toBe(1);
    const saturday = d.month.find((x: { date: string }) => x.date === '2027-03-27');
    expect(saturday.present + saturday.late).toBe(1);
    expect(d.month).toHaveLength(31);
    expect(d.previousDays[0].date).toBe('2027-03-28');
  });

  it('renders in both languages, each widget linking to its filtered list', async () => {
    const html = await (await admin.get('/dashboard')).text();
    expect(html).toContain('href="/attendance?from=2027-03-29&amp;to=2027-03-29&amp;late=yes"');
    expect(html).toContain('href="/leave-list?status=pending"');
    expect(html).toContain('href="/attendance?from=2027-03-27&amp;to=2027-03-27"');
    const es = new Client(server.url, 'es');
    es.cookie = admin.cookie;
    expect(await (await es.get('/dashboard', { cookie: `token=${admin.cookie}; lang=es` })).text()).toContain('Llegadas tarde y faltas hoy');
  });

  it('the attendance and leave lists open with the filters of the link', async () => {
    const html = await (await admin.get(`/attendance?from=2027-03-29&to=2027-03-29&late=yes&employee=${ids.ana}&status=bogus`)).text();
    const props = [...html.matchAll(/props="([^"]+)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"')).find((p) => p.includes('initialFilters'))!;
    expect(props).toContain('"from":[0,"2027-03-29"]');
    expect(props).toContain('"late":[0,"yes"]');
    expect(props).toContain(`"employee":[0,"${ids.ana}"]`);
    expect(props).not.toContain('bogus');
    const leaveHtml = await (await admin.get(`/leave-list?status=pending&from=2027-03-29&to=2027-03-29&employee=x`)).text();
    const leaveProps = [...leaveHtml.matchAll(/props="([^"]+)"/g)].map((m) => m[1]!.replace(/&quot;/g, '"')).find((p) => p.includes('initialFilters'))!;
    expect(leaveProps).toContain('"status":[0,"pending"]');
    expect(leaveProps).toContain('"from":[0,"2027-03-29"]');
    expect(leaveProps).not.toContain('"employee"');
  });
});

describe('who may see what', () => {
  it('an employee cannot open the admin reports or dashboard', async () => {
    for (const path of ['/reports', '/reports/employee-attendance', '/reports/user-accounts', '/reports/employee-attendance?view=record', '/dashboard']) {
      expect(location(await ana.get(path)), path).toBe('/access-denied');
    }
    for (const path of ['/api/reports/employee-list', '/api/reports/employee-attendance/export', '/api/reports/monthly-record', '/api/reports/monthly-record/export', '/api/dashboard']) {
      expect((await ana.get(path)).status, path).toBe(403);
    }
  });

  it('the personal area shows only the signed-in employee, whatever the URL asks', async () => {
    const own = (await json(await ana.get(`/api/personal/attendance?month=2027-03&employee=${ids.nico}`))).data;
    expect(own.record.employee.id).toBe(ids.ana);
    const thursday = own.record.record.days.find((d: { date: string }) => d.date === '2027-03-25');
    expect(thursday).toMatchObject({ corrected: true, workedSeconds: 7.5 * H });
    expect(own.record.revisions['2027-03-25'].map((r: { revision: number }) => r.revision)).toEqual([1, 2]);
    const page = await (await ana.get(`/personal/attendance?month=2027-03&employee=${ids.nico}`)).text();
    expect(page).toContain('Ana Arroyo Test');
    expect(page).not.toContain('Nico Navas Test');
    expect(page).toContain('data-testid="revision-history"');
    const wb = await workbook(await ana.get(`/api/personal/attendance/export?month=2027-03&employee=${ids.nico}&lang=en`));
    expect(wb.worksheets.map((s) => s.name)).toEqual(['Ana Arroyo Test']);
    const dash = (await json(await ana.get('/api/personal/dashboard'))).data;
    expect(dash.employee.id).toBe(ids.ana);
    expect(dash.presence).toBe('working');
    expect(dash.week.summary).toMatchObject({ attendedDays: 1, lateCount: 1, lateSeconds: 10 * M });
    expect(dash.month.summary.workedSeconds).toBe(23 * H + 40 * M);
    expect(dash.balances.find((b: { name: string }) => b.name === 'Vacaciones')).toMatchObject({ taken: 1, remaining: 21 });
    expect((await json(await ana.get('/api/personal/schedule'))).data.current.startTime).toBe('09:00');
  });

  it('an Admin linked to an employee uses the personal area as that employee; an account without one gets a clear answer', async () => {
    const manager = new Client(server.url);
    expect((await manager.signIn('manager@demo.jornada', 'Demo#2026')).status).toBe(200);
    const dash = (await json(await manager.get('/api/personal/dashboard'))).data;
    expect(dash.employee.name).toBe('Carmen Ruiz Navarro');
    expect((await manager.get('/personal/dashboard')).status).toBe(200);
    const none = await admin.get('/api/personal/dashboard');
    expect(none.status).toBe(404);
    expect((await none.json()).message).toBe('Your account is not linked to an employee.');
  });
});

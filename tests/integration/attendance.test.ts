import { compareNames } from '../../src/domain/lists/sort-key.ts';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addDays, localDateOf, localDateTimeToUtcIso, weekdayOf } from '../../src/domain/time/zoned-time.ts';
import { addAccount } from '../helpers/accounts.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

const ZONE = 'Europe/Lisbon';

let server: TestServer;
let admin: Client;
let es: Client;
let employeeUser: Client;
let creator: Client;
let reader: Client;
let noAttendance: Client;
let today: string;
/** Carmen Ruiz Navarro: office 09:00-17:00, rest on Saturday and Sunday (demo employee 1). */
let carmen: { _id: number; department: number };
/** Antonio López Martín: night shift 22:00-06:00 (demo employee 4). */
let antonio: { _id: number };
let demoEmployeeId: number;

const query = <T = any>(text: string, ...params: unknown[]) => sqlIn<T>(server.dataDir, text, ...params);

/** A date before the demo's 60 days of attendance but within its 90-day schedules. */
function olderDate(predicate: (date: string) => boolean, skip = 0): string {
  let found = 0;
  for (let back = 62; back < 89; back++) {
    const date = addDays(today, -back);
    if (predicate(date) && found++ === skip) return date;
  }
  throw new Error('no such date');
}
const workingDay = (skip = 0) => olderDate((d) => !['Saturday', 'Sunday'].includes(weekdayOf(d)), skip);
const saturday = () => olderDate((d) => weekdayOf(d) === 'Saturday');

async function json(res: Response) {
  return (await res.json()) as any;
}

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  today = localDateOf(new Date(), ZONE);
  admin = new Client(server.url);
  await admin.signIn('admin@demo.jornada', 'Demo#2026');
  es = new Client(server.url, 'es');
  es.cookie = admin.cookie;
  employeeUser = new Client(server.url);
  await employeeUser.signIn('employee@demo.jornada', 'Demo#2026');
  await addAccount(server.dataDir, { email: 'creator@demo.jornada', password: 'Crea#2026', accountType: 'Admin', permissions: { attendance: ['read', 'create'] } });
  creator = new Client(server.url);
  await creator.signIn('creator@demo.jornada', 'Crea#2026');
  await addAccount(server.dataDir, { email: 'reader@demo.jornada', password: 'Read#2026', accountType: 'Admin', permissions: { attendance: ['read'] } });
  reader = new Client(server.url);
  await reader.signIn('reader@demo.jornada', 'Read#2026');
  await addAccount(server.dataDir, { email: 'staff@demo.jornada', password: 'Staf#2026', accountType: 'Admin', permissions: { employee: ['read'] } });
  noAttendance = new Client(server.url);
  await noAttendance.signIn('staff@demo.jornada', 'Staf#2026');
  const find = async (q: string) => (await json(await admin.get(`/api/employees?q=${encodeURIComponent(q)}`))).data[0];
  carmen = await find('Carmen Ruiz');
  antonio = await find('Antonio López');
  demoEmployeeId = (await find('Javier Moreno'))._id;
});
afterAll(async () => {
  await server?.stop();
});

describe('attendance list', () => {
  it('pages on the server, newest first by default', async () => {
    const first = await json(await admin.get('/api/attendances?pageSize=5'));
    const second = await json(await admin.get('/api/attendances?pageSize=5&page=2'));
    expect(first.total).toBeGreaterThan(500);
    expect(first.data).toHaveLength(5);
    expect(second.data).toHaveLength(5);
    const ids = new Set([...first.data, ...second.data].map((a: any) => a._id));
    expect(ids.size).toBe(10);
    const dates = [...first.data, ...second.data].map((a: any) => a.date);
    expect(dates).toEqual([...dates].sort().reverse());
    expect(first.data[0]).toMatchObject({ timezone: ZONE, source: 'clock' });
    expect(first.data[0]).toHaveProperty('statusInOut');
  });

  it('filters by date range, employee and department', async () => {
    const from = addDays(today, -10);
    const to = addDays(today, -3);
    const range = await json(await admin.get(`/api/attendances?from=${from}&to=${to}&pageSize=100`));
    expect(range.total).toBeGreaterThan(0);
    expect(range.data.every((a: any) => a.date >= from && a.date <= to)).toBe(true);
    const mine = await json(await admin.get(`/api/attendances?employee=${carmen._id}&pageSize=100`));
    expect(mine.total).toBeGreaterThan(20);
    expect(mine.data.every((a: any) => a.employee === carmen._id && a.employeeName === 'Carmen Ruiz Navarro')).toBe(true);
    const dept = await json(await admin.get(`/api/attendances?department=${carmen.department}&pageSize=100`));
    expect(dept.total).toBeGreaterThan(mine.total);
    expect(dept.data.every((a: any) => a.department === carmen.department)).toBe(true);
    // An invalid filter value is ignored, never an error.
    expect((await admin.get('/api/attendances?from=yesterday&employee=abc')).status).toBe(200);
  });

  it('filters by status in/out, lateness and early departure', async () => {
    const open = await json(await admin.get('/api/attendances?status=open&pageSize=100'));
    const closed = await json(await admin.get('/api/attendances?status=closed&pageSize=100'));
    const all = await json(await admin.get('/api/attendances?pageSize=1'));
    expect(open.data.every((a: any) => a.timeOut === null && a.statusInOut === 'in' && a.workedSeconds === null)).toBe(true);
    expect(closed.data.every((a: any) => a.timeOut !== null && a.statusInOut === 'out')).toBe(true);
    expect(open.total + closed.total).toBe(all.total);
    const late = await json(await admin.get('/api/attendances?late=yes&pageSize=100'));
    const onTime = await json(await admin.get('/api/attendances?late=no&pageSize=100'));
    expect(late.total).toBeGreaterThan(0);
    expect(late.data.every((a: any) => a.statusIn === 'late' && a.lateSeconds > 0)).toBe(true);
    expect(onTime.data.every((a: any) => a.statusIn !== 'late')).toBe(true);
    expect(late.total + onTime.total).toBe(all.total);
    const early = await json(await admin.get('/api/attendances?early=yes&pageSize=100'));
    expect(early.total).toBeGreaterThan(0);
    expect(early.data.every((a: any) => a.earlyDepartureSeconds > 0)).toBe(true);
    const combined = await json(await admin.get(`/api/attendances?late=yes&status=closed&department=${carmen.department}&pageSize=100`));
    expect(combined.data.every((a: any) => a.statusIn === 'late' && a.timeOut !== null && a.department === carmen.department)).toBe(true);
  });

  it('searches by employee name and sorts by employee', async () => {
    const found = await json(await admin.get('/api/attendances?q=ruiz%20nav&pageSize=100'));
    expect(found.total).toBeGreaterThan(0);
    expect(found.data.every((a: any) => a.employeeName === 'Carmen Ruiz Navarro')).toBe(true);
    const sorted = await json(await admin.get('/api/attendances?sort=employee&dir=asc&pageSize=100'));
    // Surname then first name (every demo first name is one word), in Spanish order (decision 075).
    const names: [string, string][] = sorted.data.map((a: any) => [a.employeeName.split(' ').slice(1).join(' '), a.employeeName.split(' ')[0]]);
    expect(names).toEqual([...names].sort(([la, fa], [lb, fb]) => compareNames(la, lb) || compareNames(fa, fb)));
    expect((await json(await admin.get('/api/attendances?q=nobody-at-all'))).total).toBe(0);
  });
});

describe('manual attendance', () => {
  let createdId: number;
  const entry = () => ({ employee: carmen._id, date: workingDay(), timeIn: '09:20', timeOut: '17:00', breakIn: '13:00', breakOut: '13:30', reason: 'Badge reader was broken that morning' });

  it('refuses a manual entry without a written reason (en and es)', async () => {
    const res = await admin.post('/api/attendances', { ...entry(), reason: '  ' });
    expect(res.status).toBe(422);
    const body = await json(res);
    expect(body.message).toBe('The reason must be written.');
    expect(body.errors.reason).toBe('The reason must be written.');
    const { reason: _r, ...noReason } = entry();
    const spanish = await json(await es.post('/api/attendances', noReason));
    expect(spanish.message).toBe('Debes escribir el motivo.');
  });

  it('refuses a manual entry without the time (spec message)', async () => {
    const res = await admin.post('/api/attendances', { ...entry(), timeIn: '' });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe('You must enter the time.');
    expect((await json(await es.post('/api/attendances', { ...entry(), timeIn: undefined }))).message).toBe('Debes introducir la hora.');
  });

  it('refuses a day that is a rest day of the employee’s schedule, naming the day', async () => {
    const date = saturday();
    const res = await admin.post('/api/attendances', { ...entry(), date });
    expect(res.status).toBe(422);
    const long = new Intl.DateTimeFormat('en-GB', { dateStyle: 'full', timeZone: 'UTC' }).format(new Date(`${date}T12:00:00Z`));
    expect((await json(res)).message).toBe(`This day ${long} is a rest day for this employee.`);
    const spanish = await json(await es.post('/api/attendances', { ...entry(), date }));
    expect(spanish.message).toMatch(/^El día sábado, .+ es día de descanso para este empleado\.$/);
  });

  it('refuses times in the future, bad order, no schedule and unknown employees', async () => {
    const future = await admin.post('/api/attendances', { ...entry(), date: addDays(today, 2) });
    expect(future.status).toBe(422);
    expect((await json(future)).errors.timeIn).toBe('Times cannot be in the future.');
    const order = await json(await admin.post('/api/attendances', { ...entry(), breakIn: '13:30', breakOut: '13:00' }));
    expect(order.errors.breakOut).toBe('The break must end after it starts.');
    const noSchedule = await admin.post('/api/attendances', { ...entry(), date: addDays(today, -200) });
    expect(noSchedule.status).toBe(422);
    expect((await json(noSchedule)).message).toBe('No active schedule found for this employee.');
    const unknown = await json(await admin.post('/api/attendances', { ...entry(), employee: 999999 }));
    expect(unknown.errors.employee).toBeTruthy();
  });

  it('creates it with a reason: hours and lateness computed, revision 1 kept with author', async () => {
    const res = await admin.post('/api/attendances', entry());
    expect(res.status).toBe(201);
    const body = await json(res);
    expect(body.message).toBe('Attendance created successfully!');
    const date = entry().date;
    expect(body.data).toMatchObject({
      employee: carmen._id,
      date,
      timeIn: localDateTimeToUtcIso(date, '09:20', ZONE),
      timeOut: localDateTimeToUtcIso(date, '17:00', ZONE),
      breakIn: localDateTimeToUtcIso(date, '13:00', ZONE),
      breakOut: localDateTimeToUtcIso(date, '13:30', ZONE),
      breakSeconds: 1800,
      workedSeconds: 7 * 3600 + 10 * 60,
      totalHours: 7.17,
      statusIn: 'late',
      lateSeconds: 20 * 60,
      earlyDepartureSeconds: 0,
      reason: 'Badge reader was broken that morning',
      source: 'manual',
      revision: 1,
      punches: 0,
    });
    expect(body.data.revisions).toHaveLength(1);
    expect(body.data.revisions[0]).toMatchObject({ revision: 1, reason: 'Badge reader was broken that morning', authorName: 'Demo Administrator' });
    createdId = body.data._id;
    const listed = await json(await admin.get(`/api/attendances?employee=${carmen._id}&from=${date}&to=${date}`));
    expect(listed.data.map((a: any) => a._id)).toEqual([createdId]);
  });

  it('refuses a second attendance for the same employee and date (409)', async () => {
    const res = await admin.post('/api/attendances', entry());
    expect(res.status).toBe(409);
    expect((await json(res)).message).toMatch(/^This employee already has an attendance on .+\. Correct that one instead\.$/);
  });

  it('a night shift ending after midnight is one attendance on its start date', async () => {
    const date = olderDate((d) => !['Sunday', 'Monday'].includes(weekdayOf(d)));
    const res = await admin.post('/api/attendances', { employee: antonio._id, date, timeIn: '22:00', timeOut: '05:45', breakIn: '02:00', breakOut: '02:20', reason: 'Clock offline during the night' });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data.date).toBe(date);
    expect(data.timeOut).toBe(localDateTimeToUtcIso(addDays(date, 1), '05:45', ZONE));
    expect(data.breakIn).toBe(localDateTimeToUtcIso(addDays(date, 1), '02:00', ZONE));
    expect(data).toMatchObject({ statusIn: 'on_time', earlyDepartureSeconds: 15 * 60, breakSeconds: 20 * 60 });
    expect(data.workedSeconds).toBe((Date.parse(data.timeOut) - Date.parse(data.timeIn)) / 1000 - 20 * 60);
  });

  it('an old day left open is flagged as a missing check-out', async () => {
    const date = workingDay(9);
    const res = await admin.post('/api/attendances', { employee: carmen._id, date, timeIn: '09:00', reason: 'Came in; nobody recorded the departure' });
    expect(res.status).toBe(201);
    const { data } = await json(res);
    expect(data).toMatchObject({ timeOut: null, workedSeconds: null, statusInOut: 'in', missingCheckOut: true });
    const open = await json(await admin.get(`/api/attendances?status=open&employee=${carmen._id}&pageSize=100`));
    expect(open.data.find((a: any) => a._id === data._id)?.missingCheckOut).toBe(true);
    const todays = await json(await admin.get(`/api/attendances?status=open&from=${today}&to=${today}&pageSize=100`));
    expect(todays.data.every((a: any) => a.missingCheckOut === false)).toBe(true);
  });

  it('the creator role may create but not correct; correcting needs attendance.update (403)', async () => {
    const res = await creator.request('PATCH', `/api/attendances/${createdId}`, { timeIn: '09:00', timeOut: '17:00', reason: 'x' });
    expect(res.status).toBe(403);
    expect((await json(res)).message).toMatch(/^You do not have permission to /);
    const made = await creator.post('/api/attendances', { ...entry(), date: workingDay(1), reason: 'Entered by a clerk' });
    expect(made.status).toBe(201);
  });

  it('never deletes a manual entry: DELETE refuses (409) and points to voiding (decision 033)', async () => {
    const made = await json(await admin.post('/api/attendances', { ...entry(), date: workingDay(2), reason: 'Recorded in error' }));
    const res = await admin.request('DELETE', `/api/attendances/${made.data._id}`);
    expect(res.status).toBe(409);
    expect((await json(res)).message).toBe('No record of work is ever deleted. Void the day with a reason instead.');
    expect((await admin.get(`/api/attendances/${made.data._id}`)).status).toBe(200);
    // Not even behind the app: the trigger refuses deleting an attendance.
    expect(() => query('delete from attendances where id = ?', made.data._id)).toThrow(/never deleted/);
  });
});

describe('correcting an attendance', () => {
  let clockDay: any;
  let punchesBefore: unknown[];

  beforeAll(async () => {
    clockDay = (await json(await admin.get(`/api/attendances?employee=${carmen._id}&status=closed&source=clock&from=${addDays(today, -20)}&pageSize=1`))).data[0];
    punchesBefore = query('select * from punches where attendance_id = ? order by id', clockDay._id);
    expect(punchesBefore.length).toBeGreaterThanOrEqual(2);
  });

  it('refuses a correction without a reason', async () => {
    const res = await admin.request('PATCH', `/api/attendances/${clockDay._id}`, { timeIn: '08:30', timeOut: '17:00' });
    expect(res.status).toBe(422);
    expect((await json(res)).message).toBe('The reason must be written.');
  });

  it('keeps the original punches, records the correction as a new revision and lists the history', async () => {
    const res = await admin.request('PATCH', `/api/attendances/${clockDay._id}`, {
      timeIn: '08:30',
      timeOut: '17:30',
      breakIn: '13:00',
      breakOut: '14:00',
      reason: 'Was at a client site from 08:30',
      revision: clockDay.revision,
    });
    expect(res.status).toBe(200);
    const body = await json(res);
    expect(body.message).toBe('Attendance updated successfully!');
    expect(body.data).toMatchObject({
      timeIn: localDateTimeToUtcIso(clockDay.date, '08:30', ZONE),
      timeOut: localDateTimeToUtcIso(clockDay.date, '17:30', ZONE),
      workedSeconds: 8 * 3600,
      statusIn: 'on_time',
      lateSeconds: 0,
      source: 'clock',
      revision: 2,
      reason: 'Was at a client site from 08:30',
    });
    expect(body.data.revisions.map((r: any) => r.revision)).toEqual([2, 1]);
    const [latest, original] = body.data.revisions;
    expect(latest).toMatchObject({ reason: 'Was at a client site from 08:30', authorName: 'Demo Administrator', timeIn: body.data.timeIn });
    expect(original).toMatchObject({ timeIn: clockDay.timeIn, timeOut: clockDay.timeOut, workedSeconds: clockDay.workedSeconds, author: null, reason: null });

    expect(query('select * from punches where attendance_id = ? order by id', clockDay._id)).toEqual(punchesBefore);
    const audit = query("select reason from audit_log where entity = 'attendance' and action = 'update' and entity_id = ?", String(clockDay._id));
    expect(audit).toEqual([{ reason: 'Was at a client site from 08:30' }]);

    const again = await json(await admin.request('PATCH', `/api/attendances/${clockDay._id}`, { timeIn: '08:45', timeOut: '17:30', breakIn: '13:00', breakOut: '14:00', reason: 'Correct start was 08:45' }));
    expect(again.data.revisions.map((r: any) => [r.revision, r.reason])).toEqual([
      [3, 'Correct start was 08:45'],
      [2, 'Was at a client site from 08:30'],
      [1, null],
    ]);
    const page = await admin.get(`/attendance-edit/${clockDay._id}`);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('History of changes');
    expect(html).toContain('Correct start was 08:45');
    expect(html).toContain('Was at a client site from 08:30');
  });

  it('refuses a stale revision (409), a change of date (422) and cannot void or delete a clock day (409)', async () => {
    const stale = await admin.request('PATCH', `/api/attendances/${clockDay._id}`, { timeIn: '08:45', timeOut: '17:30', reason: 'x', revision: 1 });
    expect(stale.status).toBe(409);
    const moved = await admin.request('PATCH', `/api/attendances/${clockDay._id}`, { date: addDays(clockDay.date, -1), timeIn: '08:45', reason: 'x' });
    expect(moved.status).toBe(422);
    expect((await json(moved)).errors.date).toBe('The employee and the date of an attendance cannot be changed.');
    const voiding = await admin.post(`/api/attendances/${clockDay._id}/void`, { reason: 'wrong' });
    expect(voiding.status).toBe(409);
    expect((await json(voiding)).message).toMatch(/recorded at the clock/);
    const del = await admin.request('DELETE', `/api/attendances/${clockDay._id}`);
    expect(del.status).toBe(409);
    expect((await json(del)).message).toMatch(/ever deleted/);
  });

  it('the revision history is append-only in the database', () => {
    expect(() => query('update attendance_revisions set reason = ? where attendance_id = ?', 'rewritten', clockDay._id)).toThrow(/append-only/);
    expect(() => query('delete from attendance_revisions where attendance_id = ?', clockDay._id)).toThrow(/append-only/);
  });
});

describe('attendance permissions', () => {
  it('an Employee account cannot create, correct or delete (403) and sees only its own days', async () => {
    const any = (await json(await admin.get(`/api/attendances?employee=${carmen._id}&pageSize=1`))).data[0];
    expect((await employeeUser.post('/api/attendances', { employee: carmen._id })).status).toBe(403);
    expect((await employeeUser.request('PATCH', `/api/attendances/${any._id}`, { timeIn: '09:00', reason: 'x' })).status).toBe(403);
    expect((await employeeUser.request('DELETE', `/api/attendances/${any._id}`)).status).toBe(403);
    const own = await json(await employeeUser.get('/api/attendances?pageSize=100'));
    expect(own.total).toBeGreaterThan(10);
    expect(own.data.every((a: any) => a.employee === demoEmployeeId)).toBe(true);
    // Naming another employee does not widen the list: the own employee replaces it (decision 024).
    const others = await json(await employeeUser.get(`/api/attendances?employee=${carmen._id}&pageSize=100`));
    expect(others.total).toBe(own.total);
    expect(others.data.every((a: any) => a.employee === demoEmployeeId)).toBe(true);
    expect((await employeeUser.get(`/api/attendances/${any._id}`)).status).toBe(404);
    expect((await employeeUser.get(`/api/attendances/${own.data[0]._id}`)).status).toBe(200);
  });

  it('a role without attendance.read gets 403 for the list, one record and the export', async () => {
    expect((await noAttendance.get('/api/attendances')).status).toBe(403);
    expect((await noAttendance.get('/api/attendances/1')).status).toBe(403);
    expect((await noAttendance.get('/api/attendances/export')).status).toBe(403);
    expect((await reader.request('DELETE', '/api/attendances/1')).status).toBe(403);
    expect((await reader.post('/api/attendances', {})).status).toBe(403);
  });
});

describe('Excel export', () => {
  // Reasons are trimmed on input, so a leading tab or CR cannot reach the file; the rest can.
  const tricky = ['=1+1', '+SUM(A1:A2)', '-2+3', '@cmd', '=HYPERLINK("http://example.com","x")'];

  async function download(client: Client, query: string) {
    const res = await client.get(`/api/attendances/export?${query}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(await res.arrayBuffer());
    return { res, sheet: workbook.worksheets[0]! };
  }

  it('exports the filtered list with real dates, times and numbers; formula-like text stays text', async () => {
    const dates: string[] = [];
    for (const [i, reason] of tricky.entries()) {
      const date = workingDay(3 + i);
      dates.push(date);
      const res = await admin.post('/api/attendances', { employee: carmen._id, date, timeIn: '09:30', timeOut: '16:45', breakIn: '12:00', breakOut: '12:45', reason });
      expect(res.status).toBe(201);
    }
    const from = dates.reduce((a, b) => (a < b ? a : b));
    const to = dates.reduce((a, b) => (a > b ? a : b));
    const query = `employee=${carmen._id}&from=${from}&to=${to}&source=manual&sort=date&dir=asc`;
    const listed = await json(await admin.get(`/api/attendances?${query}&pageSize=100`));
    const { res, sheet } = await download(admin, query);
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="attendance-\d{4}-\d{2}-\d{2}\.xlsx"/);
    expect(sheet.rowCount).toBe(listed.total + 1);
    expect(sheet.getRow(1).values).toEqual([
      undefined,
      'Employee',
      'National ID',
      'Department',
      'Date',
      'Time in',
      'Time out',
      'Break in',
      'Break out',
      'Break hours',
      'Worked hours',
      'Status in/out',
      'Late (minutes)',
      'Early departure (minutes)',
      'Reason',
    ]);
    const byReason = new Map<string, ExcelJS.Row>();
    for (let r = 2; r <= sheet.rowCount; r++) byReason.set(String(sheet.getRow(r).getCell(14).value), sheet.getRow(r));
    for (const reason of tricky) {
      // Issue 34.2: a text starting like a formula is written with a leading apostrophe.
      const row = byReason.get(`'${reason}`);
      expect(row, reason).toBeDefined();
      const cell = row!.getCell(14);
      expect(cell.type, reason).toBe(ExcelJS.ValueType.String);
      expect(cell.formula, reason).toBeUndefined();
    }
    const first = sheet.getRow(2);
    const date = listed.data[0].date;
    expect(first.getCell(1).value).toBe('Carmen Ruiz Navarro');
    expect(first.getCell(1).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(2).value).toBe(listed.data[0].nationalId);
    expect(first.getCell(2).type).toBe(ExcelJS.ValueType.String);
    expect(first.getCell(4).value).toBeInstanceOf(Date);
    expect((first.getCell(4).value as Date).toISOString()).toBe(`${date}T00:00:00.000Z`);
    expect(first.getCell(5).value).toBeInstanceOf(Date);
    expect((first.getCell(5).value as Date).toISOString()).toBe(`${date}T09:30:00.000Z`);
    expect(first.getCell(5).numFmt).toBe('hh:mm');
    expect((first.getCell(6).value as Date).toISOString()).toBe(`${date}T16:45:00.000Z`);
    // Issue 17.6: the break's start and end and the in/out status, as the list shows them.
    expect((first.getCell(7).value as Date).toISOString()).toBe(`${date}T12:00:00.000Z`);
    expect(first.getCell(7).numFmt).toBe('hh:mm');
    expect((first.getCell(8).value as Date).toISOString()).toBe(`${date}T12:45:00.000Z`);
    expect(first.getCell(9).value).toBe(0.75);
    expect(first.getCell(10).value).toBe(6.5);
    expect(first.getCell(10).type).toBe(ExcelJS.ValueType.Number);
    expect(first.getCell(11).value).toBe('Out');
    expect(first.getCell(12).value).toBe(30);
    expect(first.getCell(13).value).toBe(15);
  });

  it('exports every row of the list (no pagination), in Spanish with lang=es', async () => {
    const total = (await json(await admin.get('/api/attendances?pageSize=1'))).total;
    const { res, sheet } = await download(admin, 'lang=es');
    expect(res.headers.get('content-disposition')).toMatch(/filename="asistencia-/);
    expect(sheet.rowCount).toBe(total + 1);
    expect(sheet.getRow(1).getCell(1).value).toBe('Empleado');
    expect(sheet.getRow(1).getCell(14).value).toBe('Motivo');
    // An open day exports an empty time out and worked hours, and says it is open.
    let open = 0;
    for (let r = 2; r <= sheet.rowCount; r++) {
      const row = sheet.getRow(r);
      if (row.getCell(6).value === null) {
        open++;
        expect(['Dentro', 'Falta la salida']).toContain(row.getCell(11).value);
      } else expect(row.getCell(11).value).toBe('Fuera');
      // Issue 17.6: never an empty reason where the list shows where the record came from.
      expect(String(row.getCell(14).value ?? '')).not.toBe('');
    }
    const openTotal = (await json(await admin.get('/api/attendances?status=open&pageSize=1'))).total;
    expect(open).toBe(openTotal);
    const clockTotal = (await json(await admin.get('/api/attendances?source=clock&pageSize=1'))).total;
    const clockRows = Array.from({ length: sheet.rowCount - 1 }, (_, i) => sheet.getRow(i + 2).getCell(14).value).filter((v) => v === 'Reloj').length;
    // Clock rows without a written reason (a corrected clock row shows its reason instead).
    expect(clockRows).toBeGreaterThan(0);
    expect(clockRows).toBeLessThanOrEqual(clockTotal);
  });

  it('an Employee account exports only its own days', async () => {
    const own = (await json(await employeeUser.get('/api/attendances?pageSize=1'))).total;
    const { sheet } = await download(employeeUser, '');
    expect(sheet.rowCount).toBe(own + 1);
    for (let r = 2; r <= sheet.rowCount; r++) expect(sheet.getRow(r).getCell(1).value).toBe('Javier Moreno Gil');
  });
});

import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { addFailingTrigger } from '../helpers/failing-trigger.ts';
import { Client } from '../helpers/http-client.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * POST /api/clock end to end over HTTP on the demo data set (employee i has PIN 100000 + i; the
 * schedules run open-ended from 90 days before the real today). The server's clock is faked
 * (JORNADA_FAKE_NOW_FILE, honoured only with JORNADA_TEST=1) and set to days of 2027, after
 * every demo attendance, so each test controls the state. Tests run in order and move time
 * forward; failed identifications come last, as they make the address wait.
 */

const ZONE = 'Europe/Lisbon';
let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;

/** Sets the server's "now" to a local wall-clock time in Lisbon ("HH:mm" or "HH:mm:ss"). */
function setNow(date: string, time: string): string {
  const base = Date.parse(localDateTimeToUtcIso(date, time.slice(0, 5), ZONE));
  const iso = new Date(base + Number(time.slice(6) || 0) * 1000).toISOString();
  writeFileSync(clockFile, iso);
  return iso;
}

interface Answer {
  status: number;
  body: { message: string; code?: string; retryAfter?: number; errors?: Record<string, string>; employee?: { _id?: number; full_name?: string; image?: string | null; first_name?: string }; time?: string };
  headers: Headers;
}

async function clock(body: Record<string, unknown>, lang: 'en' | 'es' = 'en'): Promise<Answer> {
  const res = await new Client(server.url, lang).post('/api/clock', body);
  return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers };
}

const punch = (n: number, action: string, lang: 'en' | 'es' = 'en') => clock({ action, pin: String(100000 + n) }, lang);

const query = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const run = (text: string, ...params: unknown[]): void => void sqlIn(server.dataDir, text, ...params);

/** Demo employee ids by roster number (names are unique in the demo set). */
const ROSTER = { carmen: 1, lucia: 3, antonio: 4, laura: 7, pablo: 10, elena: 11, marta: 13, francisco: 16, isabel: 19, sara: 21, daniel: 22, miguel: 24, rocio: 25 };
const idOf = (firstName: string) => query<{ id: number }>('select id from employees where first_name = ?', firstName)[0]!.id;

interface AttendanceRow {
  id: number;
  date: string;
  time_in: string;
  time_out: string | null;
  worked_seconds: number | null;
  break_seconds: number;
  status_in: string;
  late_seconds: number;
  early_departure_seconds: number;
  source: string;
  timezone: string;
}
const attendanceOf = (employeeId: number, date: string) => query<AttendanceRow>('select * from attendances where employee_id = ? and date = ?', employeeId, date)[0];
const punchesOf = (employeeId: number, since: string) =>
  query<{ action: string; at: string; method: string; attendance_id: number }>('select action, at, method, attendance_id from punches where employee_id = ? and at >= ? order by id', employeeId, since);

async function putSettings(change: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-clock-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-03-01T06:00:00Z');
  // On PostgreSQL a pool of 3 gives the punches one lane (engine.ts): punches sent together then share
  // batches, whose states are read ahead together (the test of several employees at once).
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, DATABASE_POOL_SIZE: '3' } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

// 2027-03-01 is a Monday; Lisbon is at UTC+0 until 2027-03-28.
const MON = '2027-03-01';
const TUE = '2027-03-02';
const SAT = '2027-03-06';

describe('POST /api/clock with a PIN', () => {
  it('a forgotten check-out stays open and does not block the next day', async () => {
    const lucia = idOf('Lucía');
    setNow(MON, '06:55');
    expect((await punch(ROSTER.lucia, 'check-in')).status).toBe(200);
    setNow(TUE, '06:40');
    // A check-out the next morning does not close yesterday's forgotten day.
    const out = await punch(ROSTER.lucia, 'check-out');
    expect(out.status).toBe(409);
    expect(out.body.code).toBe('messages.noAttendanceData');
    setNow(TUE, '06:58');
    expect((await punch(ROSTER.lucia, 'check-in')).status).toBe(200);
    setNow(TUE, '15:02');
    expect((await punch(ROSTER.lucia, 'check-out')).status).toBe(200);
    expect(attendanceOf(lucia, MON)).toMatchObject({ time_out: null, worked_seconds: null });
    expect(attendanceOf(lucia, TUE)).toMatchObject({ time_out: setNow(TUE, '15:02'), worked_seconds: 8 * 3600 + 4 * 60 });
  });

  it('records a whole day and refuses every out-of-order punch with the spec message', async () => {
    const carmen = idOf('Carmen');
    setNow(MON, '08:50');
    for (const action of ['check-out', 'break-in', 'break-out']) {
      const refused = await punch(ROSTER.carmen, action);
      expect(refused.status, action).toBe(409);
      // A refusal names the identified employee by first name only: nothing was written (decision 025).
      expect(refused.body).toEqual({ message: 'No attendance data for this employee.', code: 'messages.noAttendanceData', employee: { first_name: 'Carmen' } });
    }

    const checkIn = setNow(MON, '09:03');
    const ok = await punch(ROSTER.carmen, 'check-in');
    expect(ok.status).toBe(200);
    expect(ok.body).toEqual({
      message: 'Recorded successfully!',
      employee: { _id: carmen, full_name: 'Carmen Ruiz Navarro', image: null },
      time: checkIn,
    });
    expect(attendanceOf(carmen, MON)).toMatchObject({
      time_in: checkIn,
      time_out: null,
      status_in: 'on_time',
      late_seconds: 0,
      source: 'clock',
      timezone: ZONE,
    });

    setNow(MON, '09:30');
    const again = await punch(ROSTER.carmen, 'check-in');
    expect(again.status).toBe(409);
    expect(again.body).toMatchObject({ message: 'The employee has already checked in today at 09:03', code: 'messages.alreadyCheckedIn', employee: { first_name: 'Carmen' } });
    expect((await punch(ROSTER.carmen, 'check-in', 'es')).body.message).toBe('El empleado ya ha fichado la entrada hoy a las 09:03');

    setNow(MON, '11:00');
    expect((await punch(ROSTER.carmen, 'break-out')).body.message).toBe('This employee did not start a break.');
    setNow(MON, '13:00');
    expect((await punch(ROSTER.carmen, 'break-in')).status).toBe(200);
    setNow(MON, '13:05');
    expect((await punch(ROSTER.carmen, 'break-in')).body.message).toBe('This employee is currently on a break.');
    expect((await punch(ROSTER.carmen, 'check-out')).body.message).toBe('This employee is currently on a break.');
    expect((await punch(ROSTER.carmen, 'check-out', 'es')).body.message).toBe(es.messages.currentlyOnBreak);
    setNow(MON, '13:30');
    expect((await punch(ROSTER.carmen, 'break-out')).status).toBe(200);
    setNow(MON, '13:31');
    expect((await punch(ROSTER.carmen, 'break-out')).body.message).toBe('This employee has already finished their break.');
    expect((await punch(ROSTER.carmen, 'break-in')).body.message).toBe('This employee has already taken a break.');

    const checkOut = setNow(MON, '16:30');
    expect((await punch(ROSTER.carmen, 'check-out')).status).toBe(200);
    expect(attendanceOf(carmen, MON)).toMatchObject({
      time_out: checkOut,
      break_seconds: 30 * 60,
      worked_seconds: 7 * 3600 + 27 * 60 - 30 * 60,
      early_departure_seconds: 30 * 60,
    });
    setNow(MON, '16:40');
    for (const action of ['check-out', 'break-in', 'break-out']) {
      expect((await punch(ROSTER.carmen, action)).body.code, action).toBe('messages.alreadyLeftWork');
    }
    expect((await punch(ROSTER.carmen, 'check-out', 'es')).body.message).toBe(es.messages.alreadyLeftWork);

    // Each accepted punch is kept as it happened, with its audit record.
    const attendanceId = attendanceOf(carmen, MON)!.id;
    expect(punchesOf(carmen, `${MON}T00:00:00Z`).map((p) => [p.action, p.method, p.attendance_id])).toEqual([
      ['check-in', 'pin', attendanceId],
      ['break-in', 'pin', attendanceId],
      ['break-out', 'pin', attendanceId],
      ['check-out', 'pin', attendanceId],
    ]);
    const audit = query<{ action: string; after: string }>("select action, after from audit_log where entity = 'attendance' and entity_id = ? order by id", String(attendanceId));
    expect(audit.map((a) => a.action)).toEqual(['clock.check-in', 'clock.break-in', 'clock.break-out', 'clock.check-out']);
    expect(JSON.parse(audit[3]!.after)).toMatchObject({ employeeId: carmen, method: 'pin', workedSeconds: 25_020 });
  });

  it('marks a check-in after the grace minutes late, counted from the scheduled start; Spanish success message', async () => {
    setNow(MON, '08:05:00');
    expect((await punch(ROSTER.marta, 'check-in')).status).toBe(200);
    expect(attendanceOf(idOf('Marta'), MON)).toMatchObject({ status_in: 'on_time', late_seconds: 0 });
    setNow(MON, '09:05:01');
    const late = await punch(ROSTER.francisco, 'check-in', 'es');
    expect(late.body.message).toBe('¡Registrado correctamente!');
    expect(attendanceOf(idOf('Francisco'), MON)).toMatchObject({ status_in: 'late', late_seconds: 301 });
  });

  it('records a double tap once and answers it with the first punch', async () => {
    const laura = idOf('Laura');
    const first = setNow(MON, '09:20');
    const answers = [await punch(ROSTER.laura, 'check-in'), await punch(ROSTER.laura, 'check-in')];
    setNow(MON, '09:20:08');
    answers.push(await punch(ROSTER.laura, 'check-in'));
    for (const a of answers) expect(a.body).toMatchObject({ message: 'Recorded successfully!', time: first });
    expect(punchesOf(laura, `${MON}T00:00:00Z`)).toHaveLength(1);
    expect(attendanceOf(laura, MON)).toMatchObject({ status_in: 'late', late_seconds: 20 * 60 });
    // After the double-tap window it is a real second check-in, refused.
    setNow(MON, '09:20:11');
    expect((await punch(ROSTER.laura, 'check-in')).body.code).toBe('messages.alreadyCheckedIn');

    // Simultaneous taps also write one punch.
    const pablo = idOf('Pablo');
    setNow(MON, '07:58');
    const together = await Promise.all([1, 2, 3, 4].map(() => punch(ROSTER.pablo, 'check-in')));
    expect(together.map((a) => a.status)).toEqual([200, 200, 200, 200]);
    expect(punchesOf(pablo, `${MON}T00:00:00Z`)).toHaveLength(1);
    expect(query('select id from attendances where employee_id = ? and date = ?', pablo, MON)).toHaveLength(1);
  });

  it('refuses a rest day, a day without a schedule and a day of approved leave', async () => {
    setNow(SAT, '09:00');
    const rest = await punch(ROSTER.carmen, 'check-in');
    expect(rest.status).toBe(409);
    expect(rest.body).toMatchObject({ message: 'Today is a rest day for this employee.', code: 'messages.restDayToday' });
    expect((await punch(ROSTER.carmen, 'check-in', 'es')).body.message).toBe(es.messages.restDayToday);

    const isabel = idOf('Isabel');
    run('update schedules set to_date = ?, status = ? where employee_id = ?', '2027-01-31', 'previous', isabel);
    setNow('2027-03-08', '09:00');
    for (const action of ['check-in', 'check-out']) {
      const none = await punch(ROSTER.isabel, action);
      expect(none.body, action).toMatchObject({ message: 'No active schedule found for this employee.', code: 'messages.noActiveSchedule', employee: { first_name: 'Isabel' } });
    }

    const typeId = query<{ id: number }>('select id from leave_types order by id limit 1')[0]!.id;
    const stamp = new Date().toISOString();
    const leave = (employeeId: number, status: string) =>
      run(
        `insert into leaves (employee_id, leave_type_id, from_date, to_date, reason, status, created_at, updated_at)
         values (?, ?, '2027-03-08', '2027-03-09', 'Test', ?, ?, ?)`,
        employeeId,
        typeId,
        status,
        stamp,
        stamp,
      );
    leave(idOf('Miguel'), 'approved');
    leave(idOf('Rocío'), 'pending');
    setNow('2027-03-08', '07:55');
    const onLeave = await punch(ROSTER.miguel, 'check-in');
    expect(onLeave.status).toBe(409);
    expect(onLeave.body).toMatchObject({ message: en.punch.onLeave, code: 'punch.onLeave' });
    expect((await punch(ROSTER.miguel, 'check-in', 'es')).body.message).toBe(es.punch.onLeave);
    expect((await punch(ROSTER.rocio, 'check-in')).status).toBe(200);
    expect(punchesOf(idOf('Miguel'), '2027-03-08')).toHaveLength(0);
  });

  it('punches of several employees at once each get their own state: leave, a locked day, an open break, a double tap, no check-in', async () => {
    // Sent together, they share a group commit (on PostgreSQL their states are read in one statement).
    const WED = '2027-03-10';
    const [elena, marta, sara, pablo, daniel, lucia] = ['Elena', 'Marta', 'Sara', 'Pablo', 'Daniel', 'Lucía'].map(idOf) as [number, number, number, number, number, number];
    const typeId = query<{ id: number }>('select id from leave_types order by id limit 1')[0]!.id;
    const stamp = new Date().toISOString();
    run(`insert into leaves (employee_id, leave_type_id, from_date, to_date, reason, status, created_at, updated_at) values (?, ?, ?, ?, 'Test', 'approved', ?, ?)`, elena, typeId, WED, WED, stamp, stamp);
    run(`insert into period_approvals (employee_id, date_from, date_to, status, approved_by, approved_at) values (?, ?, ?, 'approved', null, ?)`, marta, WED, WED, stamp);
    // A webhook on (a receiver that is down): each recorded punch of the batch queues its delivery.
    const hook = (await (await admin.post('/api/webhooks', { url: 'http://127.0.0.1:2/down', events: ['punch.recorded'] })).json()) as { data: { _id: number } };
    setNow(WED, '08:00');
    expect((await punch(ROSTER.sara, 'check-in')).status).toBe(200);
    setNow(WED, '08:30');
    expect((await punch(ROSTER.sara, 'break-in')).status).toBe(200);
    const first = setNow(WED, '08:45');
    expect((await punch(ROSTER.pablo, 'check-in')).status).toBe(200);
    setNow(WED, '08:45:05');
    const [leave, locked, breakOut, repeat, notIn, checkIn] = await Promise.all([
      punch(ROSTER.elena, 'check-in'),
      punch(ROSTER.marta, 'check-in'),
      punch(ROSTER.sara, 'break-out'),
      punch(ROSTER.pablo, 'check-in'),
      punch(ROSTER.daniel, 'check-out'),
      punch(ROSTER.lucia, 'check-in'),
    ]);
    expect(leave.body).toMatchObject({ code: 'punch.onLeave' });
    expect(locked.body).toMatchObject({ code: 'periods.locked' });
    expect([breakOut.status, repeat.status, checkIn.status]).toEqual([200, 200, 200]);
    expect(repeat.body.time).toBe(first);
    expect(notIn.body).toMatchObject({ code: 'messages.noAttendanceData' });
    expect(query('select id from punches where employee_id in (?, ?, ?) and at >= ?', elena, marta, daniel, `${WED}T00:00:00Z`)).toHaveLength(0);
    expect(punchesOf(pablo, `${WED}T00:00:00Z`)).toHaveLength(1);
    expect(attendanceOf(sara, WED)).toMatchObject({ break_seconds: 15 * 60 + 5, time_out: null });
    expect(attendanceOf(lucia, WED)).toMatchObject({ time_out: null });
    const queued = query<{ payload: string }>("select payload from outbox where channel = 'webhook' and kind = 'punch.recorded' and dedupe_key like ?", `webhook:${hook.data._id}:%`);
    const told = queued.map((r) => (JSON.parse((JSON.parse(r.payload) as { body: string }).body) as { data: { employeeId: number; action: string } }).data).map((d) => `${d.employeeId} ${d.action}`);
    expect(told.sort()).toEqual([`${sara} check-in`, `${sara} break-in`, `${pablo} check-in`, `${sara} break-out`, `${lucia} check-in`].sort());
    expect((await admin.request('DELETE', `/api/webhooks/${hook.data._id}`)).status).toBe(200);
  });

  it('a night shift across the spring DST change is one attendance of 7 real hours on its start date', async () => {
    const antonio = idOf('Antonio');
    // Saturday 2027-03-27 22:00 to Sunday 06:00; Lisbon moves from 01:00 to 02:00 that night.
    const checkIn = setNow('2027-03-27', '21:57');
    expect((await punch(ROSTER.antonio, 'check-in')).status).toBe(200);
    setNow('2027-03-28', '00:30');
    expect((await punch(ROSTER.antonio, 'check-in')).body.message).toBe('The employee has already checked in today at 21:57');
    expect((await punch(ROSTER.antonio, 'break-in')).status).toBe(200);
    setNow('2027-03-28', '02:10'); // 40 real minutes later
    expect((await punch(ROSTER.antonio, 'break-out')).status).toBe(200);
    const checkOut = setNow('2027-03-28', '06:03');
    expect((await punch(ROSTER.antonio, 'check-out')).status).toBe(200);
    expect(Date.parse(checkOut) - Date.parse(checkIn)).toBe((7 * 3600 + 6 * 60) * 1000);
    expect(attendanceOf(antonio, '2027-03-27')).toMatchObject({
      time_in: checkIn,
      time_out: checkOut,
      break_seconds: 40 * 60,
      worked_seconds: 7 * 3600 + 6 * 60 - 40 * 60,
      early_departure_seconds: 0,
      status_in: 'on_time',
    });
    expect(attendanceOf(antonio, '2027-03-28')).toBeUndefined();
  });

  it('a night shift across the autumn DST change counts 9 real hours', async () => {
    const antonio = idOf('Antonio');
    const checkIn = setNow('2027-10-30', '22:00');
    expect((await punch(ROSTER.antonio, 'check-in')).status).toBe(200);
    setNow('2027-10-31', '05:00');
    const early = await punch(ROSTER.antonio, 'check-out', 'es');
    expect(early.body.message).toBe('¡Registrado correctamente!');
    expect(attendanceOf(antonio, '2027-10-30')).toMatchObject({
      time_in: checkIn,
      worked_seconds: 8 * 3600,
      early_departure_seconds: 3600,
    });
  });

  it('writes nothing when any part of the punch fails (one transaction)', async () => {
    const elena = idOf('Elena');
    // Fault injection: the audit entry, written last, is refused.
    const removeFault = addFailingTrigger(server.dataDir, { name: 'fail_clock_audit', table: 'audit_log', event: 'insert', when: "new.action like 'clock.%'", message: 'injected failure' });
    setNow('2027-11-02', '08:58');
    try {
      const failed = await punch(ROSTER.elena, 'check-in');
      expect(failed.status).toBe(500);
      expect(failed.body).toEqual({ message: 'Something went wrong!', code: 'errors.somethingWentWrong' });
    } finally {
      removeFault();
    }
    expect(attendanceOf(elena, '2027-11-02')).toBeUndefined();
    expect(punchesOf(elena, '2027-11-01')).toHaveLength(0);
    setNow('2027-11-02', '08:59');
    expect((await punch(ROSTER.elena, 'check-in')).status).toBe(200);
    expect(attendanceOf(elena, '2027-11-02')).toMatchObject({ status_in: 'on_time' });
  });

  it('refuses an archived employee', async () => {
    const daniel = idOf('Daniel');
    run("update employees set status = 'archived' where id = ?", daniel);
    setNow('2027-11-02', '07:00');
    const refused = await punch(ROSTER.daniel, 'check-in');
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({ message: en.punch.employeeArchived, code: 'punch.employeeArchived' });
    expect(punchesOf(daniel, '2027-11-01')).toHaveLength(0);
  });

  it('checks the request: one identifier, a known action, a PIN of 6-10 digits', async () => {
    setNow('2027-11-02', '10:00');
    const none = await clock({ action: 'check-in' });
    expect(none.status).toBe(422);
    expect(none.body).toEqual({ message: en.punch.oneIdentifier, code: 'punch.oneIdentifier' });
    expect((await clock({ action: 'check-in', pin: '100001', card: 'X1' })).body.code).toBe('punch.oneIdentifier');
    const action = await clock({ action: 'lunch', pin: '100001' });
    expect(action.status).toBe(422);
    expect(action.body.errors).toEqual({ action: en.punch.invalidAction });
    const pin = await clock({ action: 'check-in', pin: '12ab' }, 'es');
    expect(pin.body.errors).toEqual({ pin: es.employees.pinFormat });
    // Faces are matched on the server (tests/integration/clock-face.test.ts), and only from a
    // paired terminal (tests/integration/terminals.test.ts); this browser is not one.
    await enableFaceRecognition(admin);
    const descriptor = Array.from({ length: 128 }, (_, i) => (i % 2 ? 0.1 : -0.1));
    const face = await clock({ action: 'check-in', descriptor });
    expect(face.status).toBe(403);
    expect(face.body).toEqual({ message: en.terminal.pairingRequired, code: 'terminal.pairingRequired' });
  });

  it('identifies by RFID card only when the card clock is on', async () => {
    const sara = idOf('Sara');
    run("update employees set rfid_card = 'CARD-0021' where id = ?", sara);
    setNow('2027-11-02', '07:59');
    const off = await clock({ action: 'check-in', card: 'CARD-0021' });
    expect(off.status).toBe(403);
    expect(off.body.code).toBe('punch.cardClockOff');
    await putSettings({ rfidClock: true });
    const ok = await clock({ action: 'check-in', card: 'CARD-0021' });
    expect(ok.status).toBe(200);
    expect(ok.body.employee?._id).toBe(sara);
    expect(punchesOf(sara, '2027-11-02').map((p) => p.method)).toEqual(['card']);
    const unknown = await clock({ action: 'check-in', card: 'NOPE' });
    expect(unknown.status).toBe(401);
    expect(unknown.body.code).toBe('punch.unknownCard');
    await putSettings({ rfidClock: false });
  });

  it('answers Access Denied outside the web clock IP restriction', async () => {
    setNow('2027-11-03', '09:00');
    await putSettings({ ipRestriction: '10.0.0.0/8, 192.168.1.20' });
    const denied = await punch(ROSTER.carmen, 'check-in');
    expect(denied.status).toBe(403);
    expect(denied.body).toEqual({ message: 'Access Denied: You do not have permission to visit this page.', code: 'errors.forbidden' });
    expect((await punch(ROSTER.carmen, 'check-in', 'es')).body.message).toBe(es.errors.forbidden);
    expect(punchesOf(idOf('Carmen'), '2027-11-03')).toHaveLength(0);
    await putSettings({ ipRestriction: '10.0.0.0/8, 127.0.0.1' });
    expect((await punch(ROSTER.carmen, 'check-in')).status).toBe(200);
    await putSettings({ ipRestriction: '' });
  });

  it('after three free unknown PINs makes the address wait 2 s, then 4 s; an identification ends the wait (decision 025)', async () => {
    setNow('2027-11-04', '08:50');
    for (let i = 0; i < 4; i++) {
      const unknown = await clock({ action: 'check-in', pin: `99999${i}` });
      expect(unknown.status).toBe(401);
      expect(unknown.body).toEqual({ message: en.punch.unknownPin, code: 'punch.unknownPin' });
    }
    // Seconds, not the old five minutes, and for the right PIN too while it lasts.
    const waiting = await punch(ROSTER.carmen, 'check-in', 'es');
    expect(waiting.status).toBe(429);
    expect(waiting.body).toEqual({ message: es.punch.tooManyAttemptsSeconds_other.replace('{{seconds}}', '2'), code: 'punch.tooManyAttemptsSeconds', retryAfter: 2 });
    expect(Number(waiting.headers.get('retry-after'))).toBe(2);
    setNow('2027-11-04', '08:50:02');
    expect((await clock({ action: 'check-in', pin: '999994' })).status).toBe(401);
    expect(Number((await punch(ROSTER.carmen, 'check-in')).headers.get('retry-after'))).toBe(4);
    setNow('2027-11-04', '08:50:06');
    expect((await punch(ROSTER.carmen, 'check-in')).status).toBe(200);
    // The streak is over: the next typo is free again.
    expect((await clock({ action: 'check-in', pin: '999995' })).status).toBe(401);
    expect((await punch(ROSTER.marta, 'check-in')).status).toBe(200);
  });
});

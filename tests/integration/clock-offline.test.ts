import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal, type PairedTestTerminal } from '../helpers/terminal.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * POST /api/clock/offline and the conflicts screen's API (decision 046) on the demo data set
 * (employee i has PIN 100000 + i; Carmen works 09:00-17:00), with the server's clock faked in
 * 2027 like clock.test.ts. Each describe pairs its own terminal, so sequence numbers start at 1.
 */

const ZONE = 'Europe/Lisbon';
// Mondays to Fridays of March 2027; Lisbon is at UTC+0 until 2027-03-28.
const MON = '2027-03-01';
const TUE = '2027-03-02';
const WED = '2027-03-03';
const THU = '2027-03-04';
const FRI = '2027-03-05';
let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;

const local = (date: string, time: string) => localDateTimeToUtcIso(date, time, ZONE);
function setNow(date: string, time: string): string {
  const iso = local(date, time);
  writeFileSync(clockFile, iso);
  return iso;
}

const query = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
const idOf = (firstName: string) => query<{ id: number }>('select id from employees where first_name = ?', firstName)[0]!.id;
const pin = (n: number) => String(100000 + n);
const ROSTER = { carmen: 1, lucia: 3, antonio: 4, laura: 7, pablo: 10, elena: 11, marta: 13 };

interface BatchAnswer {
  status: number;
  body: { results?: { seq: number; status: string; time?: string }[]; lastSeq?: number; code?: string; message?: string; errors?: Record<string, string> };
}

async function sendBatch(terminal: PairedTestTerminal | null, body: unknown, lang = 'en'): Promise<BatchAnswer> {
  const client = new Client(server.url, lang);
  const res = await client.request('POST', '/api/clock/offline', body, terminal ? terminal.headers : {});
  return { status: res.status, body: (await res.json()) as BatchAnswer['body'] };
}

const conflicts = () =>
  query<{
    id: number;
    seq: number;
    seq_to: number | null;
    reason: string;
    employee_id: number | null;
    action: string | null;
    at: string | null;
    device_at: string | null;
    detail: string | null;
    status: string;
    terminal_id: number;
  }>('select * from clock_conflicts order by id');
const countOf = (table: string) => query<{ n: number }>(`select count(*) as n from ${table}`)[0]!.n;

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-offline-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-03-01T06:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('who may send late punches', () => {
  it('refuses a browser without a terminal, an unknown credential and a revoked terminal, writing nothing', async () => {
    setNow(MON, '08:00');
    const body = { sentAt: local(MON, '08:00'), punches: [{ seq: 1, at: local(MON, '07:00'), action: 'check-in', pin: pin(ROSTER.carmen) }] };
    const before = countOf('punches');
    const none = await sendBatch(null, body);
    expect(none.status).toBe(403);
    expect(none.body.code).toBe('terminal.pairingRequired');
    const forged = await sendBatch({ id: 0, name: 'x', credential: 'x', headers: { 'x-terminal-token': 'A'.repeat(43) } }, body);
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('terminal.unknown');
    const revoked = await pairTerminal(server.url, admin, { name: 'Revoked', methods: ['pin'] });
    expect((await admin.post(`/api/terminals/${revoked.id}/revoke`, {})).status).toBe(200);
    const refused = await sendBatch(revoked, body);
    expect(refused.status).toBe(401);
    expect(countOf('punches')).toBe(before);
    expect(countOf('clock_conflicts')).toBe(0);
  });

  it('refuses a malformed batch with 422 and writes nothing: no identifier, two, a face, bad times, numbers out of order', async () => {
    const terminal = await pairTerminal(server.url, admin, { name: 'Validation', methods: ['pin', 'badge', 'face'] });
    const at = local(MON, '07:00');
    const sentAt = local(MON, '08:00');
    const bad = [
      { seq: 1, at, action: 'check-in' },
      { seq: 1, at, action: 'check-in', pin: pin(1), card: 'C-1' },
      { seq: 1, at, action: 'check-in', descriptor: Array(128).fill(0.01) },
      { seq: 1, at: 'yesterday', action: 'check-in', pin: pin(1) },
      { seq: 0, at, action: 'check-in', pin: pin(1) },
      { seq: 1.5, at, action: 'check-in', pin: pin(1) },
      { seq: 1, at, action: 'lunch', pin: pin(1) },
    ];
    for (const punch of bad) {
      const answer = await sendBatch(terminal, { sentAt, punches: [punch] });
      expect(answer.status, JSON.stringify(punch)).toBe(422);
    }
    expect(
      (
        await sendBatch(terminal, {
          sentAt,
          punches: [
            { seq: 2, at, action: 'check-in', pin: pin(1) },
            { seq: 1, at, action: 'check-out', pin: pin(1) },
          ],
        })
      ).status,
    ).toBe(422);
    expect((await sendBatch(terminal, { punches: [] })).status).toBe(422);
    expect((await sendBatch(terminal, { sentAt, punches: Array.from({ length: 101 }, (_, i) => ({ seq: i + 1, at, action: 'check-in', pin: pin(1) })) })).status).toBe(422);
    expect(countOf('clock_conflicts')).toBe(0);
    expect(query('select * from offline_receipts where terminal_id = ?', terminal.id)).toEqual([]);
  });
});

describe('late punches in order', () => {
  let terminal: PairedTestTerminal;
  let carmen: number;
  const batch = () => ({
    sentAt: local(MON, '12:00'),
    punches: [
      { seq: 1, at: local(MON, '09:02'), action: 'check-in', pin: pin(ROSTER.carmen) },
      { seq: 2, at: local(MON, '11:00'), action: 'break-in', pin: pin(ROSTER.carmen) },
    ],
  });

  beforeAll(async () => {
    terminal = await pairTerminal(server.url, admin, { name: 'Obrador', methods: ['pin', 'badge'] });
    carmen = idOf('Carmen');
  });

  it('applies the clock rules at each punch time and marks the punches offline with their arrival', async () => {
    const arrival = setNow(MON, '12:00');
    const answer = await sendBatch(terminal, batch());
    expect(answer.status).toBe(200);
    expect(answer.body).toEqual({
      results: [
        { seq: 1, status: 'recorded', time: local(MON, '09:02') },
        { seq: 2, status: 'recorded', time: local(MON, '11:00') },
      ],
      lastSeq: 2,
    });
    // On time at 09:02 (grace), though it arrived at 12:00.
    expect(query('select time_in, status_in, late_seconds, source from attendances where employee_id = ? and date = ?', carmen, MON)).toEqual([
      { time_in: local(MON, '09:02'), status_in: 'on_time', late_seconds: 0, source: 'clock' },
    ]);
    expect(query('select action, at, method, terminal, terminal_id, offline_seq, created_at from punches where employee_id = ? and at >= ? order by id', carmen, local(MON, '00:00'))).toEqual([
      { action: 'check-in', at: local(MON, '09:02'), method: 'pin', terminal: 'Obrador', terminal_id: terminal.id, offline_seq: 1, created_at: arrival },
      { action: 'break-in', at: local(MON, '11:00'), method: 'pin', terminal: 'Obrador', terminal_id: terminal.id, offline_seq: 2, created_at: arrival },
    ]);
    expect(query('select last_seq from terminals where id = ?', terminal.id)).toEqual([{ last_seq: 2 }]);
    const audit = query<{ after: string }>(
      "select after from audit_log where action = 'clock.check-in' and entity_id = (select cast(attendance_id as text) from punches where offline_seq = 1 and terminal_id = ?)",
      terminal.id,
    );
    expect(JSON.parse(audit[0]!.after)).toMatchObject({ offline: true, seq: 1, deviceAt: local(MON, '09:02'), receivedAt: arrival, terminalId: terminal.id });
    // The PIN is never written anywhere.
    expect(query('select count(*) as n from audit_log where after like ?', `%${pin(ROSTER.carmen)}%`)).toEqual([{ n: 0 }]);
  });

  it('answers a batch sent again (the answer was lost) exactly as the first time and writes nothing', async () => {
    setNow(MON, '12:05');
    const punches = countOf('punches');
    const audits = countOf('audit_log');
    const again = await sendBatch(terminal, batch());
    expect(again.body).toEqual({
      results: [
        { seq: 1, status: 'recorded', time: local(MON, '09:02') },
        { seq: 2, status: 'recorded', time: local(MON, '11:00') },
      ],
      lastSeq: 2,
    });
    expect(countOf('punches')).toBe(punches);
    expect(countOf('audit_log')).toBe(audits);
  });

  it('an empty batch tells the terminal its last number', async () => {
    expect((await sendBatch(terminal, { sentAt: local(MON, '12:05'), punches: [] })).body).toEqual({ results: [], lastSeq: 2 });
  });

  it('after a gap applies the punch and files the missing numbers; a missing number arriving late is a conflict', async () => {
    setNow(MON, '13:00');
    const answer = await sendBatch(terminal, { sentAt: local(MON, '13:00'), punches: [{ seq: 5, at: local(MON, '12:30'), action: 'break-out', pin: pin(ROSTER.carmen) }] });
    expect(answer.body).toEqual({ results: [{ seq: 5, status: 'recorded', time: local(MON, '12:30') }], lastSeq: 5 });
    expect(conflicts().filter((c) => c.terminal_id === terminal.id)).toMatchObject([{ reason: 'sequenceGap', seq: 3, seq_to: 4, employee_id: null, status: 'open' }]);

    const late = await sendBatch(terminal, { sentAt: local(MON, '13:01'), punches: [{ seq: 4, at: local(MON, '11:30'), action: 'break-out', pin: pin(ROSTER.carmen) }] });
    expect(late.body).toEqual({ results: [{ seq: 4, status: 'conflict' }], lastSeq: 5 });
    expect(
      conflicts()
        .filter((c) => c.terminal_id === terminal.id)
        .at(-1),
    ).toMatchObject({ reason: 'outOfOrder', seq: 4, employee_id: carmen, action: 'break-out', at: local(MON, '11:30') });
    // Not applied: the break still ends at 12:30.
    expect(query('select end_at from attendance_breaks where attendance_id = (select id from attendances where employee_id = ? and date = ?)', carmen, MON)).toEqual([{ end_at: local(MON, '12:30') }]);
  });

  it('corrects a device clock that is an hour behind', async () => {
    setNow(MON, '18:00');
    // The terminal says 17:00 when the server says 18:00: its 16:05 was 17:05.
    const answer = await sendBatch(terminal, { sentAt: local(MON, '17:00'), punches: [{ seq: 6, at: local(MON, '16:05'), action: 'check-out', pin: pin(ROSTER.carmen) }] });
    expect(answer.body.results).toEqual([{ seq: 6, status: 'recorded', time: local(MON, '17:05') }]);
    expect(query('select time_out from attendances where employee_id = ? and date = ?', carmen, MON)).toEqual([{ time_out: local(MON, '17:05') }]);
  });
});

describe('late punches that become conflicts, never dropped', () => {
  let terminal: PairedTestTerminal;
  const mine = () => conflicts().filter((c) => c.terminal_id === terminal.id);

  beforeAll(async () => {
    terminal = await pairTerminal(server.url, admin, { name: 'Tienda', methods: ['pin'] });
  });

  it('files a future time, a too old one, an engine refusal, an unknown PIN and a badge the terminal may not read', async () => {
    setNow(TUE, '12:00');
    const answer = await sendBatch(terminal, {
      sentAt: local(TUE, '12:00'),
      punches: [
        { seq: 1, at: local(TUE, '13:00'), action: 'check-in', pin: pin(ROSTER.lucia) },
        { seq: 2, at: '2027-02-25T09:00:00.000Z', action: 'check-in', pin: pin(ROSTER.lucia) },
        { seq: 3, at: local(TUE, '10:00'), action: 'check-out', pin: pin(ROSTER.antonio) },
        { seq: 4, at: local(TUE, '10:01'), action: 'check-in', pin: '999999' },
        { seq: 5, at: local(TUE, '10:02'), action: 'check-in', card: 'BADGE-1' },
      ],
    });
    expect(answer.status).toBe(200);
    // The terminal learns only that the server has them: no reason, no name.
    expect(answer.body).toEqual({ results: [1, 2, 3, 4, 5].map((seq) => ({ seq, status: 'conflict' })), lastSeq: 5 });
    const filed = mine();
    expect(filed.map((c) => [c.seq, c.reason])).toEqual([
      [1, 'future'],
      [2, 'tooOld'],
      [3, 'refused'],
      [4, 'unknownIdentifier'],
      [5, 'methodNotAllowed'],
    ]);
    expect(filed[0]!.employee_id).toBe(idOf('Lucía'));
    expect(JSON.parse(filed[2]!.detail!)).toMatchObject({ code: 'messages.noAttendanceData' });
    expect(filed[3]!.employee_id).toBeNull();
    expect(query('select count(*) as n from punches where terminal_id = ?', terminal.id)).toEqual([{ n: 0 }]);
    expect(query("select count(*) as n from audit_log where action = 'clockConflict.create'")[0]!).toMatchObject({ n: expect.any(Number) });
  });

  it("files a punch that would land before the employee's later live punch", async () => {
    setNow(TUE, '09:10');
    const live = await new Client(server.url).request('POST', '/api/clock', { action: 'check-in', pin: pin(ROSTER.laura) }, terminal.headers);
    expect(live.status, await live.clone().text()).toBe(200);
    setNow(TUE, '09:30');
    const answer = await sendBatch(terminal, { sentAt: local(TUE, '09:30'), punches: [{ seq: 6, at: local(TUE, '09:00'), action: 'check-in', pin: pin(ROSTER.laura) }] });
    expect(answer.body.results).toEqual([{ seq: 6, status: 'conflict' }]);
    expect(mine().at(-1)).toMatchObject({ reason: 'laterPunch', employee_id: idOf('Laura') });
  });

  it('lists open conflicts for administrators, the engine refusal worded in their language', async () => {
    const spanish = new Client(server.url, 'es');
    expect((await spanish.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    const res = await spanish.get('/api/clock-conflicts?pageSize=100');
    expect(res.status).toBe(200);
    const { data, total } = (await res.json()) as { data: { _id: number; reason: string; refusal: string | null; terminal: { name: string }; employee: { name: string } | null; date: string | null }[]; total: number };
    expect(total).toBe(data.length);
    const refused = data.find((c) => c.reason === 'refused' && c.terminal.name === 'Tienda')!;
    expect(refused.refusal).toBe('No hay datos de asistencia para este empleado.');
    expect(refused.employee?.name).toMatch(/^Antonio /);
    expect(refused.date).toBe(TUE);
    // Junk filters fall back to the defaults.
    expect((await admin.get('/api/clock-conflicts?status=x&page=-3&pageSize=abc')).status).toBe(200);
  });

  it('an employee account cannot see or close conflicts', async () => {
    const worker = new Client(server.url);
    expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await worker.get('/api/clock-conflicts')).status).toBe(403);
    const id = mine()[0]!.id;
    expect((await worker.post(`/api/clock-conflicts/${id}/dismiss`, { note: 'x' })).status).toBe(403);
    expect(mine()[0]!.status).toBe('open');
  });

  it('dismisses with a written reason, audited, once', async () => {
    const id = mine().find((c) => c.reason === 'unknownIdentifier')!.id;
    const empty = await admin.post(`/api/clock-conflicts/${id}/dismiss`, { note: '  ' });
    expect(empty.status).toBe(422);
    const emptyBody = await empty.json();
    expect(emptyBody.errors, JSON.stringify(emptyBody)).toEqual({ note: 'Write the reason.' });
    setNow(TUE, '15:00');
    const ok = await admin.post(`/api/clock-conflicts/${id}/dismiss`, { note: 'Mistyped PIN, the person punched again' });
    expect(ok.status).toBe(200);
    expect((await ok.json()).data).toMatchObject({ status: 'dismissed', resolution: { note: 'Mistyped PIN, the person punched again', by: expect.any(String), attendance: null } });
    expect(query("select reason from audit_log where action = 'clockConflict.dismiss' and entity_id = ?", String(id))).toEqual([{ reason: 'Mistyped PIN, the person punched again' }]);
    expect((await admin.post(`/api/clock-conflicts/${id}/dismiss`, { note: 'again' })).status).toBe(409);
    expect((await admin.post('/api/clock-conflicts/999999/dismiss', { note: 'x' })).status).toBe(404);
  });

  it('resolves by recording the day through the manual path, with the note as its reason', async () => {
    setNow(TUE, '16:00');
    const conflict = mine().find((c) => c.reason === 'future')!;
    const lucia = idOf('Lucía');
    // A refused day (check-out before check-in) writes nothing and leaves the conflict open.
    const wrong = await admin.post(`/api/clock-conflicts/${conflict.id}/resolve`, { note: 'Terminal clock was wrong', attendance: { employee: lucia, date: TUE, timeIn: '10:00', timeOut: '09:00' } });
    expect(wrong.status).toBe(422);
    expect(mine().find((c) => c.id === conflict.id)!.status).toBe('open');
    const ok = await admin.post(`/api/clock-conflicts/${conflict.id}/resolve`, { note: 'Terminal clock was wrong', attendance: { employee: lucia, date: TUE, timeIn: '07:00', timeOut: '15:00' } });
    expect(ok.status, await ok.clone().text()).toBe(200);
    const { data } = (await ok.json()) as { data: { status: string; resolution: { attendance: number } } };
    expect(data.status).toBe('resolved');
    expect(query('select id, source, reason, time_in from attendances where employee_id = ? and date = ?', lucia, TUE)).toEqual([
      { id: data.resolution.attendance, source: 'manual', reason: 'Terminal clock was wrong', time_in: local(TUE, '07:00') },
    ]);
    expect(query("select count(*) as n from audit_log where action = 'clockConflict.resolve' and entity_id = ?", String(conflict.id))).toEqual([{ n: 1 }]);
    // Resolving without a day records nothing but the note.
    const other = mine().find((c) => c.reason === 'tooOld')!;
    const noted = await admin.post(`/api/clock-conflicts/${other.id}/resolve`, { note: 'Corrected on the attendance page' });
    expect(noted.status).toBe(200);
    expect((await admin.get('/api/clock-conflicts?status=closed')).status).toBe(200);
  });
});

describe('guessing PINs through the offline path', () => {
  it('stops after 60 unknown PINs an hour per terminal: the rest waits unanswered, then 429', async () => {
    const terminal = await pairTerminal(server.url, admin, { name: 'Guesser', methods: ['pin'] });
    setNow(WED, '10:00');
    const guesses = Array.from({ length: 70 }, (_, i) => ({ seq: i + 1, at: local(WED, '09:00'), action: 'check-in', pin: String(900000 + i) }));
    const first = await sendBatch(terminal, { sentAt: local(WED, '10:00'), punches: guesses });
    expect(first.status).toBe(200);
    expect(first.body.results).toHaveLength(60);
    expect(first.body.lastSeq).toBe(60);
    const more = await sendBatch(terminal, { sentAt: local(WED, '10:01'), punches: guesses.slice(60) });
    expect(more.status).toBe(429);
    expect(more.body.code).toBe('clockConflicts.tooManyUnknown');
    // A real PIN waits too: the terminal tries again later, nothing is lost.
    const real = await sendBatch(terminal, { sentAt: local(WED, '10:02'), punches: [{ seq: 61, at: local(WED, '09:05'), action: 'check-in', pin: pin(ROSTER.pablo) }] });
    expect(real.status).toBe(429);
    setNow(WED, '11:10');
    const later = await sendBatch(terminal, { sentAt: local(WED, '11:10'), punches: [{ seq: 61, at: local(WED, '09:05'), action: 'check-in', pin: pin(ROSTER.pablo) }] });
    expect(later.body.results).toEqual([{ seq: 61, status: 'recorded', time: local(WED, '09:05') }]);
  });
});

describe('a repeated tap kept offline', () => {
  it('records once and answers the second as a repeat', async () => {
    const terminal = await pairTerminal(server.url, admin, { name: 'Double', methods: ['pin'] });
    setNow(THU, '10:00');
    const answer = await sendBatch(terminal, {
      sentAt: local(THU, '10:00'),
      punches: [
        { seq: 1, at: '2027-03-04T09:00:00.000Z', action: 'check-in', pin: pin(ROSTER.carmen) },
        { seq: 2, at: '2027-03-04T09:00:04.000Z', action: 'check-in', pin: pin(ROSTER.carmen) },
      ],
    });
    expect(answer.body.results).toEqual([
      { seq: 1, status: 'recorded', time: '2027-03-04T09:00:00.000Z' },
      { seq: 2, status: 'repeat', time: '2027-03-04T09:00:00.000Z' },
    ]);
    expect(query('select count(*) as n from punches where terminal_id = ?', terminal.id)).toEqual([{ n: 1 }]);
  });

  it('two copies of one batch sent at once write it once', async () => {
    const terminal = await pairTerminal(server.url, admin, { name: 'Race', methods: ['pin'] });
    setNow(FRI, '10:00');
    const body = { sentAt: local(FRI, '10:00'), punches: [{ seq: 1, at: local(FRI, '09:00'), action: 'check-in', pin: pin(ROSTER.marta) }] };
    const [a, b] = await Promise.all([sendBatch(terminal, body), sendBatch(terminal, body)]);
    expect(a.body).toEqual(b.body);
    expect(query('select count(*) as n from punches where terminal_id = ?', terminal.id)).toEqual([{ n: 1 }]);
  });
});

import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { ROOT, startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Issue 33.3 over HTTP on the demo data set: the app never writes a chain entry its own `verify`
 * rejects, and `verify` names every broken entry.
 * - A lone UTF-16 surrogate ("\ud800", valid JSON) in every free-text field that reaches the record
 *   chain (manual day, correction, voiding, a worker's correction request, a clock conflict's
 *   resolution, a terminal's name, which every punch it sends records) is refused with a
 *   translated 422 naming the field, and nothing is written. Before, SQLite stored U+FFFD while the
 *   chain hashed the string as sent, and `verify` failed from that entry on.
 * - Two chained rows edited in the database file while the server is stopped, far apart in the
 *   chain: `jornada verify` and the API name both, not only the first.
 */

const ZONE = 'Europe/Lisbon';
// 2027-03-01 is a Monday; Lisbon is at UTC+0 until 2027-03-28.
const MON = '2027-03-01';
const THU = '2027-02-25';
const FRI = '2027-02-26';
const LONE = 'Olvidé fichar \ud800';

let server: TestServer;
let admin: Client;
let es: Client;
let worker: Client;
let clockDir: string;
let clockFile: string;
let carmen: number;

function setNow(date: string, time: string): void {
  writeFileSync(clockFile, localDateTimeToUtcIso(date, time, ZONE));
}

const json = async (res: Response) => (await res.json()) as any;
const query = <T>(sql: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, sql, ...params);
const dropTrigger = (name: string, table: string) => query(server.databaseUrl ? `drop trigger ${name} on ${table}` : `drop trigger ${name}`);

/** Every table a refused write could have touched, the open conflicts and the terminals' names. */
const footprint = () => ({
  counts: query(
    `select (select count(*) from record_chain) as chain, (select count(*) from attendances) as days,
       (select count(*) from attendance_revisions) as revisions, (select count(*) from punches) as punches,
       (select count(*) from attendance_correction_requests) as requests, (select count(*) from audit_log) as audit,
       (select count(*) from clock_conflicts where status = 'open') as open_conflicts,
       (select count(*) from attendances where voided_at is not null) as voided`,
  )[0],
  terminals: query<{ name: string }>('select name from terminals order by id').map((t) => t.name),
});

/** `node scripts/start.mjs --no-build verify` with the server's DATA_DIR, as `npm run verify`. */
function verifyCli() {
  const r = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'start.mjs'), '--no-build', 'verify'], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: server.dataDir, PORT: '1', ...(server.databaseUrl ? { DATABASE_URL: server.databaseUrl } : {}) },
    encoding: 'utf8',
    timeout: 60_000,
  });
  return { code: r.status, out: r.stdout, err: r.stderr };
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-chain-text-'));
  clockFile = path.join(clockDir, 'now');
  setNow(MON, '06:00');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  es = new Client(server.url, 'es');
  es.cookie = admin.cookie;
  worker = new Client(server.url);
  expect((await worker.signIn('employee@demo.jornada', 'Demo#2026')).status).toBe(200);
  carmen = query<{ id: number }>("select id from employees where first_name = 'Carmen'")[0]!.id;
}, 120_000);

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('text the record cannot keep exactly is refused at the JSON edge (issue 33.3)', () => {
  let dayId: number;
  let conflictId: number;
  let terminalId: number;

  beforeAll(async () => {
    const made = await admin.post('/api/attendances', { employee: carmen, date: THU, timeIn: '09:00', timeOut: '17:00', reason: 'Entered by hand' });
    expect(made.status).toBe(201);
    dayId = (await json(made)).data._id;
    // A conflict to resolve: an offline punch with a PIN nobody has.
    const terminal = await pairTerminal(server.url, admin, { name: 'Entrada', methods: ['pin'] });
    terminalId = terminal.id;
    const batch = await new Client(server.url).request(
      'POST',
      '/api/clock/offline',
      { sentAt: localDateTimeToUtcIso(MON, '06:00', ZONE), punches: [{ seq: 1, at: localDateTimeToUtcIso(MON, '05:50', ZONE), action: 'check-in', pin: '999999' }] },
      terminal.headers,
    );
    expect((await json(batch)).results).toEqual([{ seq: 1, status: 'conflict' }]);
    conflictId = query<{ id: number }>('select id from clock_conflicts where terminal_id = ?', terminalId)[0]!.id;
    expect((await admin.get('/api/record-chain/verify').then(json)).data.ok).toBe(true);
  });

  it('a lone surrogate in every chained free-text field: 422 naming the field, nothing written', async () => {
    const attempts: [string, () => Promise<Response>, string][] = [
      ['manual day', () => admin.post('/api/attendances', { employee: carmen, date: FRI, timeIn: '09:00', timeOut: '17:00', reason: LONE }), 'reason'],
      ['correction', () => admin.request('PATCH', `/api/attendances/${dayId}`, { timeIn: '08:30', timeOut: '17:00', reason: LONE }), 'reason'],
      ['voiding', () => admin.post(`/api/attendances/${dayId}/void`, { reason: LONE }), 'reason'],
      ['worker correction request', () => worker.post('/api/attendance-corrections', { date: FRI, timeIn: '08:00', timeOut: '16:00', reason: LONE }), 'reason'],
      ['conflict resolution', () => admin.post(`/api/clock-conflicts/${conflictId}/resolve`, { note: LONE, attendance: { employee: carmen, date: FRI, timeIn: '09:00', timeOut: '17:00' } }), 'note'],
      ['new terminal name', () => admin.post('/api/terminals', { name: `Puerta ${'\udc00'}`, location: '', methods: ['pin'] }), 'name'],
      ['terminal rename', () => admin.request('PATCH', `/api/terminals/${terminalId}`, { name: `Puerta ${'\udc00'}`, location: '', methods: ['pin'] }), 'name'],
      // Nested: the field is named by its path.
      [
        'nested day of a resolution',
        () => admin.post(`/api/clock-conflicts/${conflictId}/resolve`, { note: 'ok', attendance: { employee: carmen, date: FRI, timeIn: '09:00', timeOut: `17:00${'\ud800'}` } }),
        'attendance.timeOut',
      ],
    ];
    const before = footprint();
    for (const [what, send, field] of attempts) {
      const res = await send();
      expect(res.status, what).toBe(422);
      const body = await json(res);
      expect(body, what).toEqual({
        code: 'errors.textNotWellFormed',
        message: `The field “${field}” holds a broken character (text that is not well-formed Unicode). Remove it and try again.`,
        errors: { [field]: 'Remove the broken character' },
      });
    }
    expect(footprint()).toEqual(before);
    expect(before.terminals).toContain('Entrada');
    expect(query<{ status: string }>('select status from clock_conflicts where id = ?', conflictId)).toEqual([{ status: 'open' }]);
    // The chain still verifies.
    expect((await admin.get('/api/record-chain/verify').then(json)).data).toMatchObject({ ok: true, brokenCount: 0 });
  });

  it('in Spanish too; a control character is refused the same way; tabs and CRLF line breaks are kept', async () => {
    const before = footprint();
    const spanish = await es.post(`/api/attendances/${dayId}/void`, { reason: LONE });
    expect(spanish.status).toBe(422);
    expect(await json(spanish)).toEqual({
      code: 'errors.textNotWellFormed',
      message: 'El campo «reason» contiene un carácter roto (texto que no es Unicode bien formado). Quítalo y vuelve a intentarlo.',
      errors: { reason: 'Quita el carácter roto' },
    });
    const escape = await es.request('PATCH', `/api/attendances/${dayId}`, { timeIn: '08:30', timeOut: '17:00', reason: 'Corregido \u001b[2J' });
    expect(escape.status).toBe(422);
    expect(await json(escape)).toEqual({
      code: 'errors.textControlCharacter',
      message: 'El campo «reason» contiene un carácter de control. Solo se admiten tabuladores y saltos de línea.',
      errors: { reason: 'Quita el carácter de control (solo se admiten tabuladores y saltos de línea)' },
    });
    // The clock's fast path reads its body at the same edge.
    const clock = await new Client(server.url).post('/api/clock', { action: 'check-in', pin: '10000\u0000' });
    expect(clock.status).toBe(422);
    expect((await json(clock)).code).toBe('errors.textControlCharacter');
    expect(footprint()).toEqual(before);

    const kept = await admin.request('PATCH', `/api/attendances/${dayId}`, { timeIn: '08:30', timeOut: '17:00', reason: 'Llegó antes:\tel metro\r\niba bien' });
    expect(kept.status).toBe(200);
    expect((await json(kept)).data.reason).toBe('Llegó antes:\tel metro\r\niba bien');
    expect((await admin.get('/api/record-chain/verify').then(json)).data.ok).toBe(true);
  });
});

describe('verify names every broken entry, not only the first (issue 33.3)', () => {
  it('two chained rows edited behind a stopped server: the command line and the API name both', async () => {
    // A revision (the manual day's first) and, later in the chain, a live clock punch.
    const revision = query<{ id: number }>("select id from attendance_revisions where reason = 'Entered by hand'")[0]!;
    setNow(MON, '08:58');
    expect((await new Client(server.url).post('/api/clock', { action: 'check-in', pin: '100001' })).status).toBe(200);
    const punch = query<{ id: number; at: string }>("select id, at from punches where employee_id = ? and action = 'check-in' order by id desc limit 1", carmen)[0]!;
    const seqOf = (kind: string, id: number) => query<{ seq: number }>('select seq from record_chain where kind = ? and ref_id = ?', kind, id)[0]!.seq;
    const revisionSeq = seqOf('revision', revision.id);
    const punchSeq = seqOf('punch', punch.id);
    expect(punchSeq).toBeGreaterThan(revisionSeq);

    expect(await server.kill()).not.toBeNull();
    dropTrigger('attendance_revisions_no_update', 'attendance_revisions');
    dropTrigger('punches_no_update', 'punches');
    query('update attendance_revisions set reason = ? where id = ?', 'Entered by hand, as agreed', revision.id);
    // The punch moved two hours earlier.
    query('update punches set at = ? where id = ?', new Date(Date.parse(punch.at) - 2 * 3600_000).toISOString(), punch.id);

    const cli = verifyCli();
    expect(cli.code, cli.err).toBe(1);
    expect(cli.out.trim().split('\n')).toEqual([
      'Record chain broken: 2 entries do not verify.',
      // The reason is chained by its salted digest (decision 083): the changed field is named so.
      `  company 1, entry #${revisionSeq} (revision ${revision.id}): the revision it records was changed (reasonDigest).`,
      `  company 1, entry #${punchSeq} (punch ${punch.id}): the punch it records was changed (at).`,
    ]);

    await server.restart();
    const check = (await admin.get('/api/record-chain/verify').then(json)).data;
    expect(check).toMatchObject({ ok: false, brokenCount: 2 });
    expect(check.broken).toEqual([
      { companyId: 1, seq: revisionSeq, kind: 'revision', refId: revision.id, problem: 'rowChanged', fields: ['reasonDigest'] },
      { companyId: 1, seq: punchSeq, kind: 'punch', refId: punch.id, problem: 'rowChanged', fields: ['at'] },
    ]);
    // The heads are still named.
    expect(check.companies[0].head.seq).toBe(check.entries);
  });
});

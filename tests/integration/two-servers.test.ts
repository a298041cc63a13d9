import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { cameraFrame, FACE_FIXTURE as FIXTURE } from '../helpers/camera-frame.ts';
import { clockChallenge, freshFrame } from '../helpers/face-punch.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { waitFor } from '../helpers/wait-for.ts';

/**
 * Two app servers on ONE PostgreSQL database (issue 23 points 3 and 4, decision 060): punches
 * through both at once lose nothing and double nothing; attempt limits, face challenges, the
 * descriptors the server computed from recent camera frames (decision 065), session revocation
 * and settings are the installation's, not a server's; the one-at-a-time jobs move to
 * the other server when their leader dies; and a SIGKILL loses no acknowledged punch. Both
 * servers share the instance secrets (config.json) and read one fake clock file. PostgreSQL
 * only: a SQLite installation is one process by design (the data-directory lock).
 */
const POSTGRES = process.env['JORNADA_TEST_POSTGRES'];

/** How long a settings change may take to reach the other server: the settings cache's TTL (get-settings.ts). */
const SETTINGS_BOUND_MS = 5_000;

let a: TestServer;
let b: TestServer;
let adminA: Client;
let clockDir: string;
let clockFile: string;
let nowMs = Date.parse('2027-03-01T08:40:00Z'); // a Monday; Lisbon is at UTC+0

function tick(seconds: number): void {
  nowMs += seconds * 1000;
  writeFileSync(clockFile, new Date(nowMs).toISOString());
}

const pinOf = (n: number) => String(100000 + n);
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(b.dataDir, text, ...params);

interface Answer {
  status: number;
  body: { code?: string; time?: string; employee?: { _id: number; full_name: string } };
}

async function punch(server: TestServer, body: Record<string, unknown>, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await new Client(server.url).post('/api/clock', body, headers);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function settingsOf(server: TestServer, admin: Client): Promise<Record<string, unknown>> {
  const res = await admin.get('/api/settings');
  expect(res.status, `${server.url}: ${res.status}`).toBe(200);
  return ((await res.json()) as { data: Record<string, unknown> }).data;
}

/** The same browser session on the other server: the cookie is sealed with the instance's shared secret. */
function sameSessionOn(server: TestServer, client: Client): Client {
  const other = new Client(server.url);
  other.cookie = client.cookie;
  return other;
}

describe.skipIf(!POSTGRES)('two app servers on one PostgreSQL database', () => {
  let employees = 0;

  beforeAll(async () => {
    clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-two-servers-'));
    clockFile = path.join(clockDir, 'now');
    tick(0);
    const env = { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile, JORNADA_LEADER_RETRY_MS: '200' };
    a = await startServer({ args: ['--demo'], env });
    b = await startServer({ env, sameInstanceAs: a });
    adminA = new Client(a.url);
    expect((await adminA.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    employees = Math.min(30, Number(sql<{ n: number }>("select count(*) as n from employees where status = 'active'")[0]!.n));
    expect(employees).toBeGreaterThanOrEqual(10);
  }, 120_000);

  afterAll(async () => {
    await b?.stop(); // keeps the database: it is A's
    await a?.stop();
    if (clockDir) rmSync(clockDir, { recursive: true, force: true });
  });

  it('elects one leader for the outbox sender and the minute jobs', () => {
    const leads = (s: TestServer, job: string) => s.logs().includes(`"job":"${job}","msg":"This server leads a job"`);
    expect(leads(a, 'outbox')).toBe(true);
    expect(leads(a, 'minute-jobs')).toBe(true);
    expect(leads(b, 'outbox')).toBe(false);
    expect(leads(b, 'minute-jobs')).toBe(false);
  });

  it(`shows a settings change made on A on B within ${SETTINGS_BOUND_MS / 1000} s`, async () => {
    const adminB = sameSessionOn(b, adminA);
    const current = await settingsOf(a, adminA);
    expect(current['trustedProxy']).not.toBe('127.0.0.1, ::1');
    await settingsOf(b, adminB); // B has the old value cached now
    const changedAt = Date.now();
    const res = await adminA.request('PUT', '/api/settings', { ...current, trustedProxy: '127.0.0.1, ::1' });
    expect(res.status, await res.clone().text()).toBe(200);
    expect((await settingsOf(a, adminA))['trustedProxy']).toBe('127.0.0.1, ::1'); // at once on A
    await waitFor('B sees the change', async () => (await settingsOf(b, adminB))['trustedProxy'] === '127.0.0.1, ::1', SETTINGS_BOUND_MS + 2_000);
    expect(Date.now() - changedAt).toBeLessThanOrEqual(SETTINGS_BOUND_MS + 1_000);
  });

  it('refuses on B a session signed out on A', async () => {
    const user = new Client(a.url);
    expect((await user.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    const onB = sameSessionOn(b, user);
    expect((await onB.get('/api/me')).status).toBe(200);
    expect((await user.post('/api/sign-out')).status).toBeLessThan(400);
    expect((await onB.get('/api/me')).status).toBe(401);
    // Sign out everywhere on B ends a session started on A.
    const other = new Client(a.url);
    expect((await other.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    const mine = new Client(b.url);
    expect((await mine.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    expect((await mine.post('/api/account/sign-out-everywhere')).status).toBeLessThan(400);
    expect((await other.get('/api/me')).status).toBe(401);
  });

  it('punches many employees through both servers at once: no punch lost, none doubled, the chain unbroken', async () => {
    tick(60);
    const day = new Date(nowMs).toISOString().slice(0, 10);
    const pins = Array.from({ length: employees }, (_, i) => pinOf(i + 1));
    /**
     * Every employee's punch sent to A and to B at the same moment. The second to commit sees the
     * first: a double tap (double-tap.ts) answered with the first's time, or a refusal (409) —
     * never a second punch.
     */
    const both = async (action: string, first: TestServer, second: TestServer) => {
      const pairs = await Promise.all(pins.map((pin) => Promise.all([punch(first, { action, pin }), punch(second, { action, pin })])));
      const accepted = new Map<number, string>();
      for (const pair of pairs) {
        for (const r of pair) expect([200, 409], JSON.stringify(r)).toContain(r.status);
        const ok = pair.filter((r) => r.status === 200);
        if (ok.length === 2) expect(ok[0]!.body.time, JSON.stringify(pair)).toBe(ok[1]!.body.time);
        if (ok[0]) accepted.set(ok[0].body.employee!._id, ok[0].body.time!);
      }
      return accepted;
    };
    const punchesOf = (action: string) =>
      new Map(
        sql<{ employee_id: number; n: number }>('select employee_id, count(*) as n from punches where action = ? and at >= ? group by employee_id', action, `${day}T00:00:00`).map((r) => [
          Number(r.employee_id),
          Number(r.n),
        ]),
      );
    const checkedIn = await both('check-in', a, b);
    expect(checkedIn.size).toBeGreaterThanOrEqual(employees / 2);
    expect(punchesOf('check-in')).toEqual(new Map([...checkedIn.keys()].map((id) => [id, 1])));
    const days = sql<{ employee_id: number; n: number }>('select employee_id, count(*) as n from attendances where date = ? group by employee_id', day);
    expect(new Map(days.map((r) => [Number(r.employee_id), Number(r.n)]))).toEqual(new Map([...checkedIn.keys()].map((id) => [id, 1])));

    tick(4 * 3600);
    // Meanwhile an administrator writes chained rows (holidays): a writer that takes the write
    // lock exclusively, between the punches' fine-locked batches (decision 097).
    // A session of its own: an earlier test signed the administrator out everywhere.
    const admin = new Client(a.url);
    expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    const companies = await admin.get('/api/companies');
    const companyId = ((await companies.json()) as { data: { _id: number }[] }).data[0]!._id;
    const [checkedOut, holidays] = await Promise.all([both('check-out', b, a), Promise.all([1, 2, 3].map((i) => admin.post('/api/holidays', { name: `Fiesta ${i}`, date: `2027-12-0${i}`, company: companyId })))]);
    for (const holiday of holidays) expect(holiday.status).toBe(201);
    expect([...checkedOut.keys()].sort()).toEqual([...checkedIn.keys()].sort());
    expect(punchesOf('check-out')).toEqual(new Map([...checkedOut.keys()].map((id) => [id, 1])));
    const closed = sql<{ employee_id: number }>('select employee_id from attendances where date = ? and time_out is not null', day);
    expect(closed.map((r) => Number(r.employee_id)).sort()).toEqual([...checkedOut.keys()].sort());
    // Punches of both servers and the administrator's writes: one unbroken record chain.
    const verify = await admin.get('/api/record-chain/verify');
    expect(((await verify.json()) as { data: { ok: boolean; brokenCount: number } }).data).toMatchObject({ ok: true, brokenCount: 0 });
  }, 60_000);

  it('counts PIN typos made through A at B (the kiosk limit is shared)', async () => {
    const from = { 'x-forwarded-for': '10.0.0.2' };
    tick(60);
    for (let i = 0; i < 4; i++) expect((await punch(i % 2 ? b : a, { action: 'check-in', pin: `88888${i}` }, from)).status).toBe(401);
    const held = await punch(b, { action: 'check-in', pin: '777770' }, from);
    expect(held.status).toBe(429);
    expect((await punch(a, { action: 'check-in', pin: '777771' }, from)).status).toBe(429);
    // Another terminal is not held back on either server.
    expect((await punch(b, { action: 'check-in', pin: '777772' }, { 'x-forwarded-for': '10.0.0.3' })).status).toBe(401);
  });

  it('counts wrong passwords made through A at B (the sign-in limit is shared)', async () => {
    const from = { 'x-forwarded-for': '10.1.1.1' };
    for (let i = 0; i < 5; i++) {
      const res = await new Client(i % 2 ? b.url : a.url).post('/api/user/login', { email: 'admin@demo.jornada', password: 'Wrong#2026' }, from);
      expect(res.status).toBe(401);
    }
    const held = await new Client(b.url).post('/api/user/login', { email: 'admin@demo.jornada', password: 'Demo#2026' }, from);
    expect(held.status).toBe(429);
    expect((await new Client(a.url).post('/api/user/login', { email: 'admin@demo.jornada', password: 'Demo#2026' }, from)).status).toBe(429);
  });

  it('redeems a face challenge issued by A once on B, and refuses its replay on both', async () => {
    // The sign-out everywhere above ended adminA's session: a new one.
    adminA = new Client(a.url);
    expect((await adminA.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
    await enableFaceRecognition(adminA);
    const adminB = sameSessionOn(b, adminA);
    await waitFor('B sees face recognition on', async () => (await settingsOf(b, adminB))['faceRecognition'] === true, SETTINGS_BOUND_MS + 2_000);
    const door = await pairTerminal(a.url, adminA, { methods: ['face', 'pin'] });
    const nonce = await clockChallenge(a.url, door.headers);
    expect(nonce).toBeDefined();
    // Fresh browser frames and a new camera frame (decision 065) every time: only the nonce repeats.
    const face = async () => ({ action: 'check-in', descriptor: [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)], photo: await cameraFrame('amy3'), challenge: nonce });
    // Nobody enrolled this face: past the challenge, the identification answers (not the challenge).
    const first = await punch(b, await face(), door.headers);
    expect(first.body.code, JSON.stringify(first)).not.toBe('punch.challengeInvalid');
    expect(first.status).toBe(401);
    expect(first.body.code).toBe('messages.faceNotRecognized');
    const replays = await Promise.all([punch(a, await face(), door.headers), punch(b, await face(), door.headers)]);
    for (const r of replays) expect(r.body.code).toBe('punch.challengeInvalid');
    // Two punches carrying one fresh nonce through both servers at once: one passes the challenge.
    const again = await clockChallenge(b.url, door.headers);
    const both = await Promise.all([punch(a, { ...(await face()), challenge: again }, door.headers), punch(b, { ...(await face()), challenge: again }, door.headers)]);
    expect(both.filter((r) => r.body.code === 'punch.challengeInvalid')).toHaveLength(1);
  });

  it("refuses on B a camera frame first sent through A (the descriptors the server computed are the installation's)", async () => {
    const door = await pairTerminal(a.url, adminA, { name: 'Two servers door', methods: ['face', 'pin'] });
    const photo = await cameraFrame('amy3');
    const face = async (server: TestServer) => ({
      action: 'check-in',
      descriptor: [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)],
      photo,
      challenge: await clockChallenge(server.url, door.headers),
    });
    // Nobody enrolled this face; its frame's descriptor is remembered once computed, whoever it names.
    const first = await punch(a, await face(a), door.headers);
    expect(first.body.code, JSON.stringify(first)).toBe('messages.faceNotRecognized');
    const onB = await punch(b, await face(b), door.headers);
    expect(onB).toMatchObject({ status: 401, body: { code: 'punch.framesReplayed' } });
  });

  it('loses no acknowledged punch when A is killed (SIGKILL) during a burst, and B takes over the jobs', async () => {
    tick(24 * 3600 - 4 * 3600 - 240); // the next morning
    const day = new Date(nowMs).toISOString().slice(0, 10);
    const answers: Answer[] = [];
    const burst = Array.from(
      { length: employees },
      (_, i) =>
        punch(i % 2 ? b : a, { action: 'check-in', pin: pinOf(i + 1) })
          .then((r) => void answers.push(r))
          .catch(() => undefined), // cut off with A: may or may not have been written
    );
    await waitFor('the first answers', () => answers.length >= 3, 20_000);
    await a.kill('SIGKILL');
    await Promise.all(burst);
    const acknowledged = answers.filter((r) => r.status === 200).map((r) => r.body.employee!._id);
    expect(acknowledged.length).toBeGreaterThan(0);
    const written = new Set(sql<{ employee_id: number }>('select employee_id from attendances where date = ?', day).map((r) => Number(r.employee_id)));
    for (const id of acknowledged) expect(written.has(id), `employee ${id}`).toBe(true);
    // B still punches, and leads the jobs once A's session is gone.
    const late = await punch(b, { action: 'check-in', pin: pinOf(employees) });
    expect([200, 409]).toContain(late.status);
    await waitFor('B leads the outbox sender', () => b.logs().includes('"job":"outbox","msg":"This server leads a job"'), 20_000);
    await waitFor('B leads the minute jobs', () => b.logs().includes('"job":"minute-jobs","msg":"This server leads a job"'), 20_000);
  }, 60_000);
});

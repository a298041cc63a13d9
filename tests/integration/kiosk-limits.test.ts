import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { cameraFrame, FACE_FIXTURE as FIXTURE, fixtureOf } from '../helpers/camera-frame.ts';
import { clockChallenge, freshDescriptor } from '../helpers/face-punch.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal } from '../helpers/terminal.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * The clock terminal's limits on failed identifications (decision 025), over HTTP on the demo
 * data (employee i has PIN 100000 + i). Each test is its own terminal: the server trusts the
 * loopback as a proxy, so X-Forwarded-For names the terminal. The server's clock is faked and
 * moved forward by the tests (a person takes a few seconds to type a PIN).
 */

let server: TestServer;
let admin: Client;
let clockDir: string;
let clockFile: string;
let nowMs = Date.parse('2027-03-01T08:40:00Z');

/** Moves the server's clock forward. 2027-03-01 is a Monday; Lisbon is at UTC+0. */
function tick(seconds: number): void {
  nowMs += seconds * 1000;
  writeFileSync(clockFile, new Date(nowMs).toISOString());
}

interface Answer {
  status: number;
  text: string;
  body: { message: string; code?: string; retryAfter?: number; employee?: Record<string, unknown>; errors?: Record<string, string> };
  retryAfter: number | null;
}

/** A punch sent from the terminal at `address`, or from a paired terminal (its headers). */
function terminal(address: string | Record<string, string>) {
  return async (body: Record<string, unknown>, lang: 'en' | 'es' = 'en'): Promise<Answer> => {
    const res = await new Client(server.url, lang).post('/api/clock', body, typeof address === 'string' ? { 'x-forwarded-for': address } : address);
    const text = await res.text();
    const header = res.headers.get('retry-after');
    return { status: res.status, text, body: JSON.parse(text) as Answer['body'], retryAfter: header === null ? null : Number(header) };
  };
}

const pinOf = (n: number) => String(100000 + n);

const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

async function putSettings(change: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-kiosk-limits-'));
  clockFile = path.join(clockDir, 'now');
  tick(0);
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  await putSettings({ trustedProxy: '127.0.0.1, ::1' });
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('failed identifications at a terminal', () => {
  it('five wrong PINs do not lock out the next employee: their right PIN is accepted seconds later', async () => {
    const punch = terminal('10.0.0.1');
    for (let i = 0; i < 5; i++) {
      tick(5);
      const wrong = await punch({ action: 'check-in', pin: `99999${i}` });
      expect(wrong.status, wrong.text).toBe(401);
      expect(wrong.body).toEqual({ message: en.punch.unknownPin, code: 'punch.unknownPin' });
    }
    tick(5);
    const next = await punch({ action: 'check-in', pin: pinOf(1) });
    expect(next.status, next.text).toBe(200);
    expect(next.body.employee).toMatchObject({ full_name: 'Carmen Ruiz Navarro' });
    // A typo, then the right PIN at once.
    expect((await punch({ action: 'check-in', pin: '999990' })).status).toBe(401);
    expect((await punch({ action: 'check-in', pin: pinOf(3) })).status).toBe(200);
  });

  it('further wrong PINs make the terminal wait 2, 4, 8 s (Retry-After, counted in the answer); another terminal is not held back', async () => {
    const punch = terminal('10.0.0.2');
    tick(60);
    for (let i = 0; i < 4; i++) expect((await punch({ action: 'check-in', pin: `88888${i}` })).status).toBe(401);
    let expected = 2;
    for (let round = 0; round < 3; round++) {
      const waiting = await punch({ action: 'check-in', pin: `77777${round}` }, 'es');
      expect(waiting.status, waiting.text).toBe(429);
      expect(waiting.retryAfter).toBe(expected);
      expect(waiting.body).toEqual({
        message: es.punch.tooManyAttemptsSeconds_other.replace('{{seconds}}', String(expected)),
        code: 'punch.tooManyAttemptsSeconds',
        retryAfter: expected,
      });
      // The right PIN waits too (seconds, not minutes), and a wait refused is no new failure.
      expect((await punch({ action: 'check-in', pin: pinOf(7) })).status).toBe(429);
      tick(expected);
      expect((await punch({ action: 'check-in', pin: `66666${round}` })).status).toBe(401);
      expected *= 2;
    }
    expect((await punch({ action: 'check-in', pin: pinOf(7) })).retryAfter).toBe(16);
    expect((await terminal('10.0.0.3')({ action: 'check-in', pin: pinOf(10) })).status).toBe(200);
    tick(16);
    expect((await punch({ action: 'check-in', pin: pinOf(7) })).status).toBe(200);
    // An identification ends the backoff: the next typo is free again.
    expect((await punch({ action: 'check-in', pin: '555555' })).status).toBe(401);
    expect((await punch({ action: 'check-in', pin: pinOf(24) })).status).toBe(200);
  });

  it('the same wrong badge again and again holds back that badge only', async () => {
    await putSettings({ rfidClock: true });
    const sara = sql<{ id: number }>("select id from employees where first_name = 'Sara'")[0]!.id;
    sql("update employees set rfid_card = 'CARD-0021' where id = ?", sara);
    const punch = terminal('10.0.0.4');
    tick(60);
    for (let i = 0; i < 4; i++) expect((await punch({ action: 'check-in', card: 'OLD-CARD' })).status).toBe(401);
    const stuck = await punch({ action: 'check-in', card: 'OLD-CARD' });
    expect(stuck.status).toBe(429);
    expect(stuck.retryAfter).toBe(2);
    // Other values are not held back: a new wrong one is answered, the right badge is accepted.
    expect((await punch({ action: 'check-in', card: 'OTHER-CARD' })).status).toBe(401);
    expect((await punch({ action: 'check-in', card: 'CARD-0021' })).status).toBe(200);
    await putSettings({ rfidClock: false });
  });

  it('caps distinct failures at 60 an hour per terminal, even with identifications between them', async () => {
    const punch = terminal('10.0.0.5');
    tick(60);
    const start = nowMs;
    let failures = 0;
    // A prober who knows one PIN (Marta's) uses it to end each backoff before it starts.
    for (let round = 0; round < 20; round++) {
      if (round > 0) tick(10);
      for (let i = 0; i < 3; i++) {
        const res = await punch({ action: 'check-in', pin: String(300000 + failures) });
        expect(res.status, `failure ${failures}`).toBe(401);
        failures += 1;
      }
      if (round === 19) break;
      // 200, or 409 once she is in: either is an identification.
      const known = await punch({ action: 'check-in', pin: pinOf(13) });
      expect([200, 409], known.text).toContain(known.status);
    }
    // The sixtieth failure within the hour: even the known PIN waits until the first is an hour old.
    const capped = await punch({ action: 'check-in', pin: pinOf(13) });
    expect(capped.status).toBe(429);
    expect(capped.retryAfter).toBe(3600 - (nowMs - start) / 1000);
    expect(capped.body).toMatchObject({ code: 'punch.tooManyAttempts', message: en.punch.tooManyAttempts_other.replace('{{minutes}}', '57') });
    expect((await terminal('10.0.0.9')({ action: 'check-in', pin: pinOf(13) })).status).toBe(409);
  });
});

describe('a refused punch', () => {
  it('names only the first name: no id, full name or photo (nothing was written), and leaves an audit entry', async () => {
    const punch = terminal('10.0.0.6');
    tick(60);
    const isabel = sql<{ id: number }>("select id from employees where first_name = 'Isabel'")[0]!.id;
    expect((await punch({ action: 'check-in', pin: pinOf(19) })).status).toBe(200);
    tick(60);
    // A check-in again is refused, and nothing is written for it but its audit entry.
    const before = sql<{ n: number }>('select count(*) as n from punches')[0]!.n;
    const refused = await punch({ action: 'check-in', pin: pinOf(19) });
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body).toEqual({ message: expect.stringContaining('already checked in'), code: 'messages.alreadyCheckedIn', employee: { first_name: 'Isabel' } });
    expect(refused.text).not.toContain('_id');
    expect(refused.text).not.toMatch(/Isabel [A-Z]/);
    expect(refused.text).not.toContain('image');
    expect(sql<{ n: number }>('select count(*) as n from punches')[0]!.n).toBe(before);
    const audit = sql<{ entity: string; entity_id: string; after: string }>("select entity, entity_id, after from audit_log where action = 'clock.refused' order by id");
    expect(audit.at(-1)).toMatchObject({ entity: 'employee', entity_id: String(isabel) });
    expect(JSON.parse(audit.at(-1)!.after)).toMatchObject({ action: 'check-in', method: 'pin', address: '10.0.0.6', code: 'messages.alreadyCheckedIn' });
    expect(audit.at(-1)!.after).not.toContain(pinOf(19));
  });
});

describe('limits come before the snapshot is decoded', () => {
  /**
   * Punches from a paired terminal (faces need one, decision 042), a face with a fresh challenge
   * and fresh frames (decision 043) and, unless the body brings its own `photo`, the camera frame
   * of the fixture its descriptor is (the server identifies the frame, decision 065).
   */
  async function paired(name: string) {
    const device = await pairTerminal(server.url, admin, { name });
    return async (body: Record<string, unknown>): Promise<Answer> => {
      if (body['descriptor'] !== undefined) {
        const descriptor = body['descriptor'] as number[];
        const fixture = fixtureOf(descriptor);
        const photo = body['photo'] ?? (fixture ? await cameraFrame(fixture) : undefined);
        body = { ...body, descriptor: freshDescriptor(descriptor), photo, challenge: await clockChallenge(server.url, device.headers) };
      }
      const res = await new Client(server.url).post('/api/clock', body, device.headers);
      const text = await res.text();
      const header = res.headers.get('retry-after');
      return { status: res.status, text, body: JSON.parse(text) as Answer['body'], retryAfter: header === null ? null : Number(header) };
    };
  }

  it('a terminal waiting after unknown faces answers 429 to a bad snapshot, not 422', async () => {
    await enableFaceRecognition(admin);
    await putSettings({ punchPhoto: true });
    const punch = await paired('Snapshot door');
    tick(60);
    // Nobody is enrolled on this server: every face is unknown. Ten are free, the eleventh starts the wait.
    for (let i = 0; i < 11; i++) expect((await punch({ action: 'check-in', descriptor: FIXTURE['raj3']!.kiosk })).status).toBe(401);
    // About 80 KB of base64 that is no image: the snapshot check would answer 422.
    const junk = `data:image/jpeg;base64,${Buffer.alloc(60_000, 7).toString('base64')}`;
    const locked = await punch({ action: 'check-in', descriptor: FIXTURE['raj3']!.kiosk, photo: junk });
    expect(locked.status, locked.text).toBe(429);
    expect(locked.retryAfter).toBe(2);
    // From a terminal that is not waiting, the same junk is looked at: the snapshot is the camera
    // frame the server identifies the face from (decision 065), and it is no image (422 on photo).
    const yard = await paired('Snapshot yard');
    const refused = await yard({ action: 'check-in', descriptor: FIXTURE['raj3']!.kiosk, photo: junk });
    expect(refused.status, refused.text).toBe(422);
    expect(refused.body.errors).toEqual({ photo: en.validation.invalidInput });
    // A real frame there is refused by the face (401).
    expect((await yard({ action: 'check-in', descriptor: FIXTURE['raj3']!.kiosk })).status).toBe(401);
    // Unknown faces do not hold back the PIN pad.
    expect((await punch({ action: 'check-in', pin: pinOf(16) })).status).toBe(200);
    await putSettings({ punchPhoto: false });
  });
});

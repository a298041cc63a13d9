import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { cameraFrame, enrolPhotoBody, FACE_FIXTURE as FIXTURE } from '../helpers/camera-frame.ts';
import { clockChallenge, freshFrame } from '../helpers/face-punch.ts';
import { FACES } from '../helpers/fake-camera.ts';
import { enableFaceRecognition } from '../helpers/biometrics.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal, type PairedTestTerminal } from '../helpers/terminal.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';

/**
 * Replay defence of face punches (issue 20.2, decision 043), over HTTP on the demo data with real
 * descriptors (tests/fixtures/face-descriptors.json): the challenge a paired terminal asks for,
 * a replayed body, an old nonce, another terminal's nonce, identical frames, a descriptor sent
 * again, and the snapshot's faces checked on the server. Every face punch carries its camera frame
 * (`photo`), whose descriptor the server computes and matches (issue 34.4, decision 065): the
 * browser's descriptors are judged only for replay, and a camera frame sent again is a replay too.
 * Carmen is enrolled from the fixture photo amy1; her frames are amy3's (tests/helpers/camera-frame.ts).
 * The server's clock is faked.
 */

let server: TestServer;
let admin: Client;
let clockDir: string;
let clockFile: string;
let door: PairedTestTerminal;
let yard: PairedTestTerminal;
let carmen: number;
const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

function setNow(date: string, time: string, seconds = 0): void {
  writeFileSync(clockFile, new Date(Date.parse(localDateTimeToUtcIso(date, time, 'Europe/Lisbon')) + seconds * 1000).toISOString());
}

interface Answer {
  status: number;
  body: { message: string; code?: string; nonce?: string; expiresAt?: string; errors?: Record<string, string>; employee?: { _id?: number } };
}

async function challenge(terminal: PairedTestTerminal | null, headers: Record<string, string> = {}): Promise<Answer> {
  const res = await fetch(`${server.url}/api/clock/challenge`, { method: 'POST', headers: { accept: 'application/json', 'accept-language': 'en', ...(terminal?.headers ?? {}), ...headers } });
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

/**
 * A punch from a terminal. A face punch without a `photo` key carries a new camera frame of Carmen
 * (amy3, shifted differently every time: never a repeated frame); `photo: undefined` sends none.
 */
async function punch(terminal: PairedTestTerminal, body: Record<string, unknown>, lang: 'en' | 'es' = 'en'): Promise<Answer> {
  const withFrame = body['descriptor'] !== undefined && !('photo' in body) ? { ...body, photo: await cameraFrame('amy3') } : body;
  const res = await new Client(server.url, lang).post('/api/clock', withFrame, terminal.headers);
  return { status: res.status, body: (await res.json()) as Answer['body'] };
}

async function nonceOf(terminal: PairedTestTerminal): Promise<string> {
  const nonce = await clockChallenge(server.url, terminal.headers);
  expect(nonce).toBeDefined();
  return nonce!;
}

async function putSettings(change: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}

const facePunches = () => sql<{ id: number }>("select id from punches where method = 'face' and at >= '2027-01-01'");

/** A 640 × 480 JPEG data URL, as the kiosk sends its frame: the given faces side by side on grey (none: a grey frame with a face-less photo). */
async function snapshot(faces: string[], side = 240): Promise<string> {
  const [w, h] = [640, 480];
  const gap = Math.floor((w - faces.length * side) / (faces.length + 1));
  const parts = await Promise.all(faces.map((f) => sharp(path.join(FACES, f)).resize(side, side).png().toBuffer()));
  const jpeg = await sharp({ create: { width: w, height: h, channels: 3, background: { r: 128, g: 128, b: 128 } } })
    .composite(parts.map((input, i) => ({ input, left: gap * (i + 1) + side * i, top: Math.floor((h - side) / 2) })))
    .jpeg({ quality: 70 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-clock-replay-'));
  clockFile = path.join(clockDir, 'now');
  setNow('2027-03-01', '08:00');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  await enableFaceRecognition(admin);
  await putSettings({ punchPhoto: false });
  door = await pairTerminal(server.url, admin, { name: 'Door' });
  yard = await pairTerminal(server.url, admin, { name: 'Yard' });
  carmen = sql<{ id: number }>("select id from employees where first_name = 'Carmen'")[0]!.id;
  expect((await admin.request('PUT', `/api/employees/${carmen}/consent`, { consent: true })).status).toBe(200);
  // Enrolled from the photo: the server computes the descriptor (decision 065).
  const enrolled = await admin.post(`/api/employees/${carmen}/photos`, enrolPhotoBody('amy1'));
  expect(enrolled.status, await enrolled.clone().text()).toBe(201);
  expect(((await enrolled.json()) as { data: { faceData: boolean } }).data.faceData).toBe(true);
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

describe('POST /api/clock/challenge', () => {
  it('gives a paired terminal a 43-character nonce valid for 60 seconds', async () => {
    setNow('2027-03-01', '08:00');
    const res = await challenge(door);
    expect(res.status).toBe(200);
    expect(res.body.nonce).toMatch(/^[A-Za-z0-9_-]{43}$/);
    expect(Date.parse(res.body.expiresAt!) - Date.parse(localDateTimeToUtcIso('2027-03-01', '08:00', 'Europe/Lisbon'))).toBe(60_000);
  });

  it('refuses a browser without a credential, a made-up credential, a revoked terminal, and a terminal without face punches', async () => {
    expect(await challenge(null)).toMatchObject({ status: 401, body: { code: 'terminal.unknown' } });
    expect(await challenge(null, { 'x-terminal-token': 'A'.repeat(43) })).toMatchObject({ status: 401, body: { code: 'terminal.unknown' } });
    const gone = await pairTerminal(server.url, admin, { name: 'Gone' });
    expect((await admin.post(`/api/terminals/${gone.id}/revoke`)).status).toBe(200);
    expect(await challenge(gone)).toMatchObject({ status: 401, body: { code: 'terminal.revoked' } });
    const pinOnly = await pairTerminal(server.url, admin, { name: 'PIN only', methods: ['pin'] });
    expect(await challenge(pinOnly)).toMatchObject({ status: 403, body: { code: 'terminal.methodNotAllowed' } });
  });
});

describe('a face punch carries a fresh challenge of its terminal', () => {
  it('a fresh nonce works once; the same body replayed is refused (401, translated) and writes nothing', async () => {
    setNow('2027-03-01', '09:00');
    const body = { action: 'check-in', descriptor: [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)], challenge: await nonceOf(door) };
    const first = await punch(door, body);
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.employee?._id).toBe(carmen);
    expect(facePunches()).toHaveLength(1);
    setNow('2027-03-01', '09:00', 5);
    const again = await punch(door, body, 'es');
    expect(again).toEqual({ status: 401, body: { message: es.punch.challengeInvalid, code: 'punch.challengeInvalid' } });
    expect(facePunches()).toHaveLength(1);
  });

  it('refuses a face punch without a nonce, with a made-up one, and with a malformed one', async () => {
    setNow('2027-03-01', '13:00');
    const descriptor = [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)];
    for (const extra of [{}, { challenge: 'B'.repeat(43) }, { challenge: 'not a nonce' }]) {
      const res = await punch(door, { action: 'break-in', descriptor, ...extra });
      expect(res, JSON.stringify(extra)).toEqual({ status: 401, body: { message: en.punch.challengeInvalid, code: 'punch.challengeInvalid' } });
    }
    expect(facePunches()).toHaveLength(1);
  });

  it('refuses a nonce kept past its minute', async () => {
    setNow('2027-03-01', '13:00');
    const nonce = await nonceOf(door);
    setNow('2027-03-01', '13:01', 1);
    const late = await punch(door, { action: 'break-in', descriptor: [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)], challenge: nonce });
    expect(late.body.code).toBe('punch.challengeInvalid');
    expect(facePunches()).toHaveLength(1);
  });

  it('refuses a nonce issued to another terminal, which is then spent for its own terminal too', async () => {
    setNow('2027-03-01', '13:05');
    const yards = await nonceOf(yard);
    const descriptor = [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)];
    expect((await punch(door, { action: 'break-in', descriptor, challenge: yards })).body.code).toBe('punch.challengeInvalid');
    expect((await punch(yard, { action: 'break-in', descriptor, challenge: yards })).body.code).toBe('punch.challengeInvalid');
    expect(facePunches()).toHaveLength(1);
  });

  it('keeps only the last four nonces of a terminal', async () => {
    setNow('2027-03-01', '13:06');
    const nonces: string[] = [];
    for (let i = 0; i < 6; i++) nonces.push(await nonceOf(yard));
    const descriptor = [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)];
    expect((await punch(yard, { action: 'break-in', descriptor, challenge: nonces[0] })).body.code).toBe('punch.challengeInvalid');
    const newest = await punch(yard, { action: 'break-in', descriptor, challenge: nonces[5] });
    expect(newest.status, JSON.stringify(newest.body)).toBe(200);
    expect(facePunches()).toHaveLength(2);
  });
});

describe('frames must be fresh', () => {
  it('refuses two identical frames (a descriptor copied once and sent twice), with a valid nonce', async () => {
    setNow('2027-03-01', '13:30');
    const copied = freshFrame(FIXTURE['amy3']!.kiosk);
    const res = await punch(door, { action: 'break-out', descriptor: [copied, [...copied]], challenge: await nonceOf(door) });
    expect(res).toEqual({ status: 401, body: { message: en.punch.framesReplayed, code: 'punch.framesReplayed' } });
    // Rounded to float32, as a copy through a Float32Array would be: still the same frame.
    const rounded = await punch(door, { action: 'break-out', descriptor: [copied, Array.from(new Float32Array(copied))], challenge: await nonceOf(door) });
    expect(rounded.body.code).toBe('punch.framesReplayed');
    expect(facePunches()).toHaveLength(2);
  });

  it('refuses a frame of a recent face punch under a new nonce, at the same terminal or another', async () => {
    setNow('2027-03-01', '13:31');
    const a = freshFrame(FIXTURE['amy3']!.kiosk);
    const b = freshFrame(FIXTURE['amy2']!.kiosk);
    expect((await punch(door, { action: 'break-out', descriptor: [a, b], challenge: await nonceOf(door) })).status).toBe(200);
    setNow('2027-03-01', '17:00');
    const replay = await punch(door, { action: 'check-out', descriptor: [freshFrame(FIXTURE['amy2']!.kiosk), a], challenge: await nonceOf(door) }, 'es');
    expect(replay).toEqual({ status: 401, body: { message: es.punch.framesReplayed, code: 'punch.framesReplayed' } });
    // A single frame sent again is the same replay.
    expect((await punch(door, { action: 'check-out', descriptor: b, challenge: await nonceOf(door) })).body.code).toBe('punch.framesReplayed');
    // Frames taken at one terminal and sent through another, with that terminal's own nonce.
    expect((await punch(yard, { action: 'check-out', descriptor: [a, freshFrame(FIXTURE['amy2']!.kiosk)], challenge: await nonceOf(yard) })).body.code).toBe('punch.framesReplayed');
    expect(facePunches()).toHaveLength(3);
  });

  it('refuses a camera frame of a recent face punch sent again with fresh descriptors and a new nonce, at the same terminal or another', async () => {
    setNow('2027-03-01', '17:01');
    const photo = await cameraFrame('amy3');
    const fresh = () => [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)];
    const first = await punch(door, { action: 'check-out', descriptor: fresh(), challenge: await nonceOf(door), photo });
    expect(first.status, JSON.stringify(first.body)).toBe(200);
    expect(first.body.employee?._id).toBe(carmen);
    setNow('2027-03-02', '07:00');
    // The same picture gives the server the same descriptor: a replay, whatever numbers the browser sent.
    const again = await punch(door, { action: 'check-in', descriptor: fresh(), challenge: await nonceOf(door), photo }, 'es');
    expect(again).toEqual({ status: 401, body: { message: es.punch.framesReplayed, code: 'punch.framesReplayed' } });
    const elsewhere = await punch(yard, { action: 'check-in', descriptor: fresh(), challenge: await nonceOf(yard), photo });
    expect(elsewhere).toEqual({ status: 401, body: { message: en.punch.framesReplayed, code: 'punch.framesReplayed' } });
    expect(facePunches()).toHaveLength(4);
    // A new frame of the same face is not a replay.
    const live = await punch(yard, { action: 'check-in', descriptor: fresh(), challenge: await nonceOf(yard) });
    expect(live.status, JSON.stringify(live.body)).toBe(200);
    expect(facePunches()).toHaveLength(5);
  });
});

describe('the camera frame is checked on the server for exactly one face', () => {
  it('refuses a face punch without its camera frame (422 on photo, translated) and writes nothing', async () => {
    setNow('2027-03-02', '08:00');
    const before = facePunches().length;
    const body = { action: 'break-in', descriptor: [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)], photo: undefined };
    const res = await punch(door, { ...body, challenge: await nonceOf(door) }, 'es');
    expect(res).toEqual({ status: 422, body: { message: es.punch.faceFrameRequired, code: 'punch.faceFrameRequired', errors: { photo: es.punch.faceFrameRequired } } });
    expect(facePunches()).toHaveLength(before);
  });

  it('refuses a snapshot with no face or two faces (422 on photo, nothing written) and keeps one with one face', async () => {
    await putSettings({ punchPhoto: true });
    setNow('2027-03-03', '09:00');
    const before = facePunches().length;
    const photos = sql<{ id: number }>('select id from punch_photos');
    const empty = await punch(door, {
      action: 'check-in',
      descriptor: [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)],
      challenge: await nonceOf(door),
      photo: await snapshot(['no-face.png'], 200),
    });
    expect(empty).toEqual({ status: 422, body: { message: en.punch.snapshotNoFace, code: 'punch.snapshotNoFace', errors: { photo: en.punch.snapshotNoFace } } });
    const two = await punch(
      door,
      { action: 'check-in', descriptor: [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)], challenge: await nonceOf(door), photo: await snapshot(['amy3.png', 'raj1.png']) },
      'es',
    );
    expect(two).toEqual({ status: 422, body: { message: es.punch.snapshotManyFaces, code: 'punch.snapshotManyFaces', errors: { photo: es.punch.snapshotManyFaces } } });
    expect(facePunches()).toHaveLength(before);
    expect(sql('select id from punch_photos')).toHaveLength(photos.length);
    const one = await punch(door, { action: 'check-in', descriptor: [freshFrame(FIXTURE['amy3']!.kiosk), freshFrame(FIXTURE['amy2']!.kiosk)], challenge: await nonceOf(door), photo: await cameraFrame('amy3') });
    expect(one.status, JSON.stringify(one.body)).toBe(200);
    expect(facePunches()).toHaveLength(before + 1);
    expect(sql('select id from punch_photos')).toHaveLength(photos.length + 1);
    await putSettings({ punchPhoto: false });
  }, 120_000);
});

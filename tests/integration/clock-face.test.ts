import { existsSync, mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptorToBytes } from '../../src/domain/employees/face-descriptor.ts';
import { localDateTimeToUtcIso } from '../../src/domain/time/zoned-time.ts';
import en from '../../src/i18n/en.json';
import es from '../../src/i18n/es.json';
import { cameraFrame, emptyFrame, enrolPhotoBody, FACE_FIXTURE as FIXTURE, fixtureOf } from '../helpers/camera-frame.ts';
import { clockChallenge, freshDescriptor } from '../helpers/face-punch.ts';
import { disableFaceRecognition, enableFaceRecognition } from '../helpers/biometrics.ts';
import { Client } from '../helpers/http-client.ts';
import { pairTerminal, type PairedTestTerminal } from '../helpers/terminal.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { waitFor } from '../helpers/wait-for.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';

/**
 * POST /api/clock with a face, over HTTP on the demo data. A face punch carries the browser's
 * descriptors and its camera frame (`photo`): the server computes the frame's descriptor and
 * matches only that; the browser's numbers are judged for replay and name nobody (issue 34.4,
 * decision 065). The browser descriptors are real (bench/face-quality.mjs --write: "enrol" from
 * the padded photo, "kiosk" from the face inside a 640 × 480 camera frame), and each punch sends a
 * frame of the fixture its first descriptor is (camera-frame.ts, shifted on every call).
 * Employees are enrolled through the photos API with the fixture photo itself, the server
 * computing its descriptor. Time is faked (JORNADA_FAKE_NOW_FILE) on days of 2027.
 */

const ZONE = 'Europe/Lisbon';

let server: TestServer;
let clockDir: string;
let clockFile: string;
let admin: Client;
let terminal: PairedTestTerminal;
const ids: Record<string, number> = {};

function setNow(date: string, time: string): string {
  const iso = localDateTimeToUtcIso(date, time, ZONE);
  writeFileSync(clockFile, iso);
  return iso;
}

const sql = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);

interface Answer {
  status: number;
  body: { message: string; code?: string; employee?: { _id?: number; full_name?: string; image?: string | null; first_name?: string }; time?: string; errors?: Record<string, string> };
  headers: Headers;
}

/** The fixture whose browser descriptor is a punch body's (first) frame, if it is one. */
function fixtureOfBody(descriptor: unknown): string | undefined {
  const first: unknown = Array.isArray(descriptor) && Array.isArray(descriptor[0]) ? descriptor[0] : descriptor;
  return Array.isArray(first) && first.every((x) => typeof x === 'number') ? fixtureOf(first) : undefined;
}

/**
 * A punch from the paired terminal (face punches need one, decision 042). A face punch gets a
 * fresh challenge and fresh frames, as the kiosk sends them (decision 043), and, unless the body
 * names its own `photo` (even undefined: no frame), the camera frame of the fixture its first
 * descriptor is (decision 065).
 */
async function clock(body: Record<string, unknown>, lang: 'en' | 'es' = 'en', headers: Record<string, string> = {}): Promise<Answer> {
  if (body['descriptor'] !== undefined && !('challenge' in body)) {
    const fixture = fixtureOfBody(body['descriptor']);
    const photo = 'photo' in body ? body['photo'] : fixture ? await cameraFrame(fixture) : undefined;
    const challenge = await clockChallenge(server.url, { ...terminal.headers, ...headers });
    body = { ...body, descriptor: freshDescriptor(body['descriptor'] as number[] | number[][]), photo, ...(challenge ? { challenge } : {}) };
  }
  const res = await new Client(server.url, lang).post('/api/clock', body, { ...terminal.headers, ...headers });
  return { status: res.status, body: (await res.json()) as Answer['body'], headers: res.headers };
}

async function putSettings(change: Record<string, unknown>): Promise<void> {
  const current = (await (await admin.get('/api/settings')).json()) as { data: Record<string, unknown> };
  const res = await admin.request('PUT', '/api/settings', { ...current.data, ...change });
  expect(res.status, await res.clone().text()).toBe(200);
}

/** Records consent and uploads a fixture photo to enrol, as the photo panel does: the server computes its face data. */
async function enrol(employeeId: number, photo: string): Promise<void> {
  expect((await admin.request('PUT', `/api/employees/${employeeId}/consent`, { consent: true })).status).toBe(200);
  const res = await admin.post(`/api/employees/${employeeId}/photos`, enrolPhotoBody(photo));
  expect(res.status, await res.clone().text()).toBe(201);
  expect(((await res.json()) as { data: { faceData: boolean } }).data.faceData, photo).toBe(true);
}

/** Punches of 2027 (the tests' days, after every demo punch). */
const punchesOf = (employeeId: number) =>
  sql<{ id: number; action: string; method: string; attendance_id: number }>("select id, action, method, attendance_id from punches where employee_id = ? and at >= '2027-01-01' order by id", employeeId);

beforeAll(async () => {
  clockDir = mkdtempSync(path.join(os.tmpdir(), 'jornada-face-clock-'));
  clockFile = path.join(clockDir, 'now');
  writeFileSync(clockFile, '2027-03-01T06:00:00Z');
  server = await startServer({ args: ['--demo'], env: { JORNADA_TEST: '1', JORNADA_FAKE_NOW_FILE: clockFile } });
  admin = new Client(server.url);
  expect((await admin.signIn('admin@demo.jornada', 'Demo#2026')).status).toBe(200);
  // Off on new installations and the demo (decision 047).
  await enableFaceRecognition(admin);
  terminal = await pairTerminal(server.url, admin, { name: 'Front door' });
  for (const name of ['Carmen', 'Lucía', 'Antonio', 'Laura', 'Pablo']) {
    ids[name] = sql<{ id: number }>('select id from employees where first_name = ?', name)[0]!.id;
  }
  // Amy is Carmen (two photos), Bernadette is Lucía, Howard is Antonio, Leonard is Laura.
  await enrol(ids['Carmen']!, 'amy1');
  await enrol(ids['Carmen']!, 'amy2');
  await enrol(ids['Lucía']!, 'bernadette1');
  await enrol(ids['Antonio']!, 'howard1');
  await enrol(ids['Laura']!, 'leonard1');
});

afterAll(async () => {
  await server?.stop();
  rmSync(clockDir, { recursive: true, force: true });
});

// 2027-03-01 is a Monday; Lisbon is at UTC+0.
const MON = '2027-03-01';

describe('POST /api/clock with a face', () => {
  it('identifies an enrolled person from another photo seen by the camera and records the punch as a face punch', async () => {
    const at = setNow(MON, '09:01');
    const res = await clock({ action: 'check-in', descriptor: FIXTURE['amy3']!.kiosk });
    expect(res.status, JSON.stringify(res.body)).toBe(200);
    expect(res.body).toMatchObject({ message: 'Recorded successfully!', employee: { _id: ids['Carmen'], full_name: 'Carmen Ruiz Navarro' }, time: at });
    expect(punchesOf(ids['Carmen']!).map((p) => [p.action, p.method])).toEqual([['check-in', 'face']]);
  });

  it('answers with an inline thumbnail of the current photo, never a URL to the photo endpoint', async () => {
    setNow(MON, '13:00');
    const res = await clock({ action: 'break-in', descriptor: [FIXTURE['amy1']!.kiosk, FIXTURE['amy3']!.kiosk] });
    expect(res.status).toBe(200);
    const image = res.body.employee!.image!;
    expect(image).toMatch(/^data:image\/jpeg;base64,/);
    const thumbnail = await sharp(Buffer.from(image.split(',')[1]!, 'base64')).metadata();
    expect([thumbnail.width, thumbnail.height]).toEqual([192, 192]);
    expect(image.length).toBeLessThan(40_000);
    const current = (await (await admin.get(`/api/employees/${ids['Carmen']}`)).json()).data.image as string;
    expect(JSON.stringify(res.body)).not.toContain(current);
    expect(JSON.stringify(res.body)).not.toContain('/api/employees/');
    // The photo endpoint itself stays closed to the signed-out terminal.
    expect((await new Client(server.url).get(`/api/employees/${ids['Carmen']}/photos/${current}/image`)).status).toBe(401);
  });

  it('identifies each enrolled person, in either language, and names the employee in a refusal by first name only', async () => {
    setNow(MON, '09:40');
    const lucia = await clock({ action: 'check-in', descriptor: FIXTURE['bernadette3']!.kiosk }, 'es');
    expect(lucia.status).toBe(200);
    expect(lucia.body).toMatchObject({ message: es.messages.recordedSuccessfully, employee: { _id: ids['Lucía'] } });
    setNow(MON, '09:42');
    const again = await clock({ action: 'check-in', descriptor: FIXTURE['bernadette2']!.kiosk });
    expect(again.status).toBe(409);
    // Nothing was written: the refusal names the first name only, no id, full name or photo (decision 025).
    expect(again.body).toEqual({ message: expect.any(String), code: 'messages.alreadyCheckedIn', employee: { first_name: 'Lucía' } });
    const howard = await clock({ action: 'break-out', descriptor: FIXTURE['howard2']!.enrol });
    expect(howard.status).toBe(409);
    expect(howard.body).toMatchObject({ code: 'messages.noAttendanceData', employee: { first_name: 'Antonio' } });
  });

  it('does not recognize a person who is not enrolled: "Face not recognized, please enter your PIN."', async () => {
    setNow(MON, '09:50');
    for (const stranger of ['raj2', 'penny1', 'sheldon3', 'stuart1']) {
      const res = await clock({ action: 'check-in', descriptor: FIXTURE[stranger]!.kiosk });
      expect(res.status, stranger).toBe(401);
      expect(res.body).toEqual({ message: 'Face not recognized, please enter your PIN.', code: 'messages.faceNotRecognized' });
    }
    expect((await clock({ action: 'check-in', descriptor: FIXTURE['raj1']!.kiosk }, 'es')).body.message).toBe(es.messages.faceNotRecognized);
    expect(sql('select id from punches where method = ? and at between ? and ?', 'face', '2027-03-01T09:45:00Z', '2027-03-01T09:55:00Z')).toHaveLength(0);
  });

  it("a terminal recognizes only its own company's employees (decision 042)", async () => {
    // Laura moves to a second company; the door of the first no longer knows her face.
    sql("insert into companies (name, created_at, updated_at) values ('Otra SL', '2027-01-01T00:00:00Z', '2027-01-01T00:00:00Z')");
    const other = sql<{ id: number }>("select id from companies where name = 'Otra SL'")[0]!.id;
    const home = sql<{ company_id: number }>('select company_id from employees where id = ?', ids['Laura'])[0]!.company_id;
    const door = await pairTerminal(server.url, admin, { name: 'Other door' });
    setNow(MON, '09:52');
    try {
      sql('update employees set company_id = ? where id = ?', other, ids['Laura']);
      const res = await clock({ action: 'check-in', descriptor: FIXTURE['leonard2']!.kiosk }, 'en', door.headers);
      expect(res.status, JSON.stringify(res.body)).toBe(401);
      expect(res.body.code).toBe('messages.faceNotRecognized');
      expect(punchesOf(ids['Laura']!)).toHaveLength(0);
    } finally {
      sql('update employees set company_id = ? where id = ?', home, ids['Laura']);
    }
  });

  it("names the person in the camera frame, never the one the browser's numbers are (decision 065)", async () => {
    setNow(MON, '10:00');
    // Laura's numbers (two frames) with a stranger's camera frame: nobody.
    const forged = await clock({ action: 'check-in', descriptor: [FIXTURE['leonard2']!.kiosk, FIXTURE['leonard3']!.kiosk], photo: await cameraFrame('penny2') });
    expect(forged.status).toBe(401);
    expect(forged.body.code).toBe('messages.faceNotRecognized');
    expect(punchesOf(ids['Laura']!)).toHaveLength(0);
    // Antonio's numbers with Laura's frame: Laura.
    const both = await clock({ action: 'check-in', descriptor: [FIXTURE['howard2']!.kiosk, FIXTURE['howard3']!.kiosk], photo: await cameraFrame('leonard3') });
    expect(both.status).toBe(200);
    expect(both.body.employee?._id).toBe(ids['Laura']);
  });

  it('refuses a face punch without its camera frame (422 on photo), in English and Spanish, and a frame without a face', async () => {
    setNow(MON, '10:05');
    for (const lang of ['en', 'es'] as const) {
      const t = lang === 'en' ? en : es;
      const res = await clock({ action: 'check-in', descriptor: FIXTURE['amy3']!.kiosk, photo: undefined }, lang);
      expect(res.status, JSON.stringify(res.body)).toBe(422);
      expect(res.body).toEqual({ message: t.punch.faceFrameRequired, code: 'punch.faceFrameRequired', errors: { photo: t.punch.faceFrameRequired } });
    }
    const empty = await clock({ action: 'check-in', descriptor: FIXTURE['amy3']!.kiosk, photo: await emptyFrame() }, 'es');
    expect(empty.status, JSON.stringify(empty.body)).toBe(422);
    expect(empty.body).toMatchObject({ code: 'punch.snapshotNoFace', errors: { photo: es.punch.snapshotNoFace } });
    expect(sql('select id from punches where method = ? and at between ? and ?', 'face', '2027-03-01T10:04:00Z', '2027-03-01T10:06:00Z')).toHaveLength(0);
  });

  it('uses the threshold setting', async () => {
    setNow(MON, '10:10');
    await putSettings({ faceThreshold: 0.3 });
    const strict = await clock({ action: 'check-in', descriptor: FIXTURE['howard3']!.kiosk });
    expect(strict.status).toBe(401);
    await putSettings({ faceThreshold: 0.55 });
    // Identified again (Antonio works nights, so the engine refuses a morning check-in: 409 names him).
    const normal = await clock({ action: 'check-in', descriptor: FIXTURE['howard3']!.kiosk });
    expect(normal.status).not.toBe(401);
    expect(normal.body.employee).toEqual({ first_name: 'Antonio' });
  });

  it('refuses a face nearly as close to a second person (margin), counting people not photos', async () => {
    setNow(MON, '10:20');
    // Faces enrolled straight in the database around Penny's enrolment descriptor A (not enrolled
    // by the photos API, so no one else's): a frame of penny1 is about 0.1 from A (the server
    // computes it; the test cannot know it exactly). Pablo at A and a second person at A moved by
    // 0.02: whichever of them is nearer, the other is at most 0.02 farther (< the 0.05 margin).
    const base = FIXTURE['penny1']!.enrol;
    const along = (k: number, d: number) => base.map((x, i) => (i === k ? x + d : x));
    const stamp = new Date().toISOString();
    const second = sql<{ id: number }>("select id from employees where first_name = 'Elena'")[0]!.id;
    sql('insert into face_descriptors (employee_id, descriptor, created_at) values (?, ?, ?)', ids['Pablo'], descriptorToBytes(base), stamp);
    sql('insert into face_descriptors (employee_id, descriptor, created_at) values (?, ?, ?)', second, descriptorToBytes(along(7, 0.02)), stamp);
    const ambiguous = await clock({ action: 'check-in', descriptor: FIXTURE['penny1']!.kiosk });
    expect(ambiguous.status).toBe(401);
    expect(ambiguous.body.code).toBe('messages.faceNotRecognized');
    // A second photo of Pablo just as near does not make him his own runner-up.
    sql('delete from face_descriptors where employee_id = ?', second);
    sql('insert into face_descriptors (employee_id, descriptor, created_at) values (?, ?, ?)', ids['Pablo'], descriptorToBytes(along(9, 0.02)), stamp);
    const pablo = await clock({ action: 'check-in', descriptor: FIXTURE['penny1']!.kiosk });
    expect(pablo.status).toBe(200);
    expect(pablo.body.employee?._id).toBe(ids['Pablo']);
    // With no margin, a tie still needs a strict winner: the second person enrolled with exactly
    // Pablo's descriptors is at exactly his distance from any frame, and a tie never matches.
    await putSettings({ faceMargin: 0 });
    sql('insert into face_descriptors (employee_id, descriptor, created_at) values (?, ?, ?)', second, descriptorToBytes(base), stamp);
    sql('insert into face_descriptors (employee_id, descriptor, created_at) values (?, ?, ?)', second, descriptorToBytes(along(9, 0.02)), stamp);
    setNow(MON, '16:00');
    expect((await clock({ action: 'check-out', descriptor: FIXTURE['penny1']!.kiosk })).status).toBe(401);
    await putSettings({ faceMargin: 0.05 });
    sql('delete from face_descriptors where employee_id in (?, ?)', ids['Pablo'], second);
  });

  it('answers 403 when face recognition is turned off in the settings', async () => {
    setNow(MON, '11:00');
    await disableFaceRecognition(admin);
    const off = await clock({ action: 'break-in', descriptor: FIXTURE['amy3']!.kiosk });
    expect(off.status).toBe(403);
    expect(off.body).toEqual({ message: en.punch.faceClockUnavailable, code: 'punch.faceClockUnavailable' });
    await enableFaceRecognition(admin);
  });

  it('refuses malformed descriptors: wrong length, junk values, more than three frames', async () => {
    setNow(MON, '11:05');
    const frame = FIXTURE['amy3']!.kiosk;
    for (const descriptor of [frame.slice(0, 127), frame.map(() => 0), frame.map((x, i) => (i === 0 ? 5 : x)), [frame, frame, frame, frame], []]) {
      // With a good camera frame: the refusal is about the numbers alone.
      const res = await clock({ action: 'break-out', descriptor, photo: await cameraFrame('amy3') });
      expect(res.status).toBe(422);
      expect(res.body.errors).toEqual({ descriptor: en.validation.invalidInput });
    }
  });
});

describe('punch photos', () => {
  // The snapshot is the face punch's camera frame (640 × 480, decision 065).
  const snapshot = () => cameraFrame('amy3');
  const files = () => (existsSync(path.join(server.dataDir, 'uploads', 'punch-photos')) ? readdirSync(path.join(server.dataDir, 'uploads', 'punch-photos')) : []);

  it('keeps no snapshot while the setting is off', async () => {
    setNow(MON, '14:00');
    const res = await clock({ action: 'break-out', descriptor: FIXTURE['amy3']!.kiosk, photo: await snapshot() });
    expect(res.status).toBe(200);
    expect(files()).toEqual([]);
    expect(sql('select id from punch_photos')).toHaveLength(0);
  });

  it('with the setting on, keeps a re-encoded snapshot with the face punch for admins to review', async () => {
    await putSettings({ punchPhoto: true, punchPhotoRetentionDays: 30 });
    setNow(MON, '17:00');
    const res = await clock({ action: 'check-out', descriptor: FIXTURE['amy3']!.kiosk, photo: await snapshot() });
    expect(res.status).toBe(200);
    const punch = punchesOf(ids['Carmen']!).at(-1)!;
    expect(punch).toMatchObject({ action: 'check-out', method: 'face' });
    expect(files()).toHaveLength(1);
    const list = await (await admin.get(`/api/attendances/${punch.attendance_id}/punch-photos`)).json();
    expect(list.data).toEqual([{ punch: punch.id, action: 'check-out', at: res.body.time, method: 'face', url: `/api/punches/${punch.id}/photo` }]);
    const image = await admin.get(`/api/punches/${punch.id}/photo`);
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/jpeg');
    expect(image.headers.get('cache-control')).toBe('private, no-store');
    const meta = await sharp(Buffer.from(await image.arrayBuffer())).metadata();
    // Scaled down to at most 320 px wide (PUNCH_PHOTO_SIDE).
    expect([meta.width, meta.height]).toEqual([320, 240]);
    expect(meta.exif).toBeUndefined();
    // Never public; an Employee account sees only its own.
    expect((await new Client(server.url).get(`/api/punches/${punch.id}/photo`)).status).toBe(401);
    const staff = new Client(server.url);
    await staff.signIn('employee@demo.jornada', 'Demo#2026');
    expect([403, 404]).toContain((await staff.get(`/api/punches/${punch.id}/photo`)).status);
  });

  it('refuses a snapshot that is not a small image, and records nothing', async () => {
    setNow('2027-03-02', '09:00');
    const bad = await clock({ action: 'check-in', descriptor: FIXTURE['amy3']!.kiosk, photo: 'data:image/jpeg;base64,aGVsbG8gd29ybGQh' });
    expect(bad.status).toBe(422);
    expect(bad.body.errors).toEqual({ photo: en.validation.invalidInput });
    expect(sql('select id from punches where at >= ?', '2027-03-02T00:00:00Z')).toHaveLength(0);
    // A PIN punch ignores a photo.
    const pin = await clock({ action: 'check-in', pin: '100001', photo: await snapshot() });
    expect(pin.status).toBe(200);
    expect(files()).toHaveLength(1);
  });

  it('deletes snapshots past the retention period when the server starts', async () => {
    const kept = sql<{ punch_id: number }>('select punch_id from punch_photos');
    expect(kept).toHaveLength(1);
    // The server restarted 31 days later (one server per data directory, decision 040): its
    // start-up purge removes the snapshot (row and file); the punch itself stays.
    expect(await server.kill('SIGTERM')).toBe(0);
    writeFileSync(clockFile, '2027-04-02T09:00:00Z');
    await server.restart();
    await waitFor('the start-up purge', () => files().length === 0);
    expect(sql('select id from punch_photos')).toHaveLength(0);
    expect(sql('select id from punches where id = ?', kept[0]!.punch_id)).toHaveLength(1);
  });
});

describe('safeguards', () => {
  it('makes face identification from an address wait after ten unknown faces, while the PIN still works', async () => {
    setNow('2027-03-03', '08:00');
    // Ten unknown faces are free (decision 025); the eleventh starts a short wait for faces only.
    for (let i = 0; i < 11; i++) {
      expect((await clock({ action: 'check-in', descriptor: FIXTURE['raj3']!.kiosk })).status).toBe(401);
    }
    const locked = await clock({ action: 'check-in', descriptor: FIXTURE['amy3']!.kiosk }, 'es');
    expect(locked.status).toBe(429);
    expect(locked.body).toEqual({ message: es.punch.tooManyAttemptsSeconds_other.replace('{{seconds}}', '2'), code: 'punch.tooManyAttemptsSeconds', retryAfter: 2 });
    expect(Number(locked.headers.get('retry-after'))).toBe(2);
    // The PIN has its own count; its identification ends the wait for faces too.
    expect((await clock({ action: 'check-in', pin: '100003' })).status).toBe(200);
    expect((await clock({ action: 'check-in', descriptor: FIXTURE['amy3']!.kiosk })).status).toBe(200);
  });

  it('shows the clock page only inside the IP restriction, answering Access Denied (403) elsewhere', async () => {
    const open = await new Client(server.url).get('/clock');
    expect(open.status).toBe(200);
    const html = await open.text();
    expect(html).toContain('data-testid="clock-kiosk"');
    await putSettings({ ipRestriction: '10.0.0.0/8, 192.168.1.20' });
    for (const lang of ['en', 'es'] as const) {
      const denied = await new Client(server.url, lang).get('/clock', { cookie: `lang=${lang}` });
      expect(denied.status).toBe(403);
      const page = await denied.text();
      expect(page).toContain((lang === 'en' ? en : es).accessDenied.message);
      expect(page).not.toContain('clock-kiosk');
      expect(page).not.toContain('<astro-island');
    }
    // A client cannot name an allowed address itself: forwarded headers count only from a trusted proxy.
    const spoofed = await new Client(server.url).get('/clock', { 'x-forwarded-for': '192.168.1.20' });
    expect(spoofed.status).toBe(403);
    expect((await clock({ action: 'check-out', pin: '100003' }, 'en', { 'x-forwarded-for': '192.168.1.20' })).status).toBe(403);
    // Behind a trusted proxy (here: the loopback the tests connect from), the forwarded client counts.
    await putSettings({ trustedProxy: '127.0.0.1, ::1' });
    expect((await new Client(server.url).get('/clock', { 'x-forwarded-for': '192.168.1.20' })).status).toBe(200);
    expect((await new Client(server.url).get('/clock', { 'x-forwarded-for': '192.168.1.21' })).status).toBe(403);
    expect((await new Client(server.url).get('/clock')).status).toBe(403);
    setNow('2027-03-03', '16:00');
    const viaProxy = await clock({ action: 'check-out', pin: '100003' }, 'en', { 'x-forwarded-for': '1.2.3.4, 192.168.1.20' });
    expect(viaProxy.status, JSON.stringify(viaProxy.body)).toBe(200);
    await putSettings({ ipRestriction: '', trustedProxy: '' });
    expect((await new Client(server.url).get('/clock')).status).toBe(200);
  });
});

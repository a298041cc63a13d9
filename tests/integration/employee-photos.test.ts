import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { addAccount } from '../helpers/accounts.ts';
import { Client } from '../helpers/http-client.ts';
import { rawPost } from '../helpers/raw-post.ts';
import { startServer, type TestServer } from '../helpers/test-server.ts';
import { sqlIn } from '../helpers/test-sql.ts';
import { FACES } from '../helpers/faces.ts';
import { disableFaceRecognition, enableFaceRecognition } from '../helpers/biometrics.ts';
import { enrolPhotoBody, FACE_FIXTURE } from '../helpers/camera-frame.ts';
import en from '../../src/i18n/en.json';
import esText from '../../src/i18n/es.json';

let server: TestServer;
let admin: Client;
let es: Client;
let employeeUser: Client;
let viewer: Client;
let anon: Client;
let adminId: number;
let employeeId: number;

beforeAll(async () => {
  server = await startServer({ args: ['--demo'] });
  admin = new Client(server.url);
  adminId = (await (await admin.signIn('admin@demo.jornada', 'Demo#2026')).json()).user._id;
  es = new Client(server.url, 'es');
  es.cookie = admin.cookie;
  employeeUser = new Client(server.url);
  await employeeUser.signIn('employee@demo.jornada', 'Demo#2026');
  await addAccount(server.dataDir, { email: 'viewer@demo.jornada', password: 'View#2026', accountType: 'Admin', permissions: { employee: ['read'] } });
  viewer = new Client(server.url);
  await viewer.signIn('viewer@demo.jornada', 'View#2026');
  anon = new Client(server.url);
  employeeId = (await (await admin.get('/api/employees?pageSize=1')).json()).data[0]._id;
  // Face data is kept only while face recognition is on (decision 047); the last block turns it off.
  await enableFaceRecognition(admin);
});
afterAll(async () => {
  await server?.stop();
});

const dataUrl = (bytes: Buffer, type = 'image/png') => `data:${type};base64,${bytes.toString('base64')}`;
/**
 * A plausible descriptor: 128 finite values, norm about 0.8. The server refuses any numbers from
 * a client (issue 34.4, decision 065): it computes the face data from the photo itself.
 */
const descriptor = (seed = 1) => Array.from({ length: 128 }, (_, i) => Math.round(Math.sin(i * seed + seed) * 0.1 * 1e6) / 1e6);
const photosDir = (id: number) => path.join(server.dataDir, 'uploads', 'employees', String(id));
const storedFiles = (id: number) => (existsSync(photosDir(id)) ? readdirSync(photosDir(id)) : []);
const query = <T>(text: string, ...params: unknown[]): T[] => sqlIn<T>(server.dataDir, text, ...params);
/** A blob as read back: a Buffer from SQLite, `\x…` hex text from PostgreSQL through psql. */
const bytesOf = (blob: Buffer | string): Buffer => (Buffer.isBuffer(blob) ? blob : Buffer.from(blob.replace(/^\\x/, ''), 'hex'));
const descriptorCount = async (id: number) => (await (await admin.get(`/api/employees/${id}`)).json()).data.faceDescriptors as number;
const distance = (a: readonly number[], b: readonly number[]) => Math.sqrt(a.reduce((sum, x, i) => sum + (x - b[i]!) ** 2, 0));

/** Inserts a tEXt chunk after IHDR (metadata that must not survive the upload). */
function pngWithText(png: Buffer, keyword: string, text: string): Buffer {
  const data = Buffer.from(`${keyword}\0${text}`, 'latin1');
  const chunk = Buffer.alloc(12 + data.length);
  chunk.writeUInt32BE(data.length, 0);
  chunk.write('tEXt', 4, 'ascii');
  data.copy(chunk, 8);
  chunk.writeUInt32BE(crc32(chunk.subarray(4, 8 + data.length)), 8 + data.length);
  return Buffer.concat([png.subarray(0, 33), chunk, png.subarray(33)]);
}

function pngChunks(png: Buffer): string[] {
  const names: string[] = [];
  for (let at = 8; at < png.length;) {
    const length = png.readUInt32BE(at);
    names.push(png.toString('ascii', at + 4, at + 8));
    at += 12 + length;
  }
  return names;
}

describe('employee photos: upload checks', () => {
  it('refuses a text file renamed .jpg with a clear translated message, storing nothing', async () => {
    const text = Buffer.from('This is not a photo, just text saved as photo.jpg\n');
    const res = await admin.post(`/api/employees/${employeeId}/photos`, { image: dataUrl(text, 'image/jpeg') });
    expect(res.status).toBe(422);
    const body = await res.json();
    expect(body).toMatchObject({ code: 'photos.notAnImage', message: 'This file is not a JPEG, PNG or WebP image.' });
    expect(body.errors).toEqual({ image: 'This file is not a JPEG, PNG or WebP image.' });
    const inSpanish = await es.post(`/api/employees/${employeeId}/photos`, { image: dataUrl(text, 'image/jpeg') });
    expect((await inSpanish.json()).message).toBe('Este archivo no es una imagen JPEG, PNG o WebP.');
    // JPEG magic bytes followed by junk: sniffed as JPEG, refused because it does not decode.
    const fake = Buffer.concat([Buffer.from([0xff, 0xd8, 0xff, 0xe0]), text]);
    expect((await admin.post(`/api/employees/${employeeId}/photos`, { image: dataUrl(fake, 'image/jpeg') })).status).toBe(422);
    expect(storedFiles(employeeId)).toEqual([]);
  });

  it('refuses an image over 5 MB (413) and a body over 7 MB before reading it all', async () => {
    // An uncompressed PNG of about 5.06 MiB: over the image limit, its base64 under the body limit.
    const big = await sharp({ create: { width: 1330, height: 1330, channels: 3, background: '#7a8' } })
      .png({ compressionLevel: 0 })
      .toBuffer();
    expect(big.length).toBeGreaterThan(5 * 1024 * 1024);
    expect(big.length).toBeLessThan(5.2 * 1024 * 1024);
    const res = await admin.post(`/api/employees/${employeeId}/photos`, { image: dataUrl(big) });
    expect(res.status).toBe(413);
    expect(await res.json()).toMatchObject({ code: 'photos.tooLarge', message: 'The image is larger than 5 MB.' });
    // Streamed over a raw connection: the server answers before reading it all (see raw-post.ts).
    const huge = await rawPost(server.url, `/api/employees/${employeeId}/photos`, {
      size: 7.5 * 1024 * 1024,
      token: admin.cookie,
      prefix: '{"image":"data:image/png;base64,',
      fill: 'A',
    });
    expect(huge.status).toBe(413);
    expect(JSON.parse(huge.body).message).toBe('The upload is too large: at most one image of 5 MB.');
    expect(storedFiles(employeeId)).toEqual([]);
  });

  it('refuses images under 64 px or over 6000 px on a side, and malformed bodies', async () => {
    const tiny = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const small = await admin.post(`/api/employees/${employeeId}/photos`, { image: dataUrl(tiny) });
    expect(small.status).toBe(422);
    expect((await small.json()).message).toBe('The image is too small: it needs at least 64 × 64 pixels.');
    const wide = await sharp({ create: { width: 6100, height: 64, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    const tooWide = await admin.post(`/api/employees/${employeeId}/photos`, { image: dataUrl(wide) });
    expect(tooWide.status).toBe(422);
    expect((await tooWide.json()).code).toBe('photos.tooBig');
    expect((await admin.post(`/api/employees/${employeeId}/photos`, { image: 'not a data url' })).status).toBe(422);
    expect((await admin.post(`/api/employees/${employeeId}/photos`, {})).status).toBe(422);
    expect((await admin.request('POST', `/api/employees/${employeeId}/photos`, '{"image":', {})).status).toBe(400);
    const form = await admin.request('POST', `/api/employees/${employeeId}/photos`, 'x', { 'content-type': 'application/octet-stream' });
    expect(form.status).toBe(415);
    expect((await admin.post('/api/employees/999999/photos', { image: dataUrl(tiny) })).status).toBe(404);
    expect(storedFiles(employeeId)).toEqual([]);
  });
});

describe('employee photos: storing', () => {
  let firstPhoto: string;

  it('accepts a fixture PNG, stores it under a random name without metadata, makes it current', async () => {
    const original = readFileSync(path.join(FACES, 'amy1.png'));
    const tagged = pngWithText(original, 'Comment', 'GPS 38.7223 -9.1393 SECRET-PNG-NOTE');
    expect(tagged.includes('SECRET-PNG-NOTE')).toBe(true);
    const res = await admin.post(`/api/employees/${employeeId}/photos`, { image: dataUrl(tagged, 'image/png'), enrol: true });
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.message).toBe('Image uploaded successfully.');
    // No consent recorded yet: the photo is kept, no face data is computed or stored.
    expect(body.notice).toBe('The photo was kept without face data: biometric consent is not recorded.');
    expect(body.data).toMatchObject({ current: true, faceData: false, url: `/api/employees/${employeeId}/photos/${body.data._id}/image` });
    firstPhoto = body.data._id;
    expect(firstPhoto).toMatch(/^[0-9a-z]{8,11}-[0-9a-f]{24}$/);

    const files = storedFiles(employeeId);
    expect(files).toEqual([`${firstPhoto}.png`]);
    const stored = readFileSync(path.join(photosDir(employeeId), files[0]!));
    expect(stored.includes('SECRET-PNG-NOTE')).toBe(false);
    // Only image data is left (pHYs is the pixel density sharp writes, not metadata about anyone).
    expect(pngChunks(stored).filter((c) => !['IHDR', 'PLTE', 'IDAT', 'IEND', 'pHYs'].includes(c))).toEqual([]);
    const meta = await sharp(stored).metadata();
    expect([meta.width, meta.height]).toEqual([150, 150]);

    const employee = (await (await admin.get(`/api/employees/${employeeId}`)).json()).data;
    expect(employee.image).toBe(firstPhoto);
    expect(employee.faceDescriptors).toBe(0);
    expect(query('select * from face_descriptors where employee_id = ?', employeeId)).toEqual([]);
  });

  it('strips EXIF (with GPS) from a JPEG', async () => {
    const jpeg = await sharp(readFileSync(path.join(FACES, 'raj1.png')))
      .jpeg()
      .withExif({ IFD0: { Copyright: 'SECRET-EXIF-OWNER', ImageDescription: 'SECRET-EXIF-GPS' } })
      .toBuffer();
    expect(jpeg.includes('SECRET-EXIF-OWNER')).toBe(true);
    const res = await admin.post(`/api/employees/${employeeId}/photos`, { image: dataUrl(jpeg, 'image/jpeg') });
    expect(res.status).toBe(201);
    const id = (await res.json()).data._id;
    const stored = readFileSync(path.join(photosDir(employeeId), `${id}.jpg`));
    expect(stored.subarray(0, 3)).toEqual(Buffer.from([0xff, 0xd8, 0xff]));
    expect(stored.includes('SECRET-EXIF')).toBe(false);
    expect(stored.includes('Exif')).toBe(false);
    expect((await sharp(stored).metadata()).exif).toBeUndefined();
    // The newest photo is the current one; both are listed, newest first.
    const list = await (await admin.get(`/api/employees/${employeeId}/photos`)).json();
    expect(list.data.map((p: { _id: string }) => p._id)).toEqual([id, firstPhoto]);
    expect(list.data.map((p: { current: boolean }) => p.current)).toEqual([true, false]);
    expect(list.consent).toBeNull();
  });

  it('stores the descriptor only once consent is recorded (with date and user), never returns it', async () => {
    const consent = await admin.request('PUT', `/api/employees/${employeeId}/consent`, { consent: true });
    expect(consent.status).toBe(200);
    const answer = await consent.json();
    expect(answer.message).toBe('Biometric consent recorded.');
    expect(answer.data.consent).toMatchObject({ by: adminId });
    expect(Date.now() - Date.parse(answer.data.consent.at)).toBeLessThan(60_000);
    const row = query<{ biometric_consent_at: string; biometric_consent_by: number }>('select biometric_consent_at, biometric_consent_by from employees where id = ?', employeeId)[0]!;
    expect(row).toEqual({ biometric_consent_at: answer.data.consent.at, biometric_consent_by: adminId });

    // The server computes the descriptor from the photo: the one the browser pipeline gives for amy2 (tests/fixtures).
    const res = await admin.post(`/api/employees/${employeeId}/photos`, enrolPhotoBody('amy2'));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data.faceData).toBe(true);
    expect(body.notice).toBeUndefined();
    expect(await descriptorCount(employeeId)).toBe(1);
    const stored = query<{ descriptor: Buffer | string; image: string; created_by: number }>('select descriptor, image, created_by from face_descriptors where employee_id = ?', employeeId).map((row) => ({
      ...row,
      descriptor: bytesOf(row.descriptor),
    }));
    expect(stored).toHaveLength(1);
    expect(stored[0]!.image).toBe(body.data._id);
    expect(stored[0]!.created_by).toBe(adminId);
    expect(stored[0]!.descriptor.length).toBe(512);
    const decoded = Array.from({ length: 128 }, (_, i) => stored[0]!.descriptor.readFloatLE(i * 4));
    expect(decoded.every(Number.isFinite)).toBe(true);
    expect(distance(decoded, FACE_FIXTURE['amy2']!.enrol)).toBeLessThan(0.01);
    // Another person's face is far from it: the numbers are amy2's face, not anything else.
    expect(distance(decoded, FACE_FIXTURE['raj1']!.enrol)).toBeGreaterThan(0.5);

    const answers = [
      await (await admin.get(`/api/employees/${employeeId}`)).text(),
      await (await admin.get(`/api/employees/${employeeId}/photos`)).text(),
      await (await admin.get(`/api/employees?pageSize=100`)).text(),
      JSON.stringify(body),
    ];
    for (const text of answers) {
      expect(text).not.toContain('"descriptor"');
      for (const value of decoded.slice(0, 8)) expect(text).not.toContain(value.toFixed(6));
    }
    const photos = JSON.parse(answers[1]!);
    expect(photos.faceDescriptors).toBe(1);
    expect(photos.consent).toMatchObject({ by: adminId, byName: expect.any(String) });
    expect(photos.data.filter((p: { faceData: boolean }) => p.faceData)).toHaveLength(1);
  });

  it('refuses face numbers from a client, valid or not, with the photo or for a photo on file (422, translated), storing nothing', async () => {
    const image = dataUrl(readFileSync(path.join(FACES, 'amy3.png')));
    const photoOnFile = (await (await admin.get(`/api/employees/${employeeId}/photos`)).json()).data[0]._id as string;
    const numbers = [
      FACE_FIXTURE['amy3']!.enrol, // the right numbers for this very photo
      descriptor(),
      descriptor().slice(0, 127),
      [...descriptor(), 0.1],
      descriptor().map((v, i) => (i === 3 ? 5 : v)),
      new Array(128).fill(0),
      descriptor().map((v, i) => (i === 7 ? null : v)),
      'abc',
    ];
    for (const bad of numbers) {
      for (const res of [
        await admin.post(`/api/employees/${employeeId}/photos`, { image, descriptor: bad }),
        await admin.post(`/api/employees/${employeeId}/photos`, { image, enrol: true, descriptor: bad }),
        await admin.request('PUT', `/api/employees/${employeeId}/photos/${photoOnFile}/descriptor`, { descriptor: bad }),
      ]) {
        expect(res.status).toBe(422);
        expect(await res.json()).toEqual({ message: en.photos.descriptorFromClient, code: 'photos.descriptorFromClient', errors: { descriptor: en.photos.descriptorFromClient } });
      }
    }
    const inSpanish = await es.post(`/api/employees/${employeeId}/photos`, { image, enrol: true, descriptor: descriptor() });
    expect((await inSpanish.json()).message).toBe(esText.photos.descriptorFromClient);
    expect(await descriptorCount(employeeId)).toBe(1);
    expect(storedFiles(employeeId)).toHaveLength(3);
  });

  it('stores face data for a photo kept before consent (PUT descriptor), computed from the stored photo', async () => {
    const res = await admin.request('PUT', `/api/employees/${employeeId}/photos/${firstPhoto}/descriptor`, {});
    expect(res.status).toBe(200);
    expect((await res.json()).message).toBe('Face data stored.');
    expect(await descriptorCount(employeeId)).toBe(2);
    const computed = query<{ descriptor: Buffer | string }>('select descriptor from face_descriptors where image = ?', firstPhoto).map((row) => bytesOf(row.descriptor));
    expect(computed).toHaveLength(1);
    const decoded = Array.from({ length: 128 }, (_, i) => computed[0]!.readFloatLE(i * 4));
    expect(distance(decoded, FACE_FIXTURE['amy1']!.enrol)).toBeLessThan(0.01);
    // Again for the same photo replaces, never duplicates.
    expect((await admin.request('PUT', `/api/employees/${employeeId}/photos/${firstPhoto}/descriptor`, null)).status).toBe(200);
    expect(await descriptorCount(employeeId)).toBe(2);
  });

  it('withdrawing consent deletes every descriptor and keeps the photos', async () => {
    const res = await admin.request('PUT', `/api/employees/${employeeId}/consent`, { consent: false });
    expect(res.status).toBe(200);
    const body = await res.json();
    expect(body.message).toBe('Biometric consent withdrawn. The face data was deleted; the photos were kept.');
    expect(body.data).toEqual({ consent: null, faceDescriptorsDeleted: 2 });
    expect(await descriptorCount(employeeId)).toBe(0);
    expect(query('select id from face_descriptors where employee_id = ?', employeeId)).toEqual([]);
    expect(query('select biometric_consent_at, biometric_consent_by from employees where id = ?', employeeId)).toEqual([{ biometric_consent_at: null, biometric_consent_by: null }]);
    expect(storedFiles(employeeId)).toHaveLength(3);
    // Without consent, face data for a kept photo is refused.
    const refused = await admin.request('PUT', `/api/employees/${employeeId}/photos/${firstPhoto}/descriptor`, {});
    expect(refused.status).toBe(409);
    expect((await refused.json()).message).toBe("Record the employee's biometric consent first.");
  });

  it('removing a photo deletes its descriptor, its file, and moves "current" to the newest left', async () => {
    await admin.request('PUT', `/api/employees/${employeeId}/consent`, { consent: true });
    const added = await (await admin.post(`/api/employees/${employeeId}/photos`, enrolPhotoBody('amy3'))).json();
    expect(added.data.faceData).toBe(true);
    expect(await descriptorCount(employeeId)).toBe(1);
    const before = (await (await admin.get(`/api/employees/${employeeId}/photos`)).json()).data.map((p: { _id: string }) => p._id);
    expect(before[0]).toBe(added.data._id);
    const res = await admin.request('DELETE', `/api/employees/${employeeId}/photos/${added.data._id}`);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ data: { faceDescriptorsDeleted: 1 }, message: 'Photo deleted, with its face data.' });
    expect(await descriptorCount(employeeId)).toBe(0);
    expect(storedFiles(employeeId).some((f) => f.startsWith(added.data._id))).toBe(false);
    const employee = (await (await admin.get(`/api/employees/${employeeId}`)).json()).data;
    expect(employee.image).toBe(before[1]);
    expect((await admin.request('DELETE', `/api/employees/${employeeId}/photos/${added.data._id}`)).status).toBe(404);
    expect((await admin.get(added.data.url)).status).toBe(404);
  });

  it('audits every change', async () => {
    const actions = query<{ action: string; user_id: number; after: string }>("select action, user_id, after from audit_log where entity = 'employee' and entity_id = ? order by id", String(employeeId));
    expect(actions.map((a) => a.action)).toEqual(['photo.add', 'photo.add', 'consent.record', 'photo.add', 'face.enrol', 'face.enrol', 'consent.withdraw', 'consent.record', 'photo.add', 'photo.delete']);
    expect(actions.every((a) => a.user_id === adminId)).toBe(true);
    expect(JSON.parse(actions[6]!.after)).toMatchObject({ faceDescriptorsDeleted: 2 });
    expect(actions.map((a) => a.after).join()).not.toContain('SECRET');
  });
});

describe('employee photos: archived employees', () => {
  it('archiving deletes face data but keeps photos; no new face data while archived', async () => {
    const other = (await (await admin.get('/api/employees?pageSize=3')).json()).data[2]._id as number;
    await admin.request('PUT', `/api/employees/${other}/consent`, { consent: true });
    const first = await (await admin.post(`/api/employees/${other}/photos`, enrolPhotoBody('penny1'))).json();
    expect(first.data.faceData).toBe(true);
    expect((await admin.post(`/api/employees/${other}/archive`, { archived: true })).status).toBe(200);
    expect(await descriptorCount(other)).toBe(0);
    expect(storedFiles(other)).toHaveLength(1);
    const res = await admin.post(`/api/employees/${other}/photos`, enrolPhotoBody('penny1'));
    expect(res.status).toBe(201);
    const body = await res.json();
    expect(body.data.faceData).toBe(false);
    expect(body.notice).toBe('Face data is not stored for archived employees.');
    const enrol = await admin.request('PUT', `/api/employees/${other}/photos/${first.data._id}/descriptor`, {});
    expect(enrol.status).toBe(409);
    expect(await descriptorCount(other)).toBe(0);
    expect(storedFiles(other)).toHaveLength(2);
  });
});

describe('employee photos: access', () => {
  let url: string;
  beforeAll(async () => {
    url = (await (await admin.get(`/api/employees/${employeeId}/photos`)).json()).data[0].url;
  });

  it('serves the image only to signed-in users with employee.read', async () => {
    const unsigned = await anon.get(url);
    expect(unsigned.status).toBe(401);
    expect(unsigned.headers.get('content-type')).toMatch(/application\/json/);
    expect((await employeeUser.get(url)).status).toBe(403);
    const res = await admin.get(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toMatch(/^image\/(png|jpeg)$/);
    expect(res.headers.get('cache-control')).toBe('private, no-cache');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    const bytes = Buffer.from(await res.arrayBuffer());
    expect((await sharp(bytes).metadata()).width).toBeGreaterThanOrEqual(64);
    const again = await admin.get(url, { 'if-none-match': res.headers.get('etag')! });
    expect(again.status).toBe(304);
    expect((await viewer.get(url)).status).toBe(200);
  });

  it('serves the face models at /models to anyone, cached for a week; a missing file is not cached', async () => {
    for (const model of ['ssd_mobilenetv1_model', 'face_landmark_68_model', 'face_recognition_model']) {
      const manifest = await anon.get(`/models/${model}-weights_manifest.json`);
      expect(manifest.status).toBe(200);
      expect(manifest.headers.get('cache-control')).toBe('public, max-age=604800');
      const shards: string[] = (await manifest.json()).flatMap((group: { paths: string[] }) => group.paths);
      for (const shard of shards) {
        const res = await anon.get(`/models/${shard}`);
        expect(res.status).toBe(200);
        expect(Number(res.headers.get('content-length'))).toBeGreaterThan(50_000);
        await res.arrayBuffer();
      }
    }
    const missing = await anon.get('/models/no-such-model.bin');
    expect(missing.status).toBe(404);
    expect(missing.headers.get('cache-control') ?? '').not.toContain('max-age=604800');
  });

  it('answers 403 to an Employee account and to a read-only role for every change', async () => {
    const photo = url.split('/')[5]!;
    const image = dataUrl(readFileSync(path.join(FACES, 'amy1.png')));
    for (const client of [employeeUser, viewer]) {
      expect((await client.post(`/api/employees/${employeeId}/photos`, { image })).status).toBe(403);
      expect((await client.request('PUT', `/api/employees/${employeeId}/consent`, { consent: false })).status).toBe(403);
      expect((await client.request('DELETE', `/api/employees/${employeeId}/photos/${photo}`)).status).toBe(403);
      expect((await client.post(`/api/employees/${employeeId}/photos`, enrolPhotoBody('amy1'))).status).toBe(403);
      expect((await client.request('PUT', `/api/employees/${employeeId}/photos/${photo}/descriptor`, {})).status).toBe(403);
    }
    expect((await employeeUser.get(`/api/employees/${employeeId}/photos`)).status).toBe(403);
    expect((await viewer.get(`/api/employees/${employeeId}/photos`)).status).toBe(200);
    expect((await anon.get(`/api/employees/${employeeId}/photos`)).status).toBe(401);
  });

  it('never reaches outside the photo folder', async () => {
    for (const bad of ['..%2F..%2Fjornada.db', '%2E%2E', 'x', '00000000-000000000000000000000000.png']) {
      const res = await admin.get(`/api/employees/${employeeId}/photos/${bad}/image`);
      expect([404]).toContain(res.status);
    }
    const other = (await (await admin.get('/api/employees?pageSize=2')).json()).data[1]._id;
    const photo = url.split('/')[5]!;
    expect((await admin.get(`/api/employees/${other}/photos/${photo}/image`)).status).toBe(404);
  });
});

describe('employee photos: face recognition off (decision 047)', () => {
  it('keeps the photo without face data, says why in es and en, and refuses face data for a kept photo', async () => {
    const id = (await (await admin.get('/api/employees?pageSize=3')).json()).data[2]._id as number;
    await admin.request('PUT', `/api/employees/${id}/consent`, { consent: true });
    await disableFaceRecognition(admin);
    try {
      const before = await descriptorCount(id);
      const res = await admin.post(`/api/employees/${id}/photos`, enrolPhotoBody('howard1'));
      expect(res.status).toBe(201);
      const body = await res.json();
      expect(body.data.faceData).toBe(false);
      expect(body.notice).toBe('The photo was kept without face data: face recognition is off (Settings › Optional features).');
      const inSpanish = await (await es.post(`/api/employees/${id}/photos`, enrolPhotoBody('howard1'))).json();
      expect(inSpanish.notice).toBe('La foto se ha guardado sin datos faciales: el reconocimiento facial está desactivado (Ajustes › Funciones opcionales).');
      const refused = await admin.request('PUT', `/api/employees/${id}/photos/${body.data._id}/descriptor`, {});
      expect(refused.status).toBe(409);
      expect((await refused.json()).message).toBe('Turn on face recognition first (Settings › Optional features).');
      expect(await descriptorCount(id)).toBe(before);
      expect(Number(query<{ n: number | string }>('select count(*) as n from face_descriptors where employee_id = ?', id)[0]!.n)).toBe(before);
    } finally {
      await enableFaceRecognition(admin);
    }
  });
});

describe('employee photos: the server finds no usable face (decision 065)', () => {
  it('keeps a photo with no face or several faces without face data, says why, and refuses to enrol it (422 on image)', async () => {
    const id = (await (await admin.get('/api/employees?pageSize=4')).json()).data[3]._id as number;
    expect((await admin.request('PUT', `/api/employees/${id}/consent`, { consent: true })).status).toBe(200);
    const before = await descriptorCount(id);
    const none = await admin.post(`/api/employees/${id}/photos`, { image: dataUrl(readFileSync(path.join(FACES, 'no-face.png'))), enrol: true });
    expect(none.status).toBe(201);
    const noneBody = await none.json();
    expect(noneBody.data.faceData).toBe(false);
    expect(noneBody.notice).toBe(en.photos.keptNoFace);
    const group = await es.post(`/api/employees/${id}/photos`, { image: dataUrl(readFileSync(path.join(FACES, 'group.jpg')), 'image/jpeg'), enrol: true });
    expect(group.status).toBe(201);
    const groupBody = await group.json();
    expect(groupBody.data.faceData).toBe(false);
    expect(groupBody.notice).toBe(esText.photos.keptManyFaces);
    // Without `enrol`, a photo is only a picture: nothing is computed, nothing said.
    const plain = await (await admin.post(`/api/employees/${id}/photos`, { image: dataUrl(readFileSync(path.join(FACES, 'no-face.png'))) })).json();
    expect(plain.data.faceData).toBe(false);
    expect(plain.notice).toBeUndefined();

    const noFace = await admin.request('PUT', `/api/employees/${id}/photos/${noneBody.data._id}/descriptor`, {});
    expect(noFace.status).toBe(422);
    expect(await noFace.json()).toEqual({ message: en.photos.noFaceFound, code: 'photos.noFaceFound', errors: { image: en.photos.noFaceFound } });
    const many = await es.request('PUT', `/api/employees/${id}/photos/${groupBody.data._id}/descriptor`, {});
    expect(many.status).toBe(422);
    expect(await many.json()).toEqual({ message: esText.photos.manyFacesFound, code: 'photos.manyFacesFound', errors: { image: esText.photos.manyFacesFound } });
    expect(await descriptorCount(id)).toBe(before);
    expect(storedFiles(id)).toHaveLength(3);
  });
});

import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { descriptorToBytes } from '../../src/domain/employees/face-descriptor.ts';
import { writeSettings } from '../../src/server/db/repositories/settings.ts';
import { insertFaceDescriptor } from '../../src/server/db/repositories/face-descriptors.ts';
import { stopSnapshotFaceWorker } from '../../src/server/faces/snapshot-face-worker.ts';
import { AppError } from '../../src/server/http/app-error.ts';
import { enrolPhotoFace } from '../../src/server/services/employees/enrol-photo-face.ts';
import { setBiometricConsent } from '../../src/server/services/employees/set-biometric-consent.ts';
import { uploadEmployeePhoto } from '../../src/server/services/employees/upload-employee-photo.ts';
import { invalidateSettings } from '../../src/server/services/get-settings.ts';
import { identifyPunchEmployee } from '../../src/server/services/punch/identify-punch-employee.ts';
import { openServiceDb, type ServiceDb } from '../helpers/service-db.ts';

/**
 * Issue 34.4, "the server trusts the client's 128 numbers": a stored descriptor plus 0.006 of
 * noise, sent from a paired terminal, was identified as the employee, and an admin could PUT any
 * 128 numbers as an enrolment. Now the server computes every descriptor itself (the worker of
 * snapshot-face-worker.ts, face-api on the WASM backend): enrolment from the stored photo, a face
 * punch from its camera frame; the browser's numbers identify nobody.
 */
const FACES = path.resolve(import.meta.dirname, '..', 'fixtures', 'faces');
const FIXTURE = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'face-descriptors.json'), 'utf8')) as Record<string, { enrol: number[]; kiosk: number[] | null }>;
const SETTINGS = { rfidClock: false, faceRecognition: true, faceThreshold: 0.55, faceMargin: 0.05 };

let s: ServiceDb;
const ids: Record<string, number> = {};

/** A fixture face in the middle of a 640 × 480 grey camera frame, as a JPEG data URL (the kiosk's frame). */
async function frame(name: string): Promise<string> {
  const face = await sharp(path.join(FACES, `${name}.png`))
    .removeAlpha()
    .resize(240, 240)
    .raw()
    .toBuffer();
  const jpeg = await sharp(face, { raw: { width: 240, height: 240, channels: 3 } })
    .extend({ left: 200, right: 200, top: 120, bottom: 120, background: { r: 128, g: 128, b: 128 } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** A copy of a descriptor moved by `amount` in total (Euclidean), spread over every component. */
function noisy(descriptor: number[], amount: number): number[] {
  const step = amount / Math.sqrt(descriptor.length);
  return descriptor.map((x, i) => x + (i % 2 === 0 ? step : -step));
}

/** Who the face punch names: the employee's id, or the refusal's status and code. */
async function punch(descriptors: number[][], frameUrl?: string, address = 'terminal:1'): Promise<number | string> {
  try {
    return (await identifyPunchEmployee(s.db, { kind: 'face', descriptors, frame: frameUrl }, address, SETTINGS, null, false, 1)).id;
  } catch (error) {
    if (error instanceof AppError) return `${error.status} ${error.code}`;
    throw error;
  }
}

beforeAll(async () => {
  s = await openServiceDb();
  await writeSettings(s.db, { faceRecognition: true }, '2026-01-05T09:00:00.000Z');
  invalidateSettings();
  for (const name of ['amy', 'bernadette', 'howard']) {
    ids[name] = await s.addEmployee({ firstName: name, pin: `55501${Object.keys(ids).length}0` });
    await setBiometricConsent(s.db, ids[name]!, true, s.admin);
  }
  // bernadette and howard enrolled as the browser used to (the fixture's SSD descriptors, which the server computes alike).
  for (const name of ['bernadette', 'howard']) {
    await insertFaceDescriptor(s.db, { employeeId: ids[name]!, descriptor: Buffer.from(descriptorToBytes(FIXTURE[`${name}1`]!.enrol)), image: null, createdBy: s.admin.id, createdAt: '2026-01-05T09:00:00.000Z' });
  }
}, 60_000);

afterAll(async () => {
  await stopSnapshotFaceWorker();
  await s?.close();
});

describe('enrolment: the server computes the descriptor from the photo', () => {
  it('refuses a descriptor sent with a photo or to enrol a photo on file (d)', async () => {
    const image = `data:image/png;base64,${readFileSync(path.join(FACES, 'amy1.png')).toString('base64')}`;
    const upload = uploadEmployeePhoto(s.db, ids['amy']!, { image, descriptor: FIXTURE['amy1']!.enrol }, s.admin);
    await expect(upload).rejects.toMatchObject({ status: 422, code: 'photos.descriptorFromClient' });
    const plain = await uploadEmployeePhoto(s.db, ids['amy']!, { image }, s.admin);
    expect(plain.photo.faceData).toBe(false);
    const put = enrolPhotoFace(s.db, ids['amy']!, plain.photo._id, { descriptor: noisy(FIXTURE['amy1']!.enrol, 0.006) }, s.admin);
    await expect(put).rejects.toMatchObject({ status: 422, code: 'photos.descriptorFromClient' });
  });

  it('enrols a stored photo with the descriptor it computes', async () => {
    const image = `data:image/png;base64,${readFileSync(path.join(FACES, 'amy1.png')).toString('base64')}`;
    const stored = await uploadEmployeePhoto(s.db, ids['amy']!, { image, enrol: true }, s.admin);
    expect(stored.faceDataRefused).toBeNull();
    expect(stored.photo.faceData).toBe(true);
  }, 180_000);
});

describe('face punch: the server matches the descriptor of the frame it computes', () => {
  it('does not identify a client descriptor (stored + 0.006 of noise) without a frame of the person (a)', async () => {
    const forged = noisy(FIXTURE['amy1']!.enrol, 0.006);
    expect(await punch([forged, noisy(FIXTURE['amy1']!.enrol, 0.007)])).toBe('422 punch.faceFrameRequired');
    // With someone else's frame (stuart, not enrolled), the forged numbers name nobody.
    expect(await punch([forged], await frame('stuart2'), 'terminal:a')).toBe('401 messages.faceNotRecognized');
  }, 120_000);

  it('identifies a real frame of the enrolled person (b), whatever numbers the browser sent', async () => {
    expect(await punch([FIXTURE['howard1']!.enrol], await frame('amy3'))).toBe(ids['amy']);
    expect(await punch([FIXTURE['amy1']!.enrol], await frame('bernadette2'))).toBe(ids['bernadette']);
  }, 120_000);

  it("does not identify another person's frame (c) and refuses a frame sent again", async () => {
    expect(await punch([FIXTURE['amy1']!.enrol], await frame('penny2'), 'terminal:c')).toBe('401 messages.faceNotRecognized');
    const again = await frame('amy3');
    expect(await punch([FIXTURE['amy1']!.enrol], again)).toBe('401 punch.framesReplayed');
  }, 120_000);

  it('refuses a frame without a face', async () => {
    expect(await punch([FIXTURE['amy1']!.enrol], await frame('no-face'), 'terminal:d')).toBe('422 punch.snapshotNoFace');
  }, 120_000);

  it('refuses a frame cut short as bad input, not as the server being unavailable', async () => {
    const whole = Buffer.from((await frame('raj1')).split(',')[1]!, 'base64');
    const cut = `data:image/jpeg;base64,${whole.subarray(0, Math.floor(whole.length / 2)).toString('base64')}`;
    expect(await punch([FIXTURE['amy1']!.enrol], cut, 'terminal:e')).toBe('422 validation.invalidInput');
  }, 120_000);

  it('identifies again after the worker stopped (a new worker is sent the weights again)', async () => {
    await stopSnapshotFaceWorker();
    expect(await punch([FIXTURE['amy1']!.enrol], await frame('bernadette3'), 'terminal:f')).toBe(ids['bernadette']);
  }, 120_000);
});

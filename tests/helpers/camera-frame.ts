import { readFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FACES } from './faces.ts';

/**
 * Face punches carry their camera frame, whose descriptor the server computes and matches (issue
 * 34.4, decision 065). These are the frames tests send: a fixture face (tests/fixtures/faces) of
 * 240 px in a 640 × 480 grey frame, as the kiosk's camera sees it (bench/face-quality.mjs), as a
 * JPEG data URL. Each call shifts the face by a few pixels, a different shift each time, as a
 * person never stands exactly where they stood: the server refuses a frame whose descriptor
 * repeats a recent punch's (decision 043), and a test that punches twice with one fixture is not
 * replaying. Shifts of up to 8 px move the server's descriptor by 0.01–0.05, never across people
 * (nearest person 0.04–0.17, the next 0.61 or more, measured on every fixture).
 */

type Fixture = Record<string, { enrol: number[]; kiosk: number[] }>;
/** The browser pipeline's descriptors of every fixture (bench/face-quality.mjs --write). */
export const FACE_FIXTURE = JSON.parse(readFileSync(path.resolve(import.meta.dirname, '..', 'fixtures', 'face-descriptors.json'), 'utf8')) as Fixture;

const SIDE = 240;
const [WIDTH, HEIGHT] = [640, 480];
const GREY = { r: 128, g: 128, b: 128 };
/** Shifts (dx, dy) in pixels, taken in turn; later rounds nudge them by up to 2 px each way. */
const SHIFTS: readonly [number, number][] = [
  [0, 0],
  [3, 0],
  [-3, 2],
  [6, -4],
  [-8, 5],
  [2, -6],
  [-5, -3],
  [7, 6],
];
let calls = 0;

/** A JPEG data URL of fixture `name`'s face in a camera frame, shifted differently on every call. */
export async function cameraFrame(name: string): Promise<string> {
  const n = calls++;
  const [sx, sy] = SHIFTS[n % SHIFTS.length]!;
  // 8 shifts × 5 × 5 nudges: no frame of one fixture repeats within 200 calls (the server remembers 20 a terminal).
  const dx = sx + (Math.floor(n / SHIFTS.length) % 5) - 2;
  const dy = sy + (Math.floor(n / (SHIFTS.length * 5)) % 5) - 2;
  const face = await sharp(path.join(FACES, `${name}.png`))
    .removeAlpha()
    .resize(SIDE, SIDE)
    .raw()
    .toBuffer();
  const left = (WIDTH - SIDE) / 2 + dx;
  const top = (HEIGHT - SIDE) / 2 + dy;
  const jpeg = await sharp(face, { raw: { width: SIDE, height: SIDE, channels: 3 } })
    .extend({ left, right: WIDTH - SIDE - left, top, bottom: HEIGHT - SIDE - top, background: GREY })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/** A grey camera frame with nobody in it. */
export async function emptyFrame(): Promise<string> {
  const jpeg = await sharp({ create: { width: WIDTH, height: HEIGHT, channels: 3, background: GREY } })
    .jpeg({ quality: 85 })
    .toBuffer();
  return `data:image/jpeg;base64,${jpeg.toString('base64')}`;
}

/**
 * The face fields of a punch body as the kiosk sends them: the browser's descriptor of fixture
 * `name` (judged only for replay) and its camera frame (what the server matches).
 */
export async function facePunchFields(name: string): Promise<{ descriptor: number[]; photo: string }> {
  return { descriptor: FACE_FIXTURE[name]!.kiosk, photo: await cameraFrame(name) };
}

/** The upload body that enrols fixture photo `name` (PNG): the server computes its descriptor. */
export function enrolPhotoBody(name: string): { image: string; enrol: true } {
  return { image: `data:image/png;base64,${readFileSync(path.join(FACES, `${name}.png`)).toString('base64')}`, enrol: true };
}

/** The fixture whose browser descriptor (kiosk, or enrolment) `descriptor` is, if any. */
export function fixtureOf(descriptor: readonly number[]): string | undefined {
  return Object.keys(FACE_FIXTURE).find((name) => [FACE_FIXTURE[name]!.kiosk, FACE_FIXTURE[name]!.enrol].some((d) => d && d.length === descriptor.length && d.every((x, i) => x === descriptor[i])));
}

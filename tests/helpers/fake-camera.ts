import { writeFileSync } from 'node:fs';
import path from 'node:path';
import sharp from 'sharp';
import { FACES } from './faces.ts';

export { FACES };

/** The fake camera's frame size. */
const [FRAME_WIDTH, FRAME_HEIGHT] = [640, 480];

/** Chromium flags that play a Y4M file as the camera and grant camera access without asking. */
export function fakeCameraArgs(video: string): string[] {
  return ['--use-fake-device-for-media-stream', '--use-fake-ui-for-media-stream', `--use-file-for-fake-video-capture=${video}`];
}

export interface FaceVideoOptions {
  sway?: number;
  turn?: number;
  faceSide?: number;
  frames?: number;
}

/**
 * A Y4M video (what Chromium's fake camera plays, in a loop) of a face crop in the middle of a
 * larger grey frame, as a kiosk camera sees a face: 640 × 480, 4:2:0, 10 frames per second.
 * `sway` moves the face sideways by up to that many pixels and back, and up and down by half as
 * much, over a 3-second loop (a live person never holds perfectly still; 0 = a photo held still,
 * 10 identical frames). `turn` turns the head left and right by that much (bendFace; default
 * 0.12, about 12°, when it sways: a live person turns their head when the kiosk asks, which the
 * liveness check needs, decision 044; 0 = a flat photo waved about). `faceSide` is the face's size.
 */
export async function writeFaceVideo(file: string, out: string, options: FaceVideoOptions = {}): Promise<void> {
  writeFileSync(out, y4mVideo(await faceVideoFrames(file, options)));
}

/** The frames of writeFaceVideo's video, as 4:2:0 planes (Y, U, V), before any grain. */
export async function faceVideoFrames(file: string, options: FaceVideoOptions = {}): Promise<[Buffer, Buffer, Buffer][]> {
  const side = options.faceSide ?? 240;
  const sway = options.sway ?? 0;
  const turn = options.turn ?? (sway > 0 ? 0.12 : 0);
  const count = options.frames ?? (sway > 0 ? 30 : 10);
  const raw = await faceCrop(file, side);
  const frames: [Buffer, Buffer, Buffer][] = [];
  for (let f = 0; f < count; f++) {
    // Sideways once and up and down three times per loop: no two moments of a loop look alike.
    const dx = Math.round(sway * Math.sin((2 * Math.PI * f) / count));
    const dy = Math.round((sway / 2) * Math.sin((6 * Math.PI * f) / count));
    frames.push(faceFrame(raw, side, turn * Math.sin((2 * Math.PI * f) / count), Math.round((FRAME_WIDTH - side) / 2) + dx, Math.round((FRAME_HEIGHT - side) / 2) + dy));
  }
  return frames;
}

/** A fixture photo (name in tests/fixtures/faces, or a path) as a `side` × `side` RGB crop. */
function faceCrop(file: string, side: number): Promise<Buffer> {
  return sharp(path.isAbsolute(file) ? file : path.join(FACES, file))
    .resize(side, side)
    .removeAlpha()
    .toColourspace('srgb')
    .raw()
    .toBuffer();
}

/** A grey 640 × 480 frame (4:2:0 planes) with the crop, turned by `turn` (bendFace), at (left, top); `face` null: nobody. */
function faceFrame(face: Buffer | null, side: number, turn: number, left: number, top: number): [Buffer, Buffer, Buffer] {
  const rgb = Buffer.alloc(FRAME_WIDTH * FRAME_HEIGHT * 3, 128);
  if (face) {
    const bent = Buffer.from(Uint8Array.from(bendFace(Float32Array.from(face), side, turn), (v) => Math.round(v)));
    for (let y = 0; y < side; y++) bent.copy(rgb, ((top + y) * FRAME_WIDTH + left) * 3, y * side * 3, (y + 1) * side * 3);
  }
  return yuv420(rgb, FRAME_WIDTH, FRAME_HEIGHT);
}

/** The parts of kioskVisitFrames' loop, in frames (10 per second). */
export const KIOSK_VISIT = { away: 10, facing: 5, turning: 3, turned: 22 } as const;

/**
 * The frames of a person using the kiosk as it asks (bench/kiosk-face.mjs): nobody in front of
 * the camera for 1 s (the grey frame alone); then the face, looking at the camera, for 0.5 s (the
 * time to read "Look at the camera, then turn your head to one side"); a turn of the head by
 * `turn` (bendFace; default 0.2, about 20°) over 0.3 s, a natural pace; held for 2.2 s. The face
 * never holds perfectly still: it shifts by up to `jitter` pixels (seeded) from frame to frame.
 * 40 frames, 4 s, looped by the fake camera.
 */
export async function kioskVisitFrames(file: string, options: { turn?: number; jitter?: number; faceSide?: number; seed?: number } = {}): Promise<[Buffer, Buffer, Buffer][]> {
  const side = options.faceSide ?? 240;
  const turn = options.turn ?? 0.2;
  const jitter = options.jitter ?? 2;
  const random = mulberry32(options.seed ?? 1);
  const raw = await faceCrop(file, side);
  const { away, facing, turning, turned } = KIOSK_VISIT;
  const frames: [Buffer, Buffer, Buffer][] = [];
  for (let f = 0; f < away + facing + turning + turned; f++) {
    if (f < away) {
      frames.push(faceFrame(null, side, 0, 0, 0));
      continue;
    }
    const into = f - away - facing;
    const bend = into < 0 ? 0 : turn * Math.min(1, (into + 1) / turning);
    const left = Math.round((FRAME_WIDTH - side) / 2 + (2 * random() - 1) * jitter);
    const top = Math.round((FRAME_HEIGHT - side) / 2 + (2 * random() - 1) * jitter);
    frames.push(faceFrame(raw, side, bend, left, top));
  }
  return frames;
}

/**
 * The Y4M file of `frames` (640 × 480, 10 per second). With `grain`, every frame's brightness gets
 * its own pseudo-random noise of up to ±`grain` levels, drawn from `seed`: sensor noise, which a
 * real camera adds to every frame. Two files with different seeds have no frame in common, so a
 * face punch made from one never repeats the camera images of one made from the other (the replay
 * check of decision 043 refuses descriptors seen before); the file has the same size whatever the
 * seed, so a playing video can be overwritten in place (bench/kiosk-face.mjs).
 */
export function y4mVideo(frames: readonly [Buffer, Buffer, Buffer][], options: { grain?: number; seed?: number } = {}): Buffer {
  const [width, height] = [FRAME_WIDTH, FRAME_HEIGHT];
  const grain = options.grain ?? 0;
  const random = mulberry32(options.seed ?? 0);
  const parts: Buffer[] = [Buffer.from(`YUV4MPEG2 W${width} H${height} F10:1 Ip A1:1 C420jpeg\n`)];
  for (const [Y, U, V] of frames) {
    let luma = Y;
    if (grain > 0) {
      luma = Buffer.from(Y);
      for (let i = 0; i < luma.length; i++) luma[i] = Math.max(0, Math.min(255, luma[i]! + Math.round((2 * random() - 1) * grain)));
    }
    parts.push(Buffer.from('FRAME\n'), luma, U, V);
  }
  return Buffer.concat(parts);
}

/** A small seeded pseudo-random generator (mulberry32): the same seed, the same numbers, in [0, 1). */
function mulberry32(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/**
 * A head turned by about `turn` × 100° (0.15 ≈ 15°), drawn from a frontal photo: the middle of the
 * face (nose, mouth, inner eyes: what sticks out most) shifts sideways by up to `turn` of the
 * face's side while its outline stays, as the 3-D shape of a turning head does. Not a physical
 * rendering, but what matters to a turn check: the nose moves against the jaw, which no move
 * of a flat picture does.
 */
export function bendFace(face: Float32Array, side: number, turn: number): Float32Array {
  if (turn === 0) return face;
  const out = new Float32Array(face.length);
  const [cx, cy, sx, sy] = [side * 0.5, side * 0.55, side * 0.2, side * 0.28];
  for (let y = 0; y < side; y++) {
    for (let x = 0; x < side; x++) {
      const shift = turn * side * Math.exp(-((x - cx) ** 2 / (2 * sx * sx) + (y - cy) ** 2 / (2 * sy * sy)));
      const u = Math.max(0, Math.min(side - 1.001, x - shift));
      const x0 = Math.floor(u);
      const f = u - x0;
      for (let c = 0; c < 3; c++) out[(y * side + x) * 3 + c] = face[(y * side + x0) * 3 + c]! * (1 - f) + face[(y * side + x0 + 1) * 3 + c]! * f;
    }
  }
  return out;
}

/** RGB (8-bit, packed) to the Y, U and V planes of 4:2:0 video (BT.601 full range, as JPEG). */
export function yuv420(rgb: Buffer, width: number, height: number): [Buffer, Buffer, Buffer] {
  const Y = Buffer.alloc(width * height);
  const U = Buffer.alloc((width / 2) * (height / 2));
  const V = Buffer.alloc((width / 2) * (height / 2));
  for (let i = 0; i < width * height; i++) {
    Y[i] = Math.round(0.299 * rgb[i * 3]! + 0.587 * rgb[i * 3 + 1]! + 0.114 * rgb[i * 3 + 2]!);
  }
  for (let y = 0; y < height / 2; y++) {
    for (let x = 0; x < width / 2; x++) {
      let [r, g, b] = [0, 0, 0];
      for (const [dx, dy] of [
        [0, 0],
        [1, 0],
        [0, 1],
        [1, 1],
      ] as const) {
        const i = ((2 * y + dy) * width + 2 * x + dx) * 3;
        r += rgb[i]! / 4;
        g += rgb[i + 1]! / 4;
        b += rgb[i + 2]! / 4;
      }
      U[y * (width / 2) + x] = Math.round(-0.168736 * r - 0.331264 * g + 0.5 * b + 128);
      V[y * (width / 2) + x] = Math.round(0.5 * r - 0.418688 * g - 0.081312 * b + 128);
    }
  }
  return [Y, U, V];
}

/**
 * The clock terminal's camera: start it, then, for one punch, take frames until two of them show
 * exactly one face (and, with the liveness check, the face has moved between frames), and return
 * both frames' descriptors for the server to match. The browser never decides who it is.
 *
 * Pipeline (decision 045): Tiny Face Detector in every frame, then enrolment's 68 landmarks and
 * 128-value descriptor (face-engine.ts), run by the face worker (decision 030): this side draws a
 * frame, reads its pixels and hands them over (decision 045: frames read in the worker as
 * VideoFrames were measured slower here). The camera frame is used as it is — the face already
 * sits inside a larger picture, which is what the grey padding recreates for ID-style crops at
 * enrolment.
 */
import { MAX_PUNCH_PHOTO_CHARS } from '#domain/clock/punch-photo-limits.ts';
import { maxMovement, turnIndex, type FaceFrame } from '#domain/clock/liveness.ts';
import { fittedSize } from './face-engine.ts';
import { DETECTOR_MIN_SCORE } from './face-worker-protocol.ts';
import type { KioskFaceWorker } from './kiosk-face-worker.ts';

/** Frames are taken at most this often (a live face needs time to move; 150 ms, decision 045 update of 2026-11-30). */
export const FRAME_INTERVAL_MS = 150;
/**
 * The shortest pause between two frames, for the page to paint and take input. Also fewer frames
 * for the same turn of the head: without it the benchmark took 4–7 frames a punch instead of 3–5,
 * each one a detection (decision 045).
 */
const MIN_PAUSE_MS = 80;
/** Give up after this long without two good frames (then the PIN pad opens). */
export const CAPTURE_TIMEOUT_MS = 8_000;
/** ... or after this many frames, whichever comes later (a slow device still gets its frames). */
export const CAPTURE_MIN_FRAMES = 5;
/**
 * Frames larger than this are scaled down before detecting (SSD works at 512 px). The frame sent
 * with every face punch as `photo` (issue 34.4) is the frame as detected, this size, a JPEG
 * (frameJpeg): the server computes its descriptor and matches that; it keeps a 320 px copy only
 * with the punchPhoto setting.
 */
const FRAME_MAX_SIDE = 640;

/** Performance mark at the moment the capture took its first frame with one face (bench/kiosk-face.mjs). */
export const FIRST_FACE_MARK = 'kiosk-face:first-face';
/** Performance mark when the liveness rule is met (or, without it, the second face is found). */
export const ALIVE_MARK = 'kiosk-face:alive';
/** Performance mark when the capture has both descriptors (and the snapshot): the punch can be sent. */
export const CAPTURED_MARK = 'kiosk-face:captured';

export type CaptureProgress = 'looking' | 'many' | 'move';

export type CaptureResult =
  | { kind: 'ok'; descriptors: number[][]; snapshot: string | null; movement: number }
  /** `none`: no face seen; `many`: more than one face; `still`: the face never moved (liveness). */
  | { kind: 'failed'; reason: 'none' | 'many' | 'still' }
  | { kind: 'cancelled' };

export async function startCamera(video: HTMLVideoElement): Promise<MediaStream> {
  const stream = await navigator.mediaDevices.getUserMedia({
    audio: false,
    video: { facingMode: 'user', width: { ideal: 640 }, height: { ideal: 480 } },
  });
  video.srcObject = stream;
  video.muted = true;
  video.playsInline = true;
  await video.play();
  if (video.videoWidth === 0) await new Promise((resolve) => video.addEventListener('loadedmetadata', resolve, { once: true }));
  return stream;
}

export function stopCamera(stream: MediaStream | null | undefined): void {
  stream?.getTracks().forEach((track) => track.stop());
}

/** JPEG qualities tried in turn for the punch's frame until its data URL fits the server's limit. */
const SNAPSHOT_QUALITIES = [0.7, 0.55, 0.4, 0.25] as const;

/**
 * The JPEG of a frame's pixels exactly as the worker described them (the copy grabFrame kept),
 * encoded only for the frame sent. From the pixels themselves rather than from a canvas drawn
 * from the reading canvas, which is redrawn with every frame: the frame sent is then surely the
 * frame the capture judged.
 */
function frameJpeg(pixels: ImageData): string | null {
  const canvas = document.createElement('canvas');
  [canvas.width, canvas.height] = [pixels.width, pixels.height];
  canvas.getContext('2d')!.putImageData(pixels, 0, 0);
  // Within MAX_PUNCH_PHOTO_CHARS: a noisy frame (low light) is sent at a lower quality; null if even the lowest does not fit.
  for (const quality of SNAPSHOT_QUALITIES) {
    const url = canvas.toDataURL('image/jpeg', quality);
    if (url.length <= MAX_PUNCH_PHOTO_CHARS) return url;
  }
  return null;
}

/** The canvas frames are read through, kept across frames and punches (one per page). */
let reader: { canvas: HTMLCanvasElement; context: CanvasRenderingContext2D } | null = null;

/**
 * The video's current frame (at most FRAME_MAX_SIDE) as pixels for the worker (which takes them
 * over), and a copy of those pixels for the snapshot. One canvas, kept and made for reading back
 * (`willReadFrequently`: drawn and read on the CPU, no GPU readback), instead of a new one per frame.
 */
function grabFrame(video: HTMLVideoElement, snapshot: boolean): { frame: ImageData; copy: ImageData | null } {
  const { width, height } = fittedSize(video, FRAME_MAX_SIDE);
  if (!reader) {
    const canvas = document.createElement('canvas');
    reader = { canvas, context: canvas.getContext('2d', { willReadFrequently: true })! };
  }
  const { canvas, context } = reader;
  if (canvas.width !== width || canvas.height !== height) [canvas.width, canvas.height] = [width, height];
  context.drawImage(video, 0, 0, width, height);
  const frame = context.getImageData(0, 0, width, height);
  return { frame, copy: snapshot ? new ImageData(new Uint8ClampedArray(frame.data), width, height) : null };
}

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

interface Frame extends FaceFrame {
  /** The worker keeps the frame's pixels under this id, for the descriptor. */
  id: number;
  /** A copy of the frame's pixels, when the punch sends its frame (frameJpeg); kept for the first and the latest frame only. */
  copy: ImageData | null;
}

/**
 * Takes frames from the playing video until it has two frames with one face each whose faces
 * moved (when `liveness`), then describes the first and the last of them. `onProgress` tells the
 * screen what to ask of the person. Stops early when `signal` aborts.
 */
export async function captureFace(
  engine: KioskFaceWorker,
  video: HTMLVideoElement,
  options: { liveness: boolean; snapshot: boolean; signal: AbortSignal; onProgress: (p: CaptureProgress) => void },
): Promise<CaptureResult> {
  const sent: number[] = [];
  try {
    return await takeFrames(engine, video, options, sent);
  } finally {
    // The worker keeps the frames' pixels only for this capture.
    engine.forget(sent);
  }
}

/** Frame ids are unique on the page: a cancelled capture's frames never mix with the next one's. */
let lastFrameId = 0;

async function takeFrames(
  engine: KioskFaceWorker,
  video: HTMLVideoElement,
  options: { liveness: boolean; snapshot: boolean; signal: AbortSignal; onProgress: (p: CaptureProgress) => void },
  sent: number[],
): Promise<CaptureResult> {
  const deadline = performance.now() + CAPTURE_TIMEOUT_MS;
  const frames: Frame[] = [];
  // The first face's descriptor (asked for as soon as that face is found, below).
  let firstDescriptor: Promise<number[][]> | null = null;
  let sawMany = false;
  let lastAt = 0;
  let taken = 0;
  // The screen is told only of changes (each one re-renders the kiosk on a slow main thread).
  let shown: CaptureProgress | null = null;
  const progress = (p: CaptureProgress) => {
    if (p !== shown) options.onProgress(p);
    shown = p;
  };
  while (performance.now() < deadline || taken < CAPTURE_MIN_FRAMES) {
    taken++;
    if (options.signal.aborted) return { kind: 'cancelled' };
    // Frames are spaced (a live face needs time to move); detection itself runs in the worker.
    // The next frame is read only once the worker is free (the first descriptor computed): a
    // frame that waited in its queue would show the head as it was, not as it is (decision 045).
    await Promise.all([sleep(Math.max(MIN_PAUSE_MS, lastAt + FRAME_INTERVAL_MS - performance.now())), firstDescriptor?.catch(() => {})]);
    if (options.signal.aborted) return { kind: 'cancelled' };
    lastAt = performance.now();
    const grabbedAt = lastAt;
    const { frame, copy } = grabFrame(video, options.snapshot);
    const id = ++lastFrameId;
    sent.push(id);
    // With one face the worker also judges the frames so far (captureVerdict) and, when they
    // complete the capture, describes this one at once.
    const { faces, verdict, descriptor } = await engine.detect(
      id,
      frame,
      DETECTOR_MIN_SCORE,
      frames.map((f) => f.id),
      options.liveness,
    );
    if (options.signal.aborted) return { kind: 'cancelled' };
    if (faces.length > 1) {
      sawMany = true;
      frames.length = 0;
      firstDescriptor = null;
      progress('many');
      continue;
    }
    if (faces.length === 0) {
      progress('looking');
      continue;
    }
    const face = faces[0]!;
    // Diagnostics (bench/kiosk-face.mjs): when the first frame with a face of this capture was taken.
    if (frames.length === 0) performance.mark(FIRST_FACE_MARK, { startTime: grabbedAt });
    // Only the first and the latest frame can be sent: the copy of the one before is dropped.
    if (frames.length > 1) frames[frames.length - 1]!.copy = null;
    frames.push({ id, copy, box: face.box, landmarks: face.landmarks });
    if (frames.length === 1) {
      // The first face's descriptor, asked for at once: the worker computes it while this side
      // pauses and reads the next frame, time it would otherwise spend waiting (decision 045).
      firstDescriptor = engine.describe([id]);
      firstDescriptor.catch(() => {}); // awaited below; a failure there fails the capture
      continue;
    }
    // Liveness (decision 044): the head must turn; a picture moved around is refused.
    if (!verdict) throw new Error('face worker: no verdict for a frame with one face');
    if (verdict.kind === 'spoof') return { kind: 'failed', reason: 'still' };
    if (verdict.kind === 'pending') {
      progress('move');
      if (frames.length > 12) frames.splice(1, 1);
      continue;
    }
    performance.mark(ALIVE_MARK);
    // The first frame and the one that showed the movement: two views of one face (the worker
    // has usually described both by now; else the snapshot is encoded while it does).
    const chosen = [frames[0]!, frames[frames.length - 1]!];
    const described = Promise.all([firstDescriptor ?? engine.describe([chosen[0]!.id]), descriptor ? [descriptor] : engine.describe([chosen[1]!.id])]);
    described.catch(() => {}); // awaited below
    // The frame sent is the one of the two that looks more straight at the camera: the server
    // matches that frame alone (issue 34.4), against enrolment photos, which look at the camera
    // too. The turned face is the liveness rule's evidence, not a view to recognise someone by:
    // amy2 turned 20° is 0.58 from amy1 on the server's pipeline, beyond the 0.55 threshold
    // (bench/kiosk-face.mjs). Usually the first frame; the last when the capture began on a turned head.
    const turn = (f: Frame) => Math.abs(turnIndex(f)) || 0;
    const pixels = (turn(chosen[1]!) < turn(chosen[0]!) ? chosen[1]! : chosen[0]!).copy;
    const snapshot = pixels ? frameJpeg(pixels) : null;
    const [first, last] = await described;
    performance.mark(CAPTURED_MARK);
    return { kind: 'ok', descriptors: [...first, ...last], snapshot, movement: maxMovement(frames) };
  }
  if (options.liveness && frames.length >= 1) return { kind: 'failed', reason: 'still' };
  return { kind: 'failed', reason: sawMany && frames.length === 0 ? 'many' : 'none' };
}

import { Worker } from 'node:worker_threads';
import { judgeSnapshotFaces, type SnapshotFaces } from '#domain/clock/snapshot-faces.ts';
import { isValidDescriptor } from '#domain/employees/face-descriptor.ts';
import { DETECTOR_INPUT_SIZE, DETECTOR_MIN_SCORE } from '#lib/client/face/face-worker-protocol.ts';
import { MIN_CONFIDENCE, WORK_MAX_SIDE } from '#lib/client/face/face-engine.ts';
import { loadSharp } from '../lazy/load-sharp.ts';
import { faceApiSource, netFiles, wasmFiles, type NetFiles } from './face-files.ts';
import { log } from '../log.ts';

/**
 * The server's face pipeline, off the main thread (decisions 043, 065): a worker thread runs
 * @vladmandic/face-api's browser bundle (TensorFlow.js 4.22 inside) on the WASM backend (the CPU
 * backend when the .wasm files cannot be read), with the weights of the nets a request needs sent
 * along with its first such request (face-files.ts reads them from node_modules, or from the single
 * binary's own assets) — nothing downloaded. It counts the faces of punch snapshots (Tiny Face
 * Detector), computes a face punch's descriptor from its camera frame (the kiosk's pipeline) and an
 * enrolment photo's (the enrolment screen's, SSD MobileNet v1). The worker starts at the first
 * request and stops after IDLE_STOP_MS without one, as its memory would otherwise break the
 * idle-memory budget (decision 017): measured +220 MB resident with the punch frame's nets on WASM
 * (+140 MB on the CPU backend), and another +190 MB once SSD has run for an enrolment — so after an
 * enrolment, a rare administrator's action, it stops sooner (ENROL_IDLE_STOP_MS).
 *
 * Cost measured on this 2-core machine, WASM: about 0.1 s per punch frame and 1–2 s for the first
 * enrolment (SSD's weights loaded); the CPU backend took 1 s and 40 s. Requests run one at a time
 * in the worker; the main thread only decodes the image (sharp, on libuv's pool) and waits.
 *
 * When the pipeline cannot run (a file missing, a request over its timeout) the answer is
 * `unavailable`: a snapshot is kept unchecked, a face punch is refused with "use your PIN" (never
 * decided on the browser's numbers), an enrolment keeps the photo without face data; each is logged.
 */
const INPUT_SIZE = 224;
/** Detections below this are not reported at all (the rule's FACE_SCORE is higher). */
const MIN_SCORE = 0.2;
const IDLE_STOP_MS = 5 * 60_000;
const ENROL_IDLE_STOP_MS = 30_000;
const CHECK_TIMEOUT_MS = 20_000;
/** Snapshots are scaled to this side before detecting (the kiosk sends 320 px). */
const SIDE = 320;
/** A face punch's frame is scaled to this side before its descriptor is computed (the kiosk sends 640 × 480). */
export const FRAME_SIDE = 640;
/** SSD MobileNet v1 takes a second or two per photo on WASM (40 s on the CPU backend): an enrolment may wait this long. */
const ENROL_TIMEOUT_MS = 90_000;
/** The neutral grey the enrolment screen pads tight crops with (face-engine.ts PAD_COLOUR). */
const GREY = { r: 128, g: 128, b: 128 };

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { types } = require('node:util');
let loading;
// Nets' weights arrive with the first request that needs them (face-files.ts reads them).
const nets = new Map();
// The bundle's loaders take Node for a browser only while process.versions.node is hidden
// (TensorFlow.js would pick its Node platform, which needs the util module the bundle stubs; the
// Emscripten loader would want __dirname). undici (behind Response) is loaded before.
async function asBrowser(run) {
  await new Response('warm').arrayBuffer();
  const versions = process.versions;
  Object.defineProperty(process, 'versions', { value: { ...versions, node: undefined }, configurable: true, writable: true });
  try {
    return await run();
  } finally {
    Object.defineProperty(process, 'versions', { value: versions, configurable: true, writable: true });
  }
}
// The WASM backend (one thread, SIMD), about 20 times faster than the CPU backend: its .wasm files
// (sent in workerData) are handed to its loader through a fetch that answers one made-up origin
// (nothing downloaded). Without them, the CPU backend computes the same.
const WASM_ORIGIN = 'http://tfjs-wasm.invalid/';
async function useWasm(tf) {
  if (Object.keys(workerData.wasm).length === 0) return false;
  const previous = globalThis.fetch;
  globalThis.fetch = async (url, init) => {
    const href = String(url);
    if (!href.startsWith(WASM_ORIGIN)) return previous(url, init);
    const bytes = workerData.wasm[href.slice(WASM_ORIGIN.length)];
    if (!bytes) return new Response(null, { status: 404 });
    return new Response(bytes.slice(0), { status: 200, headers: { 'content-type': 'application/wasm' } });
  };
  try {
    tf.setWasmPaths(WASM_ORIGIN);
    tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    return await asBrowser(async () => {
      const ok = await tf.setBackend('wasm');
      await tf.ready();
      return ok;
    });
  } catch {
    return false;
  }
}
async function load() {
  const source = 'data:text/javascript;base64,' + Buffer.from(workerData.faceApiSource).toString('base64');
  const faceapi = await asBrowser(() => import(source));
  const tf = faceapi.tf;
  tf.env().setPlatform('jornada-worker', {
    fetch: () => Promise.reject(new Error('no fetch in the snapshot face worker')),
    now: () => performance.now(),
    encode: (text) => new TextEncoder().encode(text),
    decode: (bytes, encoding) => new TextDecoder(encoding).decode(bytes),
    isTypedArray: (a) => types.isFloat32Array(a) || types.isInt32Array(a) || types.isUint8Array(a) || types.isUint8ClampedArray(a),
    setTimeoutCustom: (fn, ms) => setTimeout(fn, ms),
  });
  class Placeholder {}
  const noDom = () => { throw new Error('no DOM: tensors only'); };
  faceapi.env.setEnv({ Canvas: Placeholder, CanvasRenderingContext2D: Placeholder, Image: Placeholder, ImageData: Placeholder, Video: Placeholder,
    createCanvasElement: noDom, createImageElement: noDom, fetch: noDom, readFile: noDom });
  if (!(await useWasm(tf))) {
    await tf.setBackend('cpu');
    await tf.ready();
  }
  loadNet(faceapi, faceapi.nets.tinyFaceDetector, 'tiny_face_detector_model');
  return faceapi;
}
function loadNet(faceapi, net, name) {
  if (net.isLoaded) return;
  const files = nets.get(name);
  if (!files) throw new Error('the weights of ' + name + ' were not sent');
  const manifest = JSON.parse(files.manifest);
  const bytes = Buffer.concat(files.shards.map((b) => Buffer.from(b)));
  net.loadFromWeightMap(faceapi.tf.io.decodeWeights(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), manifest.flatMap((g) => g.weights)));
  nets.delete(name);
}
// Descriptors need the 68 landmarks and the recognition net (loaded at the first one); enrolment SSD MobileNet v1.
function loadDescriptorNets(faceapi, ssd) {
  loadNet(faceapi, faceapi.nets.faceLandmark68Net, 'face_landmark_68_model');
  loadNet(faceapi, faceapi.nets.faceRecognitionNet, 'face_recognition_model');
  if (ssd) loadNet(faceapi, faceapi.nets.ssdMobilenetv1, 'ssd_mobilenetv1_model');
}
const described = (faces) => faces.length === 1 ? { kind: 'one', descriptor: Array.from(faces[0].descriptor) } : { kind: faces.length === 0 ? 'none' : 'many' };
async function withTensor(faceapi, image, run) {
  const tensor = faceapi.tf.tensor3d(new Uint8Array(image.pixels), [image.height, image.width, 3], 'int32');
  try {
    return await run(tensor);
  } finally {
    tensor.dispose();
  }
}
parentPort.on('message', async ({ id, op, images, weights }) => {
  try {
    for (const [name, files] of Object.entries(weights)) nets.set(name, files);
    const faceapi = await (loading ??= load());
    if (op === 'count') {
      const faces = await withTensor(faceapi, images[0], (t) => faceapi.detectAllFaces(t, new faceapi.TinyFaceDetectorOptions({ inputSize: workerData.inputSize, scoreThreshold: workerData.minScore })));
      parentPort.postMessage({ id, scores: faces.map((f) => f.score) });
    } else if (op === 'frame') {
      // The kiosk's pipeline (src/lib/client/face/face-worker.ts): Tiny Face Detector, 68 landmarks, descriptor.
      loadDescriptorNets(faceapi, false);
      const options = new faceapi.TinyFaceDetectorOptions({ inputSize: workerData.kioskInputSize, scoreThreshold: workerData.kioskMinScore });
      const faces = await withTensor(faceapi, images[0], (t) => faceapi.detectAllFaces(t, options).withFaceLandmarks().withFaceDescriptors());
      parentPort.postMessage({ id, face: described(faces) });
    } else {
      // Enrolment's pipeline (src/lib/client/face/face-engine.ts describeSingleFace): SSD on the photo as it is, then padded with grey.
      loadDescriptorNets(faceapi, true);
      const options = new faceapi.SsdMobilenetv1Options({ minConfidence: workerData.enrolMinConfidence });
      const bare = await withTensor(faceapi, images[0], (t) => faceapi.detectAllFaces(t, options));
      let face;
      if (bare.length > 1) face = { kind: 'many' };
      else {
        const padded = await withTensor(faceapi, images[1], (t) => faceapi.detectAllFaces(t, options).withFaceLandmarks().withFaceDescriptors());
        if (padded.length > 1) face = { kind: 'many' };
        else if (padded.length === 1) face = described(padded);
        else if (bare.length === 1) face = described(await withTensor(faceapi, images[0], (t) => faceapi.detectAllFaces(t, options).withFaceLandmarks().withFaceDescriptors()));
        else face = { kind: 'none' };
      }
      parentPort.postMessage({ id, face });
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

export type SnapshotFaceCheck = { kind: SnapshotFaces; scores: number[]; ms: number } | { kind: 'unavailable'; reason: string };

/** A face's descriptor as the server computes it: exactly one face, none, several, or the pipeline could not answer. */
export type FaceDescription = { kind: 'one'; descriptor: number[]; ms: number } | { kind: 'none' | 'many'; ms: number } | { kind: 'unavailable'; reason: string };

type WorkerReply = {
  /** The image could not be decoded (the sender's fault, not the pipeline's). */
  undecodable?: boolean;
  scores?: number[];
  face?: { kind: 'one' | 'none' | 'many'; descriptor?: number[] };
  error?: string;
};

interface Pending {
  resolve: (answer: WorkerReply) => void;
}

interface RawImage {
  width: number;
  height: number;
  pixels: ArrayBuffer;
}

type Op = 'count' | 'frame' | 'photo';

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
/** Checks run one after another: the worker is CPU-bound, and a queue keeps the order. */
let queue: Promise<unknown> = Promise.resolve();

/** The nets each request needs (the worker loads each once). */
const NETS_OF: Record<Op, readonly string[]> = {
  count: ['tiny_face_detector_model'],
  frame: ['tiny_face_detector_model', 'face_landmark_68_model', 'face_recognition_model'],
  photo: ['tiny_face_detector_model', 'face_landmark_68_model', 'face_recognition_model', 'ssd_mobilenetv1_model'],
};
/** The nets whose weights each worker has been sent (a new worker gets them again). */
const netsSent = new WeakMap<Worker, Set<string>>();

function failAll(reason: string): void {
  for (const [id, p] of pending) {
    pending.delete(id);
    p.resolve({ error: reason });
  }
}

function startWorker(): Worker {
  if (worker) return worker;
  const started = new Worker(WORKER_SOURCE, {
    eval: true,
    name: 'jornada-snapshot-faces',
    workerData: {
      faceApiSource: faceApiSource(),
      wasm: wasmFiles(),
      inputSize: INPUT_SIZE,
      minScore: MIN_SCORE,
      kioskInputSize: DETECTOR_INPUT_SIZE,
      kioskMinScore: DETECTOR_MIN_SCORE,
      enrolMinConfidence: MIN_CONFIDENCE,
    },
  });
  started.unref();
  started.on('message', (answer: WorkerReply & { id: number }) => {
    const p = pending.get(answer.id);
    pending.delete(answer.id);
    p?.resolve(answer);
  });
  started.on('error', (error) => failAll(error.message));
  started.once('exit', () => {
    if (worker === started) worker = undefined;
    failAll('the snapshot face worker stopped');
  });
  worker = started;
  return started;
}

/** SSD's memory is not given back while the worker lives: an enrolment shortens the idle time until it stops. */
let idleStopMs = IDLE_STOP_MS;

function scheduleIdleStop(op: Op): void {
  if (op === 'photo') idleStopMs = ENROL_IDLE_STOP_MS;
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(stopWhenIdle, idleStopMs);
  idleTimer.unref();
}

/**
 * The idle stop never ends a request under way: a timer armed by the last answer can fall due while
 * a later request runs (a slow enrolment on a loaded machine), and stopping then answered it
 * `unavailable`. With a request pending it waits one more period.
 */
function stopWhenIdle(): void {
  if (pending.size > 0) {
    idleTimer = setTimeout(stopWhenIdle, idleStopMs);
    idleTimer.unref();
    return;
  }
  void stopSnapshotFaceWorker();
}

/** RGB pixels of an image scaled to fit `side` (never enlarged), with `pad` × its larger side of grey on every side. */
async function rawImage(bytes: Buffer, side: number, pad = 0): Promise<RawImage> {
  const sharp = await loadSharp();
  let image = sharp(bytes).resize({ width: side, height: side, fit: 'inside', withoutEnlargement: true }).removeAlpha().toColourspace('srgb');
  if (pad > 0) {
    const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
    const border = Math.round(Math.max(info.width, info.height) * pad);
    image = sharp(data, { raw: { width: info.width, height: info.height, channels: 3 } }).extend({ top: border, bottom: border, left: border, right: border, background: GREY });
  }
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, pixels: new Uint8Array(data).buffer }; // a copy of its own, transferred to the worker
}

/** One request to the worker (after decoding), within `timeoutMs`. */
async function ask(op: Op, decode: () => Promise<RawImage[]>, timeoutMs: number): Promise<WorkerReply & { ms: number }> {
  let images: RawImage[];
  try {
    images = await decode();
  } catch (error) {
    return { error: `decoding: ${error instanceof Error ? error.message : String(error)}`, undecodable: true, ms: 0 };
  }
  const started = performance.now();
  let w: Worker;
  let weights: Record<string, NetFiles>;
  try {
    w = startWorker();
    // The weights of nets this worker has not had yet, read now (face-files.ts) and handed over.
    const sent = netsSent.get(w) ?? new Set<string>();
    netsSent.set(w, sent);
    weights = Object.fromEntries(NETS_OF[op].filter((name) => !sent.has(name)).map((name) => [name, netFiles(name)]));
  } catch (error) {
    return { error: error instanceof Error ? error.message : String(error), ms: 0 };
  }
  for (const name of Object.keys(weights)) netsSent.get(w)!.add(name);
  const id = nextId++;
  const answer = await new Promise<WorkerReply>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ error: `no answer within ${timeoutMs} ms` });
    }, timeoutMs);
    pending.set(id, {
      resolve: (a) => {
        clearTimeout(timer);
        resolve(a);
      },
    });
    w.postMessage({ id, op, images, weights }, [...images.map((i) => i.pixels), ...Object.values(weights).flatMap((n) => n.shards)]);
  });
  scheduleIdleStop(op);
  return { ...answer, ms: Math.round(performance.now() - started) };
}

/** Runs one worker request after the ones before it. */
function queued<T>(run: () => Promise<T>): Promise<T> {
  const next = queue.then(run);
  queue = next.catch(() => undefined);
  return next;
}

/**
 * How many faces the snapshot (JPEG bytes, as preparePunchPhoto makes them) shows: `one`, `none`,
 * `many` (judgeSnapshotFaces), or `unavailable` when the detector could not answer (logged).
 */
export function checkSnapshotFaces(jpeg: Buffer): Promise<SnapshotFaceCheck> {
  return queued(async (): Promise<SnapshotFaceCheck> => {
    const answer = await ask('count', async () => [await rawImage(jpeg, SIDE)], CHECK_TIMEOUT_MS);
    if (answer.error !== undefined || !answer.scores) return { kind: 'unavailable', reason: answer.error ?? 'no scores' };
    return { kind: judgeSnapshotFaces(answer.scores), scores: answer.scores, ms: answer.ms };
  }).then((check) => {
    if (check.kind === 'unavailable') log.warn({ reason: check.reason }, 'The punch snapshot could not be checked for a face; it is kept unchecked');
    return check;
  });
}

function description(answer: WorkerReply & { ms: number }): FaceDescription {
  if (answer.error !== undefined || !answer.face) return { kind: 'unavailable', reason: answer.error ?? 'no face answer' };
  if (answer.face.kind === 'one') {
    const descriptor = answer.face.descriptor;
    if (!isValidDescriptor(descriptor)) return { kind: 'unavailable', reason: 'the descriptor computed is not valid' };
    return { kind: 'one', descriptor, ms: answer.ms };
  }
  return { kind: answer.face.kind, ms: answer.ms };
}

/**
 * The descriptor of the face in a face punch's camera frame (issue 34.4), computed here with the
 * kiosk's own pipeline (Tiny Face Detector at DETECTOR_INPUT_SIZE, score DETECTOR_MIN_SCORE, 68
 * landmarks, recognition net), on the frame scaled to at most FRAME_SIDE: `one` with the 128
 * numbers, `none`, `many`, `unreadable` (the bytes do not decode), or `unavailable` (logged; the
 * caller refuses the face punch).
 */
export function describePunchFrame(image: Buffer): Promise<FaceDescription | { kind: 'unreadable' }> {
  return queued(async () => {
    const answer = await ask('frame', async () => [await rawImage(image, FRAME_SIDE)], CHECK_TIMEOUT_MS);
    // A frame that does not decode (cut short, not an image inside its header) is the sender's fault: not "unavailable".
    return answer.undecodable ? { kind: 'unreadable' as const } : logUnavailable(description(answer));
  });
}

/**
 * The descriptor of the face in an enrolment photo (issue 34.4), computed here with the enrolment
 * screen's pipeline (face-engine.ts describeSingleFace: SSD MobileNet v1 at MIN_CONFIDENCE, on the
 * photo scaled to fit WORK_MAX_SIDE and again padded with grey by its own size; several faces in
 * either is `many`).
 */
export function describeEnrolmentPhoto(image: Buffer): Promise<FaceDescription> {
  return queued(async () => description(await ask('photo', async () => [await rawImage(image, WORK_MAX_SIDE), await rawImage(image, WORK_MAX_SIDE, 1)], ENROL_TIMEOUT_MS))).then(logUnavailable);
}

function logUnavailable(d: FaceDescription): FaceDescription {
  if (d.kind === 'unavailable') log.warn({ reason: d.reason }, 'The server could not compute a face descriptor');
  return d;
}

/** Stops the worker (idle, shutdown, tests); the next check starts a new one. */
export async function stopSnapshotFaceWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  idleStopMs = IDLE_STOP_MS;
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}

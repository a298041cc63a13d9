import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { Worker } from 'node:worker_threads';
import { judgeSnapshotFaces, type SnapshotFaces } from '../../domain/clock/snapshot-faces.ts';
import { loadSharp } from '../lazy/load-sharp.ts';
import { log } from '../log.ts';

/**
 * Counts the faces in a punch snapshot on the server (decision 043), off the main thread: a
 * worker thread runs @vladmandic/face-api's browser bundle (TensorFlow.js 4.22 inside, the CPU
 * backend, as bench/lib/face-node.mjs) with its TinyFaceDetector (190 KB of weights) read from the
 * installed package — nothing downloaded. The worker starts at the first check (lazily: most
 * installs keep no snapshots) and stops after IDLE_STOP_MS without one, as its heap (+80 MB resident
 * with the model) would otherwise break the idle-memory budget (decision 017).
 *
 * Cost measured (bench/snapshot-faces.mjs, this 2-core machine): 0.6 s to start, about 350 ms per
 * 320 × 240 snapshot at input size 224 when idle; 5 s and a median of 1 s (p95 1.9 s) while
 * other processes loaded both cores. Checks run one at a time in the worker; the main thread
 * only decodes the JPEG (sharp, on libuv's pool) and waits.
 *
 * When the detector cannot run (the package missing, as in the single binary, which does not
 * carry face-api; or a check over CHECK_TIMEOUT_MS) the answer is `unavailable`: the caller keeps
 * the punch (an employee is never refused for the server's own trouble) and it is logged.
 */
const INPUT_SIZE = 224;
/** Detections below this are not reported at all (the rule's FACE_SCORE is higher). */
const MIN_SCORE = 0.2;
const IDLE_STOP_MS = 5 * 60_000;
const CHECK_TIMEOUT_MS = 20_000;
/** Snapshots are scaled to this side before detecting (the kiosk sends 320 px). */
const SIDE = 320;

const WORKER_SOURCE = `
const { parentPort, workerData } = require('node:worker_threads');
const { readFileSync } = require('node:fs');
const path = require('node:path');
const { types } = require('node:util');
let loading;
async function load() {
  // TensorFlow.js would pick its Node platform (which needs the util module the bundle stubs).
  const versions = process.versions;
  Object.defineProperty(process, 'versions', { value: { ...versions, node: undefined }, configurable: true, writable: true });
  let faceapi;
  try {
    faceapi = await import(workerData.faceApiUrl);
  } finally {
    Object.defineProperty(process, 'versions', { value: versions, configurable: true, writable: true });
  }
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
  await tf.setBackend('cpu');
  await tf.ready();
  const manifest = JSON.parse(readFileSync(path.join(workerData.modelDir, 'tiny_face_detector_model-weights_manifest.json'), 'utf8'));
  const bytes = Buffer.concat(manifest.flatMap((g) => g.paths.map((p) => readFileSync(path.join(workerData.modelDir, p)))));
  faceapi.nets.tinyFaceDetector.loadFromWeightMap(tf.io.decodeWeights(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), manifest.flatMap((g) => g.weights)));
  return faceapi;
}
parentPort.on('message', async ({ id, width, height, pixels }) => {
  try {
    const faceapi = await (loading ??= load());
    const tensor = faceapi.tf.tensor3d(new Uint8Array(pixels), [height, width, 3], 'int32');
    try {
      const faces = await faceapi.detectAllFaces(tensor, new faceapi.TinyFaceDetectorOptions({ inputSize: workerData.inputSize, scoreThreshold: workerData.minScore }));
      parentPort.postMessage({ id, scores: faces.map((f) => f.score) });
    } finally {
      tensor.dispose();
    }
  } catch (error) {
    parentPort.postMessage({ id, error: String((error && error.message) || error) });
  }
});
`;

export type SnapshotFaceCheck = { kind: SnapshotFaces; scores: number[]; ms: number } | { kind: 'unavailable'; reason: string };

interface Pending {
  resolve: (answer: { scores?: number[]; error?: string }) => void;
}

let worker: Worker | undefined;
let idleTimer: NodeJS.Timeout | undefined;
let nextId = 1;
const pending = new Map<number, Pending>();
/** Checks run one after another: the worker is CPU-bound, and a queue keeps the order. */
let queue: Promise<unknown> = Promise.resolve();

/** Where face-api's browser bundle and its models are, or why not. */
function faceApiFiles(): { faceApiUrl: string; modelDir: string } {
  const bundle = createRequire(import.meta.url).resolve('@vladmandic/face-api/dist/face-api.esm.js');
  return { faceApiUrl: pathToFileURL(bundle).href, modelDir: path.join(path.dirname(bundle), '..', 'model') };
}

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
    workerData: { ...faceApiFiles(), inputSize: INPUT_SIZE, minScore: MIN_SCORE },
  });
  started.unref();
  started.on('message', (answer: { id: number; scores?: number[]; error?: string }) => {
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

function scheduleIdleStop(): void {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = setTimeout(() => void stopSnapshotFaceWorker(), IDLE_STOP_MS);
  idleTimer.unref();
}

async function detect(jpeg: Buffer): Promise<SnapshotFaceCheck> {
  const sharp = await loadSharp();
  let decoded: { data: Buffer; info: { width: number; height: number } };
  try {
    decoded = await sharp(jpeg).resize({ width: SIDE, height: SIDE, fit: 'inside', withoutEnlargement: true }).removeAlpha().toColourspace('srgb').raw().toBuffer({ resolveWithObject: true });
  } catch (error) {
    return { kind: 'unavailable', reason: `decoding: ${error instanceof Error ? error.message : String(error)}` };
  }
  const { data, info } = decoded;
  const started = performance.now();
  let w: Worker;
  try {
    w = startWorker();
  } catch (error) {
    return { kind: 'unavailable', reason: error instanceof Error ? error.message : String(error) };
  }
  const id = nextId++;
  const pixels = new Uint8Array(data).buffer; // a copy of its own, transferred to the worker
  const answer = await new Promise<{ scores?: number[]; error?: string }>((resolve) => {
    const timer = setTimeout(() => {
      pending.delete(id);
      resolve({ error: `no answer within ${CHECK_TIMEOUT_MS} ms` });
    }, CHECK_TIMEOUT_MS);
    pending.set(id, {
      resolve: (a) => {
        clearTimeout(timer);
        resolve(a);
      },
    });
    w.postMessage({ id, width: info.width, height: info.height, pixels }, [pixels]);
  });
  scheduleIdleStop();
  if (answer.error !== undefined || !answer.scores) return { kind: 'unavailable', reason: answer.error ?? 'no scores' };
  return { kind: judgeSnapshotFaces(answer.scores), scores: answer.scores, ms: Math.round(performance.now() - started) };
}

/**
 * How many faces the snapshot (JPEG bytes, as preparePunchPhoto makes them) shows: `one`, `none`,
 * `many` (judgeSnapshotFaces), or `unavailable` when the detector could not answer (logged).
 */
export function checkSnapshotFaces(jpeg: Buffer): Promise<SnapshotFaceCheck> {
  const run = queue.then(() => detect(jpeg));
  queue = run.catch(() => undefined);
  return run.then((check) => {
    if (check.kind === 'unavailable') log.warn({ reason: check.reason }, 'The punch snapshot could not be checked for a face; it is kept unchecked');
    return check;
  });
}

/** Stops the worker (idle, shutdown, tests); the next check starts a new one. */
export async function stopSnapshotFaceWorker(): Promise<void> {
  if (idleTimer) clearTimeout(idleTimer);
  idleTimer = undefined;
  const w = worker;
  worker = undefined;
  if (w) await w.terminate();
}

/**
 * Face detection and descriptors in the browser with @vladmandic/face-api. The library (with its
 * bundled TensorFlow.js) and the models are fetched only when a screen first needs them: call
 * `loadFaceEngine()` from an event handler, never at module load.
 *
 * Pipeline (see the face fixtures' README): SSD MobileNet v1, 68-point landmarks, 128-value
 * recognition descriptor. Tight ID-style crops are padded with a neutral grey border of about
 * their own size before detecting, which lets SSD find faces it misses in the bare crop.
 */
import type * as FaceApi from '@vladmandic/face-api';

/** Where the app serves the model files (copied from the package at build time). */
export const MODEL_URL = '/models';
/** Neutral grey (128) used around tight crops. */
export const PAD_COLOUR = '#808080';
/** Large photos are scaled down to this before detecting (SSD works at 512 px anyway). */
export const WORK_MAX_SIDE = 1024;
export const MIN_CONFIDENCE = 0.5;

export type FaceEngine = typeof FaceApi;

export type FaceResult = { kind: 'one'; descriptor: number[]; score: number } | { kind: 'none' } | { kind: 'many'; count: number };

let engine: Promise<FaceEngine> | undefined;
let loaded: FaceEngine | undefined;

/** The TensorFlow.js controls the bundle has but face-api's type declarations leave out. */
interface TfBackends {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
}
const backends = (faceapi: FaceEngine) => faceapi.tf as unknown as TfBackends;

/** TensorFlow.js backend: WebGL when the browser offers it, else plain JavaScript on the CPU. */
async function chooseBackend(faceapi: FaceEngine): Promise<void> {
  const tf = backends(faceapi);
  const webgl = (() => {
    try {
      return !!document.createElement('canvas').getContext('webgl2');
    } catch {
      return false;
    }
  })();
  if (webgl && (await tf.setBackend('webgl').catch(() => false))) {
    await tf.ready();
    return;
  }
  await tf.setBackend('cpu');
  await tf.ready();
}

/** True once the models are in memory (no "Loading Models" needed). */
export function faceEngineReady(): boolean {
  return loaded !== undefined;
}

/** Loads face-api and the three models once per page; later calls share the same promise. */
export function loadFaceEngine(): Promise<FaceEngine> {
  engine ??= (async () => {
    const faceapi = await import('@vladmandic/face-api');
    await chooseBackend(faceapi);
    await Promise.all([faceapi.nets.ssdMobilenetv1.loadFromUri(MODEL_URL), faceapi.nets.faceLandmark68Net.loadFromUri(MODEL_URL), faceapi.nets.faceRecognitionNet.loadFromUri(MODEL_URL)]);
    loaded = faceapi;
    return faceapi;
  })().catch((error: unknown) => {
    engine = undefined;
    throw error;
  });
  return engine;
}

/** The name of the TensorFlow.js backend in use (diagnostics), or null before loading. */
export function faceBackend(): string | null {
  return loaded ? backends(loaded).getBackend() : null;
}

type Drawable = HTMLImageElement | HTMLCanvasElement | HTMLVideoElement | ImageBitmap;

function sizeOf(source: Drawable): { width: number; height: number } {
  if (source instanceof HTMLVideoElement) return { width: source.videoWidth, height: source.videoHeight };
  if (source instanceof HTMLImageElement) return { width: source.naturalWidth, height: source.naturalHeight };
  return { width: source.width, height: source.height };
}

/** The source's size scaled down (never up) to fit `maxSide`, at least 1 × 1. */
export function fittedSize(source: Drawable, maxSide: number): { width: number; height: number } {
  const { width, height } = sizeOf(source);
  const scale = Math.min(1, maxSide / Math.max(width, height));
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

/** The source scaled to fit `maxSide`, centred on a grey canvas with `pad` pixels on each side. */
export function toCanvas(source: Drawable, maxSide = WORK_MAX_SIDE, padRatio = 0): HTMLCanvasElement {
  const { width: w, height: h } = fittedSize(source, maxSide);
  const pad = Math.round(Math.max(w, h) * padRatio);
  const canvas = document.createElement('canvas');
  canvas.width = w + 2 * pad;
  canvas.height = h + 2 * pad;
  const ctx = canvas.getContext('2d')!;
  ctx.fillStyle = PAD_COLOUR;
  ctx.fillRect(0, 0, canvas.width, canvas.height);
  ctx.drawImage(source, pad, pad, w, h);
  return canvas;
}

/**
 * Finds the faces in a photo and returns the descriptor when there is exactly one. Two passes:
 * the photo as it is (a group photo shows its faces here) and the photo padded with grey on every
 * side by its own size (tight crops). More than one face in either pass is "many"; the padded
 * pass's descriptor is preferred, as the kiosk sees faces inside a larger frame too.
 */
export async function describeSingleFace(faceapi: FaceEngine, source: Drawable): Promise<FaceResult> {
  const options = new faceapi.SsdMobilenetv1Options({ minConfidence: MIN_CONFIDENCE });
  const plain = toCanvas(source);
  const bare = await faceapi.detectAllFaces(plain, options);
  if (bare.length > 1) return { kind: 'many', count: bare.length };
  const padded = await faceapi
    .detectAllFaces(toCanvas(source, WORK_MAX_SIDE, 1), options)
    .withFaceLandmarks()
    .withFaceDescriptors();
  if (padded.length > 1) return { kind: 'many', count: padded.length };
  if (padded.length === 1) {
    const face = padded[0]!;
    return { kind: 'one', descriptor: Array.from(face.descriptor), score: face.detection.score };
  }
  if (bare.length === 1) {
    const face = await faceapi.detectSingleFace(plain, options).withFaceLandmarks().withFaceDescriptor();
    if (face) return { kind: 'one', descriptor: Array.from(face.descriptor), score: face.detection.score };
  }
  return { kind: 'none' };
}

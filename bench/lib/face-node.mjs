// @vladmandic/face-api in Node without any download: the package's browser bundle
// (dist/face-api.esm.js, TensorFlow.js 4.22 inside) on the plain-JavaScript CPU backend, with the
// models read from node_modules/@vladmandic/face-api/model and images decoded by sharp into
// tensors.
//
// Why not the package's Node builds: dist/face-api.node.js needs @tensorflow/tfjs-node (native,
// downloads libtensorflow at install) and dist/face-api.node-wasm.js needs
// @tensorflow/tfjs-backend-wasm; neither is a dependency, and the bundle carries the WASM
// backend's JavaScript but not its .wasm binaries. The CPU backend computes the same
// descriptors, only slower (about 1 s per image here).
//
// Two adjustments make the browser bundle run in Node: TensorFlow.js would pick its Node platform
// (which needs the `util` module the bundle stubs out), so `process.versions.node` is hidden
// while the bundle loads and a small platform is set instead; face-api's environment gets
// placeholders (inputs are tensors, never DOM elements).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { types } from 'node:util';
import sharp from 'sharp';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const MODEL_DIR = path.join(ROOT, 'node_modules', '@vladmandic', 'face-api', 'model');
export const FACES_DIR = path.resolve(ROOT, 'tests', 'fixtures', 'faces');
/** The same neutral grey the browser pads with (src/lib/client/face/face-engine.ts). */
const GREY = { r: 128, g: 128, b: 128 };

async function importBundle() {
  const versions = process.versions;
  Object.defineProperty(process, 'versions', { value: { ...versions, node: undefined }, configurable: true, writable: true });
  try {
    return await import('@vladmandic/face-api/dist/face-api.esm.js');
  } finally {
    Object.defineProperty(process, 'versions', { value: versions, configurable: true, writable: true });
  }
}

async function loadNet(faceapi, net, name) {
  const manifest = JSON.parse(readFileSync(path.join(MODEL_DIR, `${name}-weights_manifest.json`), 'utf8'));
  const specs = manifest.flatMap((group) => group.weights);
  const bytes = Buffer.concat(manifest.flatMap((group) => group.paths.map((p) => readFileSync(path.join(MODEL_DIR, p)))));
  net.loadFromWeightMap(faceapi.tf.io.decodeWeights(bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength), specs));
}

/** face-api with SSD MobileNet v1, 68 landmarks and the recognition net loaded, on the CPU backend. */
export async function loadFaceApi() {
  const faceapi = await importBundle();
  const tf = faceapi.tf;
  tf.env().setPlatform('node-bundle', {
    fetch: (url, init) => fetch(url, init),
    now: () => performance.now(),
    encode: (text) => new TextEncoder().encode(text),
    decode: (bytes, encoding) => new TextDecoder(encoding).decode(bytes),
    isTypedArray: (a) => types.isFloat32Array(a) || types.isInt32Array(a) || types.isUint8Array(a) || types.isUint8ClampedArray(a),
    setTimeoutCustom: (fn, ms) => setTimeout(fn, ms),
  });
  class Placeholder {}
  const noDom = () => {
    throw new Error('no DOM in Node: pass tensors');
  };
  faceapi.env.setEnv({
    Canvas: Placeholder,
    CanvasRenderingContext2D: Placeholder,
    Image: Placeholder,
    ImageData: Placeholder,
    Video: Placeholder,
    createCanvasElement: noDom,
    createImageElement: noDom,
    fetch: (url, init) => fetch(url, init),
    readFile: noDom,
  });
  await tf.setBackend('cpu');
  await tf.ready();
  await loadNet(faceapi, faceapi.nets.ssdMobilenetv1, 'ssd_mobilenetv1_model');
  await loadNet(faceapi, faceapi.nets.tinyFaceDetector, 'tiny_face_detector_model');
  await loadNet(faceapi, faceapi.nets.faceLandmark68Net, 'face_landmark_68_model');
  await loadNet(faceapi, faceapi.nets.faceRecognitionNet, 'face_recognition_model');
  return faceapi;
}

/**
 * RGB pixels of an image as the browser's enrolment sees them: `pad` = 1 centres it on grey with
 * its own size on every side (tight crops, DESIGN: same pipeline at enrolment and at the clock);
 * `frame` = [w, h, faceSide] puts the face, scaled to faceSide, in the middle of a grey w × h
 * frame, as the kiosk camera (and the e2e fake camera) sees it.
 */
export async function pixels(file, { pad = 0, frame } = {}) {
  let image = sharp(file).removeAlpha().toColourspace('srgb');
  if (frame) {
    const [w, h, side] = frame;
    const face = await image.resize(side, side).raw().toBuffer();
    const left = Math.floor((w - side) / 2);
    const top = Math.floor((h - side) / 2);
    image = sharp(face, { raw: { width: side, height: side, channels: 3 } }).extend({ left, top, right: w - side - left, bottom: h - side - top, background: GREY });
  } else if (pad > 0) {
    const meta = await sharp(file).metadata();
    const border = Math.round(Math.max(meta.width, meta.height) * pad);
    image = image.extend({ top: border, bottom: border, left: border, right: border, background: GREY });
  }
  const { data, info } = await image.raw().toBuffer({ resolveWithObject: true });
  return { data, width: info.width, height: info.height };
}

/**
 * Every face found in the pixels, with landmarks and descriptors. Detector: SSD MobileNet v1 at
 * minimum confidence 0.5 (enrolment), or `{ tiny: { inputSize, scoreThreshold } }` for the
 * kiosk's Tiny Face Detector (decision 045).
 */
export async function describeFaces(faceapi, { data, width, height }, { tiny } = {}) {
  const tensor = faceapi.tf.tensor3d(new Uint8Array(data.buffer, data.byteOffset, data.byteLength), [height, width, 3], 'int32');
  try {
    const options = tiny ? new faceapi.TinyFaceDetectorOptions(tiny) : new faceapi.SsdMobilenetv1Options({ minConfidence: 0.5 });
    const faces = await faceapi.detectAllFaces(tensor, options).withFaceLandmarks().withFaceDescriptors();
    return faces.map((f) => ({ score: f.detection.score, box: f.detection.box, descriptor: Array.from(f.descriptor) }));
  } finally {
    tensor.dispose();
  }
}

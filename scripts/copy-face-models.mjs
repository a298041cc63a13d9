// Copies the face-api models the app uses from the installed @vladmandic/face-api package, and the
// WebAssembly backend's binaries from @tensorflow/tfjs-backend-wasm, into the built client, served
// at /models (never committed to git, never fetched from a CDN).
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/**
 * SSD MobileNet v1 (enrolment's detector), Tiny Face Detector (the kiosk's, decision 045), 68-point
 * landmarks, recognition (128-value descriptors).
 */
export const FACE_MODELS = ['ssd_mobilenetv1_model', 'tiny_face_detector_model', 'face_landmark_68_model', 'face_recognition_model'];
/**
 * TensorFlow.js's WebAssembly backend binaries (plain and SIMD) for the kiosk's face worker. They
 * must be the version face-api bundles (4.22.0, pinned exactly in package.json): the JavaScript
 * half of the backend is inside face-api's bundle.
 */
export const WASM_FILES = ['tfjs-backend-wasm.wasm', 'tfjs-backend-wasm-simd.wasm'];

/** Copies each model's weights manifest and the shards it names; returns the files copied. */
export function copyFaceModels(root, distDir) {
  const from = path.join(root, 'node_modules', '@vladmandic', 'face-api', 'model');
  const to = path.join(distDir, 'client', 'models');
  if (!existsSync(from)) throw new Error(`face models not found in ${from} (is @vladmandic/face-api installed?)`);
  mkdirSync(to, { recursive: true });
  const copied = [];
  for (const model of FACE_MODELS) {
    const manifest = `${model}-weights_manifest.json`;
    const shards = JSON.parse(readFileSync(path.join(from, manifest), 'utf8')).flatMap((group) => group.paths);
    for (const file of [manifest, ...shards]) {
      copyFileSync(path.join(from, file), path.join(to, file));
      copied.push(file);
    }
  }
  const wasmDir = path.join(root, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist');
  // face-api's dist/tfjs.version.js names the versions it bundles: `"tfjs-backend-wasm":i` with `var i="4.22.0"`.
  const versions = readFileSync(path.join(root, 'node_modules', '@vladmandic', 'face-api', 'dist', 'tfjs.version.js'), 'utf8');
  const variable = /"tfjs-backend-wasm":(\w+)/.exec(versions)?.[1];
  const bundled = variable ? new RegExp(`var ${variable}="([^"]+)"`).exec(versions)?.[1] : undefined;
  const wasmVersion = JSON.parse(readFileSync(path.join(wasmDir, '..', 'package.json'), 'utf8')).version;
  if (bundled !== wasmVersion) throw new Error(`@tensorflow/tfjs-backend-wasm ${wasmVersion} does not match the ${bundled ?? 'unknown'} face-api bundles`);
  for (const file of WASM_FILES) {
    copyFileSync(path.join(wasmDir, file), path.join(to, file));
    copied.push(file);
  }
  return copied;
}

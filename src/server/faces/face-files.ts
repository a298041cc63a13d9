/**
 * The files the server's face worker runs on (decisions 043, 065), as bytes: face-api's browser
 * bundle, the weights of the nets it uses, and TensorFlow.js's .wasm files — nothing downloaded.
 * Under `npm start` they are read from node_modules. The single binary has no node_modules: there
 * the bundle is the package asset `package/@vladmandic/face-api/dist/face-api.esm.js`
 * (PACKAGE_FILES, scripts/binary/assets.mjs), and the weights and .wasm files are the client's own
 * `/models` files (scripts/copy-face-models.mjs puts both there; decision 015 embeds them as
 * `client/models/<file>`), so the binary carries them once.
 */
import { readPackageFile } from '../package-file.ts';

export const FACE_API_BUNDLE = '@vladmandic/face-api/dist/face-api.esm.js';
const MODEL_PACKAGE_DIR = '@vladmandic/face-api/model/';
const WASM_PACKAGE_DIR = '@tensorflow/tfjs-backend-wasm/dist/';
/** The single binary's asset of a client file under /models (src/binary/static-assets.ts CLIENT_ASSET_PREFIX + url path). */
const CLIENT_MODELS_ASSET = 'client/models/';

/** TensorFlow.js picks one of these by what the CPU supports (SIMD or not; one thread). */
export const WASM_FILES = ['tfjs-backend-wasm-simd.wasm', 'tfjs-backend-wasm.wasm'] as const;

/** A net's weights: its manifest (JSON text) and its shards in order. */
export interface NetFiles {
  manifest: string;
  shards: ArrayBuffer[];
}

const own = (bytes: Uint8Array): ArrayBuffer => bytes.buffer.slice(bytes.byteOffset, bytes.byteOffset + bytes.byteLength) as ArrayBuffer;

/** A file of /models (weights or .wasm): the binary's client asset, else the package's file. */
function modelsFile(name: string, packageDir: string): ArrayBuffer {
  const sea = process.getBuiltinModule('node:sea');
  if (sea?.isSea()) return sea.getAsset(CLIENT_MODELS_ASSET + name);
  return own(readPackageFile(packageDir + name));
}

/** face-api's browser bundle (ES module text, TensorFlow.js 4.22 inside). */
export function faceApiSource(): string {
  return readPackageFile(FACE_API_BUNDLE).toString('utf8');
}

/** The weights of net `name` (e.g. `tiny_face_detector_model`). */
export function netFiles(name: string): NetFiles {
  const manifest = new TextDecoder().decode(modelsFile(`${name}-weights_manifest.json`, MODEL_PACKAGE_DIR));
  const paths = (JSON.parse(manifest) as { paths: string[] }[]).flatMap((group) => group.paths);
  return { manifest, shards: paths.map((p) => modelsFile(p, MODEL_PACKAGE_DIR)) };
}

/** The .wasm files by name; empty when they cannot be read (the worker then runs on the CPU backend). */
export function wasmFiles(): Record<string, ArrayBuffer> {
  try {
    return Object.fromEntries(WASM_FILES.map((name) => [name, modelsFile(name, WASM_PACKAGE_DIR)]));
  } catch {
    return {};
  }
}

// TensorFlow.js's WASM backend (SIMD, one thread) for the browser bundles of face-api and human
// in Node (bench only): the .wasm files come from the npm package @tensorflow/tfjs-backend-wasm
// 4.22.0 (the version both bundles carry), handed to the bundle's loader through a fetch that
// answers one made-up origin from disk. Both bundles share one TensorFlow.js engine (a global),
// so switching once switches both. About 20× faster than the CPU backend here.
//
// The bundled Emscripten loader takes Node for a browser only while `process.versions.node` is
// hidden (else it wants __dirname and require); undici (behind Response) must be loaded before.
import { readFileSync } from 'node:fs';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const WASM_DIR = path.join(ROOT, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist');
const ORIGIN = 'http://tfjs-wasm.invalid/';

let installed = false;
/** Serves `origin + file` from `dir` through the global fetch (idempotent per origin). */
export function serveFromDisk(origin, dir) {
  const previous = globalThis.fetch;
  globalThis.fetch = async (url, init) => {
    const href = String(url);
    if (!href.startsWith(origin)) return previous(url, init);
    const type = href.endsWith('.wasm') ? 'application/wasm' : 'application/octet-stream';
    return new Response(readFileSync(path.join(dir, href.slice(origin.length))), { status: 200, headers: { 'content-type': type } });
  };
}

/** Runs `fn` with `process.versions.node` hidden (the bundles then take Node for a browser). */
export async function asBrowser(fn) {
  await new Response('warm').arrayBuffer();
  const versions = process.versions;
  Object.defineProperty(process, 'versions', { value: { ...versions, node: undefined }, configurable: true, writable: true });
  try {
    return await fn();
  } finally {
    Object.defineProperty(process, 'versions', { value: versions, configurable: true, writable: true });
  }
}

/** Switches the (shared) engine of the bundle's `tf` to WASM; false when it cannot. */
export async function useWasm(tf) {
  if (!installed) serveFromDisk(ORIGIN, WASM_DIR);
  installed = true;
  tf.setWasmPaths(ORIGIN);
  tf.env().set('WASM_HAS_MULTITHREAD_SUPPORT', false);
  return asBrowser(async () => {
    const ok = await tf.setBackend('wasm');
    await tf.ready();
    return ok;
  });
}

export const WASM_ORIGIN = ORIGIN;

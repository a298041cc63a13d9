import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { copyFaceModels } from '../../scripts/copy-face-models.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
const out = mkdtempSync(path.join(os.tmpdir(), 'jornada-models-'));
afterAll(() => rmSync(out, { recursive: true, force: true }));

describe('copyFaceModels (decision 045: the kiosk needs the tiny detector and the WebAssembly binaries under /models)', () => {
  it('copies the four models and the plain and SIMD WebAssembly binaries of the pinned tfjs-backend-wasm', () => {
    const copied = copyFaceModels(ROOT, out);
    for (const file of [
      'tiny_face_detector_model-weights_manifest.json',
      'ssd_mobilenetv1_model.bin',
      'face_landmark_68_model.bin',
      'face_recognition_model.bin',
      'tfjs-backend-wasm.wasm',
      'tfjs-backend-wasm-simd.wasm',
    ]) {
      expect(copied).toContain(file);
    }
    const simd = readFileSync(path.join(out, 'client', 'models', 'tfjs-backend-wasm-simd.wasm'));
    expect(simd.subarray(0, 4)).toEqual(Buffer.from([0, 0x61, 0x73, 0x6d])); // "\0asm"
    expect(simd.equals(readFileSync(path.join(ROOT, 'node_modules', '@tensorflow', 'tfjs-backend-wasm', 'dist', 'tfjs-backend-wasm-simd.wasm')))).toBe(true);
    // Exactly the version face-api bundles (its JavaScript half): pinned, not a range.
    const pinned = JSON.parse(readFileSync(path.join(ROOT, 'package.json'), 'utf8')).dependencies['@tensorflow/tfjs-backend-wasm'];
    expect(pinned).toBe('4.22.0');
  });
});

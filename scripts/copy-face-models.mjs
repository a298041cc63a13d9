// Copies the face-api models the app uses from the installed @vladmandic/face-api package into
// the built client, served at /models (never committed to git, never fetched from a CDN).
import { copyFileSync, existsSync, mkdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

/** SSD MobileNet v1 (detector), 68-point landmarks, recognition (128-value descriptors). */
export const FACE_MODELS = ['ssd_mobilenetv1_model', 'face_landmark_68_model', 'face_recognition_model'];

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
  return copied;
}

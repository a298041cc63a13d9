import { mkdirSync } from 'node:fs';
import path from 'node:path';

/** Absolute path of the runtime data directory (`DATA_DIR`, default `./data`), created on demand. */
export function dataDir(): string {
  const dir = path.resolve(process.env.DATA_DIR || 'data');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

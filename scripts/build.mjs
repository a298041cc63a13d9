// Builds the app when the build is missing or stale (or always with --force).
// Staleness: a hash of every source input, recorded in dist/.build-hash after a good build.
import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, readdirSync, readFileSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { writeAttributions } from './attributions.mjs';
import { copyFaceModels } from './copy-face-models.mjs';

export const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
/** Build output; JORNADA_DIST (a folder inside the project, so packages resolve) lets parallel work build apart. */
export const distDir = path.resolve(root, process.env.JORNADA_DIST || 'dist');
const INPUTS = ['src', 'public', 'scripts', 'astro.config.mjs', 'package.json', 'package-lock.json', 'tsconfig.json'];
const stampFile = path.join(distDir, '.build-hash');

function* files(p) {
  if (!existsSync(p)) return;
  if (statSync(p).isDirectory()) {
    for (const name of readdirSync(p).sort()) yield* files(path.join(p, name));
  } else {
    yield p;
  }
}

export function sourceHash() {
  const hash = createHash('sha256');
  for (const input of INPUTS) {
    for (const file of files(path.join(root, input))) {
      hash.update(path.relative(root, file));
      hash.update(readFileSync(file));
    }
  }
  return hash.digest('hex');
}

export function buildIsFresh() {
  return existsSync(path.join(distDir, 'server', 'entry.mjs')) && existsSync(path.join(distDir, 'server', 'boot.mjs')) && existsSync(stampFile) && readFileSync(stampFile, 'utf8').trim() === sourceHash();
}

/**
 * Runs `astro build` with this Node (the pinned Node 24). Throws when the build fails.
 * `announce(message)` says that a build starts (default: console.log). With `capture`, astro's
 * own output is kept off the terminal and put on the thrown error as `output` (npm start logs
 * only JSON lines, decision 041).
 */
export function build({ force = false, announce = (message) => console.log(message), capture = false } = {}) {
  if (!force && buildIsFresh()) return false;
  const hash = sourceHash();
  announce('Building Jornada…');
  const astro = path.join(root, 'node_modules', 'astro', 'bin', 'astro.mjs');
  const result = spawnSync(process.execPath, [astro, 'build', '--silent'], {
    cwd: root,
    stdio: capture ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    encoding: 'utf8',
    maxBuffer: 64 * 1024 * 1024,
  });
  if (result.status !== 0) {
    const error = new Error(`astro build failed (exit ${result.status})`);
    if (capture) error.output = `${result.stdout ?? ''}${result.stderr ?? ''}`.trim().slice(-4000);
    throw error;
  }
  writeAttributions(root, distDir);
  copyFaceModels(root, distDir);
  writeFileSync(stampFile, hash + '\n');
  return true;
}

if (process.argv[1] && fileURLToPath(import.meta.url) === path.resolve(process.argv[1])) {
  try {
    build({ force: process.argv.includes('--force') });
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}

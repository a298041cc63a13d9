/**
 * Native addons in the single binary. A shared library cannot be loaded from memory, so the
 * build embeds the platform's addon files (better-sqlite3, argon2, sharp with libvips) as SEA
 * assets and the binary writes them once into a cache directory laid out like `node_modules`:
 *
 *   <cache>/<content hash>/node_modules/better-sqlite3/prebuilds/linux-x64.node
 *   <cache>/<content hash>/node_modules/argon2/prebuilds/linux-x64/argon2.glibc.node
 *   <cache>/<content hash>/node_modules/@img/sharp-linux-x64/lib/sharp-linux-x64-0.35.5.node
 *   <cache>/<content hash>/node_modules/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.…
 *
 * The bundled package code is told (scripts/binary/bundle.mjs) that it lives in that folder, so
 * each package's own loader finds its addon, and sharp's RPATH ($ORIGIN/../../sharp-libvips-…)
 * finds libvips. Extraction goes to a temporary folder renamed into place, so a crash or two
 * processes starting at once never leave a half-written cache; a later start reuses it.
 */
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { startLog } from '../server/start-log.ts';

/** Written by the build as the SEA asset `manifest/native.json`. */
export interface NativeManifest {
  /** SHA-256 over every file's path and bytes: the cache folder's name. */
  hash: string;
  /** Paths relative to `node_modules`, POSIX separators; the asset key is `native/<path>`. */
  files: { path: string; size: number }[];
}

export const NATIVE_ASSET_PREFIX = 'native/';
/** Outside the `native/` namespace, so no package file can collide with it. */
export const NATIVE_MANIFEST_ASSET = 'manifest/native.json';

/**
 * Where the cache may go, best first: $JORNADA_CACHE_DIR, else $XDG_CACHE_HOME/jornada, else
 * ~/.cache/jornada; then a per-user folder in the temporary directory when those cannot be written
 * or lie on a noexec mount (`nativeRoot`). A JORNADA_CACHE_DIR the operator set is the only one.
 */
export function cacheDirCandidates(env: NodeJS.ProcessEnv, home: string, tmp: string, uid: number): string[] {
  if (env['JORNADA_CACHE_DIR']) return [path.resolve(env['JORNADA_CACHE_DIR'])];
  const list: string[] = [];
  if (env['XDG_CACHE_HOME'] && path.isAbsolute(env['XDG_CACHE_HOME'])) list.push(path.join(env['XDG_CACHE_HOME'], 'jornada'));
  if (home) list.push(path.join(home, '.cache', 'jornada'));
  list.push(path.join(tmp, `jornada-${uid}`));
  return [...new Set(list)];
}

/** Decodes the octal escapes (`\040` for a space) of a path in /proc/self/mountinfo. */
function unescapeMountPath(text: string): string {
  return text.replace(/\\([0-7]{3})/g, (_, octal: string) => String.fromCharCode(parseInt(octal, 8)));
}

/**
 * The mount point `dir` (an absolute path without symbolic links) lies on, when that mount is
 * `noexec` — shared libraries there cannot be loaded (dlopen: "failed to map segment from shared
 * object") — else undefined. `mountinfo` is the text of /proc/self/mountinfo: the mount point is
 * field 5, the mount's own options field 6; the longest mount point containing `dir` wins, and of
 * mounts on the same point the last listed (the one on top).
 */
export function noexecMountPoint(dir: string, mountinfo: string): string | undefined {
  let best: { point: string; options: string[] } | undefined;
  for (const line of mountinfo.split('\n')) {
    const fields = line.split(' ');
    if (fields.length < 6) continue;
    const point = unescapeMountPath(fields[4]!);
    const inside = point === '/' || dir === point || dir.startsWith(`${point}/`);
    if (inside && (!best || point.length >= best.point.length)) best = { point, options: fields[5]!.split(',') };
  }
  return best?.options.includes('noexec') ? best.point : undefined;
}

/** `dir` with symbolic links resolved, for a folder that may not exist yet (its nearest existing parent is resolved). */
function realPathOf(dir: string): string {
  const missing: string[] = [];
  let existing = path.resolve(dir);
  for (;;) {
    try {
      return path.join(fs.realpathSync(existing), ...missing.reverse());
    } catch {
      const parent = path.dirname(existing);
      if (parent === existing) return path.resolve(dir);
      missing.push(path.basename(existing));
      existing = parent;
    }
  }
}

/** /proc/self/mountinfo, or '' where there is none (not Linux): then no folder counts as noexec. */
function readMountinfo(): string {
  try {
    return fs.readFileSync('/proc/self/mountinfo', 'utf8');
  } catch {
    return '';
  }
}

/** A warning on the start-up logger: a JSON line like every other (decision 041). */
function logWarning(msg: string, fields: Record<string, unknown>): void {
  startLog.warn(fields, msg);
}

/** The folder for one set of addon files: a short prefix of the content hash keeps paths readable. */
export function extractionDirName(manifest: NativeManifest): string {
  return `native-${manifest.hash.slice(0, 20)}`;
}

/** True when `dir` holds every file of the manifest with the right size. */
export function isCompleteExtraction(dir: string, manifest: NativeManifest): boolean {
  for (const file of manifest.files) {
    try {
      if (fs.statSync(path.join(dir, 'node_modules', file.path)).size !== file.size) return false;
    } catch {
      return false;
    }
  }
  return true;
}

/**
 * The cache base must be ours: a folder (a symbolic link to one is followed) owned by this user
 * that nobody else can write, because we load code from it (matters in a shared /tmp).
 */
function assertPrivateFolder(dir: string): void {
  const stat = fs.statSync(dir);
  if (!stat.isDirectory()) throw new Error(`${dir} is not a folder`);
  const uid = process.getuid?.();
  if (uid !== undefined && stat.uid !== uid) throw new Error(`${dir} belongs to another user`);
  if ((stat.mode & 0o022) !== 0) throw new Error(`${dir} can be written by other users`);
}

/**
 * Makes sure the manifest's files exist under `<base>/<extractionDirName>` and returns that folder.
 * `readAsset(key)` returns the bytes of a SEA asset.
 */
export function extractInto(base: string, manifest: NativeManifest, readAsset: (key: string) => Uint8Array): string {
  fs.mkdirSync(base, { recursive: true, mode: 0o700 });
  assertPrivateFolder(base);
  const target = path.join(base, extractionDirName(manifest));
  if (isCompleteExtraction(target, manifest)) return target;

  const temp = path.join(base, `.${extractionDirName(manifest)}.${process.pid}.${randomBytes(4).toString('hex')}`);
  try {
    for (const file of manifest.files) {
      const destination = path.join(temp, 'node_modules', ...file.path.split('/'));
      fs.mkdirSync(path.dirname(destination), { recursive: true, mode: 0o700 });
      fs.writeFileSync(destination, readAsset(NATIVE_ASSET_PREFIX + file.path), { mode: 0o755 });
    }
    // A leftover incomplete target (from an older, non-atomic copy or a manual edit) is moved away.
    if (fs.existsSync(target)) fs.renameSync(target, `${temp}.stale`);
    try {
      fs.renameSync(temp, target);
    } catch (error) {
      // Another process won the race: its copy is as good as ours.
      if (!isCompleteExtraction(target, manifest)) throw error;
    }
  } finally {
    fs.rmSync(temp, { recursive: true, force: true });
    fs.rmSync(`${temp}.stale`, { recursive: true, force: true });
  }
  return target;
}

let extracted: string | undefined;
const EXTRACTED_KEY = Symbol.for('jornada.nativeRoot');

/** The SEA's addon manifest and asset reader (only valid inside the binary). */
function seaSource(): { manifest: NativeManifest; readAsset: (key: string) => Uint8Array } {
  // `node:sea` exists only in Node builds with SEA support; required lazily so tests can import this file.
  const sea = process.getBuiltinModule('node:sea');
  if (!sea.isSea()) throw new Error('native addons are embedded only in the single binary');
  const readAsset = (key: string) => new Uint8Array(sea.getRawAsset(key));
  const manifest = JSON.parse(new TextDecoder().decode(readAsset(NATIVE_MANIFEST_ASSET))) as NativeManifest;
  return { manifest, readAsset };
}

/** Extracts (once per process, reusing the cache across runs) and returns `<cache>/<hash>`. */
export function nativeRoot(): string {
  // Kept on globalThis too: the built server holds a second copy of this module (its health
  // check looks up better-sqlite3 here), which must not choose (and warn) again.
  const shared = globalThis as { [EXTRACTED_KEY]?: string };
  extracted ??= shared[EXTRACTED_KEY];
  if (extracted) return extracted;
  const { manifest, readAsset } = seaSource();
  const candidates = cacheDirCandidates(process.env, os.homedir(), os.tmpdir(), process.getuid?.() ?? 0);
  extracted = extractToFirstUsable(candidates, readMountinfo(), manifest, readAsset);
  shared[EXTRACTED_KEY] = extracted;
  return extracted;
}

/**
 * Extracts into the first candidate that works and returns `<candidate>/<extractionDirName>`. A
 * candidate on a noexec mount (per `mountinfo`) is skipped with a warning naming the next one and
 * JORNADA_CACHE_DIR; one that cannot be written is skipped too. Throws one line naming every
 * candidate's problem and JORNADA_CACHE_DIR when none works.
 */
export function extractToFirstUsable(
  candidates: string[],
  mountinfo: string,
  manifest: NativeManifest,
  readAsset: (key: string) => Uint8Array,
  warn: (msg: string, fields: Record<string, unknown>) => void = logWarning,
): string {
  const errors: string[] = [];
  for (const [i, base] of candidates.entries()) {
    const noexec = noexecMountPoint(realPathOf(base), mountinfo);
    if (noexec !== undefined) {
      errors.push(`${base} is on a noexec mount (${noexec})`);
      if (i < candidates.length - 1) {
        warn(`Native library cache ${base} is on a noexec mount (${noexec}), libraries cannot be loaded from it; ` + `using the next candidate. Set JORNADA_CACHE_DIR to a folder on a mount without noexec.`, {
          cacheDir: base,
          mountPoint: noexec,
          next: candidates[i + 1],
        });
      }
      continue;
    }
    try {
      return extractInto(base, manifest, readAsset);
    } catch (error) {
      errors.push(`${base}: ${(error as Error).message}`);
    }
  }
  throw new Error(`No usable cache folder for the native libraries (${errors.join('; ')}); ` + 'set JORNADA_CACHE_DIR to a folder this user can write on a mount without noexec.');
}

// The bundle (scripts/binary/bundle.mjs) rewrites `__dirname` and `import.meta.url` in the
// native packages' loaders to call the two functions below, so each package's own lookup of its
// addon lands in the extracted files.

/** Absolute path of `rel` inside the extracted copy of package `name` (stands in for `__dirname`). */
export function packagePath(name: string, rel = ''): string {
  return path.join(nativeRoot(), 'node_modules', ...name.split('/'), ...rel.split('/').filter(Boolean));
}

/** File URL of `rel` inside the extracted copy of package `name` (stands in for `import.meta.url`). */
export function packageUrl(name: string, rel: string): string {
  return pathToFileURL(packagePath(name, rel)).href;
}

// Build targets of the single binary (decision 038): which machine a binary is for, and which npm
// packages a target needs that this machine's node_modules may lack. Pure functions only; the
// downloading is in scripts/binary/target-packages.mjs.
import { createHash } from 'node:crypto';

/** The targets `npm run build:binary -- --target <target>` accepts: glibc Linux, 64-bit. */
export const TARGETS = ['linux-x64', 'linux-arm64'];

/** The target of this machine (`linux-x64`, `linux-arm64`), or null when there is none. */
export function hostTarget(platform = process.platform, arch = process.arch) {
  const target = `${platform}-${arch}`;
  return TARGETS.includes(target) ? target : null;
}

/**
 * The target named by build-binary's arguments (`--target linux-arm64` or `--target=linux-arm64`),
 * else `host`. Throws a one-line message for an unknown target or argument.
 */
export function parseTargetArgs(args, host) {
  let target = host;
  for (let i = 0; i < args.length; i++) {
    const arg = args[i];
    let value;
    if (arg === '--target') value = args[++i];
    else if (arg.startsWith('--target=')) value = arg.slice('--target='.length);
    else throw new Error(`unknown argument ${arg} (usage: npm run build:binary -- [--target ${TARGETS.join('|')}])`);
    if (!value) throw new Error(`--target needs a value: ${TARGETS.join(' or ')}`);
    if (!TARGETS.includes(value)) throw new Error(`unknown target ${value}: use ${TARGETS.join(' or ')}`);
    target = value;
  }
  if (!target) throw new Error(`this machine (${process.platform}-${process.arch}) is no target: pass --target ${TARGETS.join('|')}`);
  return target;
}

/** `linux-arm64` -> `arm64` (Node's process.arch for the target). */
export function targetArch(target) {
  return target.slice('linux-'.length);
}

/**
 * The npm packages a build for `target` fetches when it is not this machine's: the official Node
 * build of the project's pinned version (`node-linux-<arch>`, what the `node` package installs on
 * such a machine) and sharp's addon and libvips. better-sqlite3 and argon2 need nothing: their
 * packages carry the prebuilds of every target. Versions and integrity come from package-lock.json
 * (`lock`); the Node package is not in the lock file (the `node` package installs it with
 * --no-save), so its integrity is the registry's, which `npm pack` checks.
 */
export function targetPackages(target, { lock, nodeVersion }) {
  const arch = targetArch(target);
  const locked = (name) => {
    const entry = lock.packages?.[`node_modules/${name}`];
    if (!entry?.version || !entry.integrity) throw new Error(`package-lock.json has no ${name} with an integrity (npm install on a machine with the lock file's npm)`);
    return { name, version: entry.version, integrity: entry.integrity };
  };
  const nodeEntry = lock.packages?.[`node_modules/node-linux-${arch}`];
  return [
    { name: `node-linux-${arch}`, version: nodeVersion, integrity: nodeEntry?.version === nodeVersion ? (nodeEntry.integrity ?? null) : null },
    locked(`@img/sharp-linux-${arch}`),
    locked(`@img/sharp-libvips-linux-${arch}`),
  ];
}

/** The file name `npm pack` gives a package's tarball (`@img/sharp-x` -> `img-sharp-x-1.0.0.tgz`). */
export function tarballName(name, version) {
  return `${name.replace(/^@/, '').replace('/', '-')}-${version}.tgz`;
}

/**
 * True when `bytes` match the Subresource Integrity string `integrity` (npm's `sha512-<base64>`,
 * possibly several space-separated hashes: one matching hash of the strongest algorithm suffices).
 */
export function matchesIntegrity(bytes, integrity) {
  const order = ['sha512', 'sha384', 'sha256', 'sha1'];
  const hashes = String(integrity)
    .trim()
    .split(/\s+/)
    .map((entry) => entry.match(/^(sha512|sha384|sha256|sha1)-([A-Za-z0-9+/=]+)(\?.*)?$/))
    .filter(Boolean)
    .map(([, algorithm, digest]) => ({ algorithm, digest }));
  if (hashes.length === 0) return false;
  const best = hashes.map((h) => h.algorithm).sort((a, b) => order.indexOf(a) - order.indexOf(b))[0];
  const actual = createHash(best).update(bytes).digest('base64');
  return hashes.some((h) => h.algorithm === best && h.digest === actual);
}

/** ELF machine numbers of the targets (e_machine, ELF header offset 18). */
const ELF_MACHINES = { x64: 0x3e, arm64: 0xb7 };

/**
 * The Node arch (`x64`, `arm64`) of a 64-bit little-endian ELF executable's first bytes, or null
 * when it is not one of the targets' (a wrong download, a truncated file).
 */
export function elfArch(header) {
  if (header.length < 20 || header[0] !== 0x7f || header[1] !== 0x45 || header[2] !== 0x4c || header[3] !== 0x46) return null;
  if (header[4] !== 2 || header[5] !== 1) return null; // ELFCLASS64, little-endian
  const machine = header[18] | (header[19] << 8);
  return Object.entries(ELF_MACHINES).find(([, value]) => value === machine)?.[0] ?? null;
}

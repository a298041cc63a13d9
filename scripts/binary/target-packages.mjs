// The packages a cross build needs (scripts/binary/targets.mjs, targetPackages) fetched from the
// npm registry with `npm pack`, checked against package-lock.json's integrity and unpacked into
// node_modules/.cache/jornada-targets/<target>/node_modules, once: a later build reuses them.
import { spawnSync } from 'node:child_process';
import { existsSync, mkdirSync, mkdtempSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { matchesIntegrity, tarballName, targetPackages } from './targets.mjs';

/** Written into each unpacked package: what it is, so a changed lock file fetches it again. */
const MARKER = '.jornada-target.json';

/** Files of the Node package a build uses (the rest is headers and docs, 130 MB unpacked). */
const NODE_MEMBERS = ['package/package.json', 'package/LICENSE', 'package/bin/node'];

/** `npm pack NAME@VERSION` into `dir`; returns npm's report (name, integrity, filename). */
function npmPack(name, version, dir) {
  // Under `npm run`, npm_execpath is the npm that runs us; otherwise the one on PATH.
  const npmCli = process.env.npm_execpath;
  const [command, prefix] = npmCli && npmCli.endsWith('.js') ? [process.execPath, [npmCli]] : ['npm', []];
  const result = spawnSync(command, [...prefix, 'pack', `${name}@${version}`, '--json', '--pack-destination', dir], {
    cwd: dir,
    encoding: 'utf8',
    timeout: 10 * 60_000,
    env: { ...process.env, npm_config_ignore_scripts: 'true', npm_config_fund: 'false', npm_config_audit: 'false' },
  });
  if (result.status !== 0) {
    const reason = (result.stderr || result.error?.message || '')
      .split('\n')
      .filter((l) => /error/i.test(l))
      .slice(0, 3)
      .join(' ');
    throw new Error(`npm pack ${name}@${version} failed (exit ${result.status}): ${reason || 'no message'}`);
  }
  const report = JSON.parse(result.stdout)[0];
  return { ...report, file: path.join(dir, report.filename ?? tarballName(name, version)) };
}

/**
 * Checks the tarball `file` against `pkg.integrity` (when the lock file has one) and unpacks it
 * into `dest` (replacing what is there) through the scratch folder `work`, with a marker naming
 * it. Throws, leaving `dest` untouched, when the bytes do not match.
 */
export function unpackTarball({ file, pkg, dest, work, registryIntegrity }) {
  if (pkg.integrity !== null && !matchesIntegrity(readFileSync(file), pkg.integrity)) {
    throw new Error(`${pkg.name}@${pkg.version}: the tarball does not match package-lock.json's integrity`);
  }
  const members = pkg.name.startsWith('node-linux-') ? NODE_MEMBERS : [];
  const tar = spawnSync('tar', ['-xzf', file, '-C', work, '--no-same-owner', ...members], { encoding: 'utf8' });
  if (tar.status !== 0) throw new Error(`unpacking ${path.basename(file)} failed: ${tar.stderr || tar.error?.message}`);
  writeFileSync(path.join(work, 'package', MARKER), JSON.stringify({ name: pkg.name, version: pkg.version, integrity: pkg.integrity ?? registryIntegrity }));
  rmSync(dest, { recursive: true, force: true });
  mkdirSync(path.dirname(dest), { recursive: true });
  renameSync(path.join(work, 'package'), dest);
}

/**
 * True when `dest` holds `pkg` as unpacked by unpackTarball: its marker names the same version
 * (and integrity, when the lock file has one) and the files a build reads are there.
 */
export function isUnpacked(dest, pkg) {
  let marker;
  try {
    marker = JSON.parse(readFileSync(path.join(dest, MARKER), 'utf8'));
  } catch {
    return false;
  }
  if (marker.name !== pkg.name || marker.version !== pkg.version) return false;
  if (pkg.integrity !== null && marker.integrity !== pkg.integrity) return false;
  const needed = pkg.name.startsWith('node-linux-') ? ['bin/node'] : ['package.json'];
  return needed.every((rel) => existsSync(path.join(dest, rel)));
}

/**
 * Makes sure every package of `target` is unpacked under `<cacheDir>/node_modules/<name>` and
 * returns `{ nodeModules, nodeBinary, fetched }` (`fetched`: the names downloaded this time).
 */
export function prepareTargetPackages(target, { root, cacheDir, log = console.log }) {
  const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8'));
  const nodeVersion = JSON.parse(readFileSync(path.join(root, 'node_modules', 'node', 'package.json'), 'utf8')).version;
  const nodeModules = path.join(cacheDir, 'node_modules');
  const fetched = [];
  for (const pkg of targetPackages(target, { lock, nodeVersion })) {
    const dest = path.join(nodeModules, ...pkg.name.split('/'));
    if (isUnpacked(dest, pkg)) continue;

    mkdirSync(cacheDir, { recursive: true });
    const work = mkdtempSync(path.join(cacheDir, '.fetch-'));
    try {
      log(`Fetching ${pkg.name}@${pkg.version} for ${target} from the npm registry…`);
      const report = npmPack(pkg.name, pkg.version, work);
      unpackTarball({ file: report.file, pkg, dest, work, registryIntegrity: report.integrity });
      fetched.push(pkg.name);
    } finally {
      rmSync(work, { recursive: true, force: true });
    }
  }
  const arch = target.slice('linux-'.length);
  const nodeBinary = path.join(nodeModules, `node-linux-${arch}`, 'bin', 'node');
  if (!existsSync(nodeBinary)) throw new Error(`node-linux-${arch} has no bin/node`);
  return { nodeModules, nodeBinary, fetched };
}

// `npm run build:binary [-- --target linux-x64|linux-arm64]`: the self-hosted single binary,
// <distDir>/bin/jornada-<target> (default target: this machine). Builds the app when stale
// (scripts/build.mjs; the built server is platform-independent JavaScript), bundles it
// (scripts/binary/bundle.mjs), embeds the client files, the target's native addons and the
// packages' data files (the PDF's fonts; scripts/binary/assets.mjs) in a Node SEA blob, and injects
// that into a copy of the pinned Node 24 binary of the target with postject. For another target
// than this machine's (decision 038) the target's Node and sharp packages are fetched from the npm
// registry (scripts/binary/target-packages.mjs) and the blob carries no V8 code cache (it is
// specific to the machine that makes it).
import { spawnSync } from 'node:child_process';
import { chmodSync, closeSync, copyFileSync, mkdirSync, openSync, readFileSync, readSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, distDir, root } from './build.mjs';
import { clientAssets, nativeAssets, packageAssets } from './binary/assets.mjs';
import { bundle } from './binary/bundle.mjs';
import { prepareTargetPackages } from './binary/target-packages.mjs';
import { elfArch, hostTarget, parseTargetArgs, targetArch } from './binary/targets.mjs';

/** postject's default sentinel: the fuse compiled into official Node builds. */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  // postject warns about ELF note names on every official build ("Can't find string offset"): noise.
  const stderr = (result.stderr ?? '')
    .split('\n')
    .filter((l) => l && !l.includes("Can't find string offset"))
    .join('\n');
  if (stderr) process.stderr.write(stderr + '\n');
  if (result.status !== 0) throw new Error(`${path.basename(args[0] ?? command)} failed (exit ${result.status})`);
}

/** The first bytes of a file (an ELF header is 64). */
function fileHeader(file, length = 64) {
  const fd = openSync(file, 'r');
  try {
    const buffer = Buffer.alloc(length);
    return buffer.subarray(0, readSync(fd, buffer, 0, length, 0));
  } finally {
    closeSync(fd);
  }
}

/**
 * The Node executable and node_modules folders a build for `target` takes its pieces from: this
 * machine's own for its own target, the fetched packages (then this machine's node_modules for
 * better-sqlite3 and argon2) for another.
 */
function targetSources(target) {
  // The Node that runs the build (the pinned node@24: npm run puts node_modules/.bin first on PATH).
  if (target === hostTarget()) return { nodeBinary: process.execPath, nodeModulesDirs: [path.join(root, 'node_modules')], cross: false };
  // It writes the blob, which only a Node of its own version can read: the target's must match.
  const pinned = JSON.parse(readFileSync(path.join(root, 'node_modules', 'node', 'package.json'), 'utf8')).version;
  if (process.version !== `v${pinned}`) throw new Error(`a cross build runs on the project's Node ${pinned} (npm run build:binary), not ${process.version}`);
  const cacheDir = path.join(root, 'node_modules', '.cache', 'jornada-targets', target);
  const { nodeModules, nodeBinary } = prepareTargetPackages(target, { root, cacheDir });
  return { nodeBinary, nodeModulesDirs: [nodeModules, path.join(root, 'node_modules')], cross: true };
}

export async function buildBinary(target = parseTargetArgs([], hostTarget())) {
  if (process.platform !== 'linux') throw new Error('the single binary is built on Linux, for Linux');
  const started = performance.now();
  const arch = targetArch(target);
  const sources = targetSources(target);
  if (elfArch(fileHeader(sources.nodeBinary)) !== arch) throw new Error(`${sources.nodeBinary} is not a linux-${arch} executable`);
  build();
  const binDir = path.join(distDir, 'bin');
  const work = path.join(binDir, `.work-${target}`);
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const output = path.join(binDir, `jornada-${target}`);

  const main = path.join(work, 'main.cjs');
  await bundle({ root, distDir, outfile: main });
  const client = clientAssets(path.join(distDir, 'client'), work);
  const native = nativeAssets(sources.nodeModulesDirs, arch, work);
  const packageFiles = packageAssets(path.join(root, 'node_modules'));

  const blob = path.join(work, 'sea.blob');
  const config = path.join(work, 'sea-config.json');
  writeFileSync(
    config,
    JSON.stringify(
      {
        main,
        output: blob,
        disableExperimentalSEAWarning: true,
        // V8 code cache of the main script: a faster start. It rules out import() in the main script,
        // which the bundle does not use (esbuild turns the lazy page imports into plain functions).
        // The cache is V8's for this machine's CPU: a cross build leaves it out (Node's SEA docs).
        useCodeCache: !sources.cross,
        assets: { ...client.assets, ...native.assets, ...packageFiles.assets },
      },
      null,
      2,
    ),
  );
  run(process.execPath, ['--experimental-sea-config', config]);

  // The blob must go into the same Node version that made it: the pinned node@24, this machine's
  // own or the target's official build of the same version.
  const temp = `${output}.tmp`;
  copyFileSync(sources.nodeBinary, temp);
  chmodSync(temp, 0o755);
  run(process.execPath, [path.join(root, 'node_modules', 'postject', 'dist', 'cli.js'), temp, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE]);
  rmSync(output, { force: true });
  copyFileSync(temp, output);
  chmodSync(output, 0o755);
  rmSync(temp, { force: true });
  rmSync(work, { recursive: true, force: true });
  if (elfArch(fileHeader(output)) !== arch) throw new Error(`${output} is not a linux-${arch} executable after injection`);

  const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
  console.log(
    `Built ${path.relative(root, output)}: ${mb(statSync(output).size)} ` +
      `(${client.count} client files, ${native.files.length} native files, ${packageFiles.count} package files, ${((performance.now() - started) / 1000).toFixed(1)} s)`,
  );
  return output;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildBinary(parseTargetArgs(process.argv.slice(2), hostTarget()));
  } catch (error) {
    console.error(`build:binary: ${error.message}`);
    process.exit(1);
  }
}

// `npm run build:binary`: the self-hosted single binary, <distDir>/bin/jornada-linux-<arch>.
// Builds the app when stale (scripts/build.mjs), bundles it (scripts/binary/bundle.mjs), embeds
// the client files, this platform's native addons and the packages' data files (the PDF's fonts;
// scripts/binary/assets.mjs) in a Node SEA blob, and injects that into a copy of the pinned Node
// 24 binary with postject. Run it on the machine type you ship to: on a 64-bit Raspberry Pi it
// makes jornada-linux-arm64.
import { spawnSync } from 'node:child_process';
import { chmodSync, copyFileSync, mkdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, distDir, root } from './build.mjs';
import { clientAssets, nativeAssets, packageAssets } from './binary/assets.mjs';
import { bundle } from './binary/bundle.mjs';

/** postject's default sentinel: the fuse compiled into official Node builds. */
const SEA_FUSE = 'NODE_SEA_FUSE_fce680ab2cc467b6e072b8b5df1996b2';

function run(command, args) {
  const result = spawnSync(command, args, { cwd: root, stdio: ['ignore', 'inherit', 'pipe'], encoding: 'utf8' });
  // postject warns about ELF note names on every official build ("Can't find string offset"): noise.
  const stderr = (result.stderr ?? '').split('\n').filter((l) => l && !l.includes("Can't find string offset")).join('\n');
  if (stderr) process.stderr.write(stderr + '\n');
  if (result.status !== 0) throw new Error(`${path.basename(args[0] ?? command)} failed (exit ${result.status})`);
}

export async function buildBinary() {
  if (process.platform !== 'linux') throw new Error('the single binary is built on Linux, for Linux');
  const started = performance.now();
  build();
  const arch = process.arch;
  const binDir = path.join(distDir, 'bin');
  const work = path.join(binDir, '.work');
  rmSync(work, { recursive: true, force: true });
  mkdirSync(work, { recursive: true });
  const output = path.join(binDir, `jornada-linux-${arch}`);

  const main = path.join(work, 'main.cjs');
  await bundle({ root, distDir, outfile: main });
  const client = clientAssets(path.join(distDir, 'client'), work);
  const native = nativeAssets(path.join(root, 'node_modules'), arch, work);
  const packageFiles = packageAssets(path.join(root, 'node_modules'));

  const blob = path.join(work, 'sea.blob');
  const config = path.join(work, 'sea-config.json');
  writeFileSync(config, JSON.stringify({
    main,
    output: blob,
    disableExperimentalSEAWarning: true,
    // V8 code cache of the main script: a faster start. It rules out import() in the main script,
    // which the bundle does not use (esbuild turns the lazy page imports into plain functions).
    useCodeCache: true,
    assets: { ...client.assets, ...native.assets, ...packageFiles.assets },
  }, null, 2));
  run(process.execPath, ['--experimental-sea-config', config]);

  // The blob must go into the same Node version that made it: this one (the pinned node@24).
  const temp = `${output}.tmp`;
  copyFileSync(process.execPath, temp);
  chmodSync(temp, 0o755);
  run(process.execPath, [path.join(root, 'node_modules', 'postject', 'dist', 'cli.js'), temp, 'NODE_SEA_BLOB', blob, '--sentinel-fuse', SEA_FUSE]);
  rmSync(output, { force: true });
  copyFileSync(temp, output);
  chmodSync(output, 0o755);
  rmSync(temp, { force: true });
  rmSync(work, { recursive: true, force: true });

  const mb = (bytes) => `${(bytes / 1048576).toFixed(1)} MB`;
  console.log(`Built ${path.relative(root, output)}: ${mb(statSync(output).size)} ` +
    `(${client.count} client files, ${native.files.length} native files, ${packageFiles.count} package files, ${((performance.now() - started) / 1000).toFixed(1)} s)`);
  return output;
}

if (import.meta.url === `file://${process.argv[1]}`) {
  try {
    await buildBinary();
  } catch (error) {
    console.error(`build:binary: ${error.message}`);
    process.exit(1);
  }
}

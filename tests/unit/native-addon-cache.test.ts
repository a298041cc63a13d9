import fs, { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { extractionDirName, extractToFirstUsable, noexecMountPoint, packagePath, type NativeManifest } from '../../src/binary/native-addons.ts';

// Lines as /proc/self/mountinfo writes them (mount point = field 5, the mount's options = field 6).
const MOUNTINFO = [
  '22 1 8:1 / / rw,relatime shared:1 - ext4 /dev/sda1 rw',
  '23 22 0:21 / /tmp rw,nosuid,nodev,noexec,relatime shared:2 - tmpfs tmpfs rw',
  '24 22 8:2 / /home rw,nosuid,nodev,relatime shared:3 - ext4 /dev/sda2 rw',
  '25 23 0:40 / /tmp/exec\\040ok rw,relatime shared:4 - tmpfs tmpfs rw',
  '26 22 0:41 / /srv/cache rw,noexec - tmpfs tmpfs rw',
  '27 22 0:42 / /srv/cache rw - tmpfs tmpfs rw',
  '28 22 0:43 / /run/user/1000 rw,nosuid,nodev,noexec,relatime - tmpfs tmpfs rw,mode=700',
].join('\n');

describe('native-addon cache: noexec mounts', () => {
  it('names the noexec mount a folder lies on', () => {
    expect(noexecMountPoint('/tmp/jornada-1000', MOUNTINFO)).toBe('/tmp');
    expect(noexecMountPoint('/tmp', MOUNTINFO)).toBe('/tmp');
    expect(noexecMountPoint('/run/user/1000/jornada', MOUNTINFO)).toBe('/run/user/1000');
  });

  it('passes folders on mounts that allow executing', () => {
    expect(noexecMountPoint('/home/pi/.cache/jornada', MOUNTINFO)).toBeUndefined();
    expect(noexecMountPoint('/var/cache/jornada', MOUNTINFO)).toBeUndefined();
    // A prefix of the name is not the same folder.
    expect(noexecMountPoint('/tmpfoo/jornada', MOUNTINFO)).toBeUndefined();
  });

  it('takes the innermost mount (escaped names included) and, on one point, the last mounted', () => {
    expect(noexecMountPoint('/tmp/exec ok/jornada', MOUNTINFO)).toBeUndefined();
    expect(noexecMountPoint('/srv/cache/jornada', MOUNTINFO)).toBeUndefined();
    expect(noexecMountPoint('/srv/cache/jornada', `${MOUNTINFO}\n29 22 0:44 / /srv/cache rw,noexec - tmpfs tmpfs rw`)).toBe('/srv/cache');
  });

  it('treats no mount information (not Linux) as executable', () => {
    expect(noexecMountPoint('/tmp/jornada-1000', '')).toBeUndefined();
  });
});

describe('native-addon cache: choosing a folder', () => {
  const root = mkdtempSync(path.join(os.tmpdir(), 'jornada-cache-choice-'));
  afterAll(() => rmSync(root, { recursive: true, force: true }));
  const files: Record<string, string> = { 'pkg/addon.node': 'binary bytes' };
  const manifest: NativeManifest = { hash: 'f'.repeat(64), files: [{ path: 'pkg/addon.node', size: files['pkg/addon.node']!.length }] };
  const readAsset = (key: string) => new TextEncoder().encode(files[key.slice('native/'.length)]);
  const real = fs.realpathSync(root);
  const noexecAt = (dir: string) => `22 1 8:1 / / rw - ext4 /dev/sda1 rw\n30 22 0:50 / ${dir} rw,nosuid,noexec - tmpfs tmpfs rw`;

  it('skips a candidate on a noexec mount with a warning naming JORNADA_CACHE_DIR, and uses the next', () => {
    const blocked = path.join(root, 'blocked');
    const next = path.join(root, 'home-cache');
    const warnings: { msg: string; fields: Record<string, unknown> }[] = [];
    const used = extractToFirstUsable([path.join(blocked, 'jornada'), next], noexecAt(path.join(real, 'blocked')), manifest, readAsset, (msg, fields) => warnings.push({ msg, fields }));
    expect(used).toBe(path.join(next, extractionDirName(manifest)));
    expect(fs.readFileSync(path.join(used, 'node_modules', 'pkg', 'addon.node'), 'utf8')).toBe('binary bytes');
    expect(fs.existsSync(blocked)).toBe(false); // nothing written there
    expect(warnings).toHaveLength(1);
    expect(warnings[0]!.msg).toContain('noexec');
    expect(warnings[0]!.msg).toContain('JORNADA_CACHE_DIR');
    expect(warnings[0]!.fields).toMatchObject({ cacheDir: path.join(blocked, 'jornada'), next });
  });

  it('fails with one line naming JORNADA_CACHE_DIR when no candidate works', () => {
    const only = path.join(root, 'only');
    let message = '';
    try {
      extractToFirstUsable([only], noexecAt(path.join(real, 'only')), manifest, readAsset, () => {});
    } catch (error) {
      message = (error as Error).message;
    }
    expect(message).toContain(`${only} is on a noexec mount`);
    expect(message).toContain('set JORNADA_CACHE_DIR');
    expect(message).not.toContain('\n');
  });
});

describe('native-addon cache: one choice per process', () => {
  it('reuses the folder the launcher chose, also from the built server’s own copy of the module', () => {
    const key = Symbol.for('jornada.nativeRoot');
    const shared = globalThis as { [key]?: string };
    shared[key] = '/cache/native-abc';
    try {
      // Outside the binary a fresh choice would throw (no SEA assets): the shared one is used.
      expect(packagePath('better-sqlite3', 'lib/linux-x64.js')).toBe('/cache/native-abc/node_modules/better-sqlite3/lib/linux-x64.js');
    } finally {
      delete shared[key];
    }
  });
});

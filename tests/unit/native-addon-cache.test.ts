import { describe, expect, it } from 'vitest';
import { noexecMountPoint } from '../../src/binary/native-addons.ts';

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

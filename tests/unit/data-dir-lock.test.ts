import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, rmSync, statSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, dataDirLockHolder, DataDirLocked, releaseDataDirLock } from '../../src/server/db/data-dir-lock.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const dir = mkdtempSync(path.join(os.tmpdir(), 'jornada-lock-'));
const children: ChildProcess[] = [];
afterAll(() => {
  for (const child of children) child.kill('SIGKILL');
  releaseDataDirLock();
  rmSync(dir, { recursive: true, force: true });
});

/** Another process that takes the lock and keeps it until killed; resolves once it holds it. */
async function holderProcess(): Promise<ChildProcess> {
  const module = path.join(ROOT, 'src/server/db/data-dir-lock.ts');
  const child = spawn(
    process.execPath,
    ['--input-type=module', '-e', `const m = await import(${JSON.stringify(module)}); m.acquireDataDirLock(${JSON.stringify(dir)}); console.log('held'); setInterval(() => {}, 1000);`],
    { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] },
  );
  children.push(child);
  let output = '';
  await new Promise<void>((resolve, reject) => {
    child.stdout!.on('data', (d) => {
      output += d;
      if (output.includes('held')) resolve();
    });
    child.stderr!.on('data', (d) => (output += d));
    child.once('exit', (code) => reject(new Error(`holder exited ${code}: ${output}`)));
  });
  return child;
}

describe('the DATA_DIR lock', () => {
  it('refuses a second holder with one line naming DATA_DIR and the pid; SIGKILL frees it', async () => {
    const holder = await holderProcess();
    expect(dataDirLockHolder(dir)).toEqual({ pid: holder.pid });
    let refused: unknown;
    try {
      acquireDataDirLock(dir);
    } catch (error) {
      refused = error;
    }
    expect(refused).toBeInstanceOf(DataDirLocked);
    const message = (refused as Error).message;
    expect(message).toContain(`DATA_DIR ${dir}`);
    expect(message).toContain(`pid ${holder.pid}`);
    expect(message).not.toContain('\n');
    expect(statSync(path.join(dir, 'jornada.lock')).mode & 0o777).toBe(0o600);
    expect(existsSync(path.join(dir, 'jornada.lock-journal'))).toBe(false);

    // A crash leaves no stale lock: the kernel drops the holder's locks with the process.
    await new Promise((resolve) => {
      holder.once('exit', resolve);
      holder.kill('SIGKILL');
    });
    expect(dataDirLockHolder(dir)).toBeUndefined();
    acquireDataDirLock(dir);
    expect(dataDirLockHolder(dir)).toEqual({ pid: process.pid });
    releaseDataDirLock();
    expect(dataDirLockHolder(dir)).toBeUndefined();
  }, 60_000); // spawns processes: slow on a busy machine

  it('says to delete a damaged lock file, in one line', () => {
    const damaged = mkdtempSync(path.join(os.tmpdir(), 'jornada-lock-damaged-'));
    try {
      writeFileSync(path.join(damaged, 'jornada.lock'), 'not an SQLite file at all, but long enough to have a header: '.repeat(100));
      expect(() => acquireDataDirLock(damaged)).toThrow(/^The lock file .*jornada\.lock is damaged \(.*\); if no Jornada server runs on this DATA_DIR, delete it\.$/);
    } finally {
      rmSync(damaged, { recursive: true, force: true });
    }
  });
});

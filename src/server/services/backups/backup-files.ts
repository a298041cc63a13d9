import { closeSync, fsyncSync, mkdirSync, openSync, readdirSync, rmSync, statSync } from 'node:fs';
import { open } from 'node:fs/promises';
import path from 'node:path';
import { expiredBackups, sortBackups } from '#domain/backups/backup-rules.ts';
import { dataDir } from '../../config/data-dir.ts';
import { nowMs } from '../../clock/now.ts';

/** `DATA_DIR/backups` (0700), created on demand. */
export function backupsDir(): string {
  const dir = path.join(dataDir(), 'backups');
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

/** A temporary file of a backup being written: never a backup name, so never taken for one. */
export const BACKUP_TEMP_RE = /^\.jornada-.*\.tmp(-wal|-shm|-journal)?$/;
const STALE_TEMP_MS = 86_400_000;

/** Backup files in the folder, newest first, with their sizes. */
export function listBackups(): { name: string; bytes: number }[] {
  const dir = backupsDir();
  return sortBackups(readdirSync(dir)).map((name) => ({ name, bytes: statSync(path.join(dir, name)).size }));
}

/**
 * Keeps the newest `keep` backup files and deletes older ones; also deletes temporary files of
 * backups interrupted more than a day ago. Any other file in the folder is left alone.
 */
export function applyRetention(keep: number, now = nowMs()): string[] {
  const dir = backupsDir();
  const names = readdirSync(dir);
  const removed = expiredBackups(names, keep);
  for (const name of removed) rmSync(path.join(dir, name), { force: true });
  for (const name of names.filter((n) => BACKUP_TEMP_RE.test(n))) {
    const file = path.join(dir, name);
    if (now - statSync(file).mtimeMs > STALE_TEMP_MS) rmSync(file, { force: true });
  }
  return removed;
}

/** Flushes a file (or a folder's entries) to disk. */
export function fsyncPath(file: string): void {
  const fd = openSync(file, 'r');
  try {
    fsyncSync(fd);
  } finally {
    closeSync(fd);
  }
}

/** `fsyncPath` on the thread pool: the server keeps answering while a large copy reaches the disk. */
export async function fsyncPathAsync(file: string): Promise<void> {
  const handle = await open(file, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

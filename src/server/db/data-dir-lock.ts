import { closeSync, openSync, readSync } from 'node:fs';
import path from 'node:path';
import SQLite from 'better-sqlite3';
import { ConfigurationError } from '../config/configuration-error.ts';
import { dataDir } from '../config/data-dir.ts';
import { makeDatabaseFilePrivate } from './connection.ts';

/**
 * One server per DATA_DIR (decision 040). The lock is `DATA_DIR/jornada.lock`, a small SQLite file
 * held in `locking_mode=EXCLUSIVE` after a write transaction: SQLite then keeps its POSIX write
 * lock on the file until the connection closes — and the kernel drops it when the process dies,
 * SIGKILL included, so a crash never leaves a stale lock (a pid file would). The holder's pid is
 * written as the file's `user_version` (4 bytes at offset 60 of the header), which another process
 * reads with a plain file read, since SQLite's locks are advisory byte ranges that do not stop
 * reading. Node has no flock; SQLite's locking is what the database itself relies on.
 */
export const LOCK_FILE = 'jornada.lock';

/** An operator's mistake: one log line without a stack (its name stays ConfigurationError). */
export class DataDirLocked extends ConfigurationError {
  readonly dir: string;
  readonly pid: number | undefined;
  constructor(dir: string, pid: number | undefined) {
    super(`Another Jornada server${pid ? ` (pid ${pid})` : ''} is using DATA_DIR ${dir} (it holds ${path.join(dir, LOCK_FILE)}); ` + 'stop it first, or give this one another DATA_DIR.');
    this.dir = dir;
    this.pid = pid;
  }
}

let held: { dir: string; lock: SQLite.Database } | undefined;

function isBusy(error: unknown): boolean {
  const code = (error as { code?: string }).code ?? '';
  return code.startsWith('SQLITE_BUSY') || code.startsWith('SQLITE_LOCKED');
}

function unusableLockFile(file: string, error: unknown): Error {
  const code = (error as { code?: string }).code ?? '';
  const reason = (error as Error).message;
  if (code.startsWith('SQLITE_CORRUPT') || code.startsWith('SQLITE_NOTADB')) {
    return new ConfigurationError(`The lock file ${file} is damaged (${reason}); if no Jornada server runs on this DATA_DIR, delete it.`);
  }
  return new ConfigurationError(`Cannot take the lock ${file} (${reason}); DATA_DIR must be a folder this user can write.`);
}

/** The pid recorded in a lock file (its user_version), read without SQLite; undefined when unknown. */
function recordedPid(file: string): number | undefined {
  try {
    const fd = openSync(file, 'r');
    try {
      const header = Buffer.alloc(4);
      if (readSync(fd, header, 0, 4, 60) !== 4) return undefined;
      const pid = header.readUInt32BE(0);
      return pid > 0 ? pid : undefined;
    } finally {
      closeSync(fd);
    }
  } catch {
    return undefined;
  }
}

/**
 * Tries to take the lock: the open connection holding it, or the pid of the holder (undefined when
 * it cannot be read) when another process has it.
 */
function tryLock(dir: string): { lock: SQLite.Database } | { holder: number | undefined } {
  const file = path.join(dir, LOCK_FILE);
  makeDatabaseFilePrivate(file);
  let lock: SQLite.Database;
  try {
    lock = new SQLite(file, { timeout: 0 });
  } catch (error) {
    throw unusableLockFile(file, error);
  }
  try {
    // No -journal file beside it (in exclusive mode SQLite would keep one for good). The only
    // write is the pid; a crash in the middle of it could at worst spoil the lock file, which
    // then gives a message saying to delete it.
    lock.pragma('journal_mode = MEMORY');
    lock.pragma('locking_mode = EXCLUSIVE');
    // The write transaction takes SQLite's EXCLUSIVE lock; in exclusive locking mode it is kept
    // after the commit, until the connection closes.
    lock.exec('BEGIN EXCLUSIVE');
    lock.pragma(`user_version = ${process.pid >>> 0}`);
    lock.exec('COMMIT');
    return { lock };
  } catch (error) {
    lock.close();
    if (!isBusy(error)) throw unusableLockFile(file, error);
    // Read only after closing: in this process no SQLite lock is left on the file for a plain
    // close() to drop (POSIX locks belong to the process, not to the descriptor).
    return { holder: recordedPid(file) };
  }
}

/**
 * Takes the DATA_DIR lock for this process (the server, before anything else in `boot()`), or
 * throws DataDirLocked with a one-line message naming DATA_DIR and the holder's pid. Held until
 * the process exits. Commands (backup, verify) do not take it.
 */
export function acquireDataDirLock(dir: string = dataDir()): void {
  if (held?.dir === dir) return;
  const result = tryLock(dir);
  if ('holder' in result) throw new DataDirLocked(dir, result.holder);
  held = { dir, lock: result.lock };
}

/**
 * Whether a server holds the DATA_DIR lock (for `restore`, which must not replace the database
 * under a running server): `{pid}` of the holder (pid undefined when unreadable), or undefined when
 * nobody holds it. In the process that holds it, answers with its own pid.
 */
export function dataDirLockHolder(dir: string = dataDir()): { pid: number | undefined } | undefined {
  if (held?.dir === dir) return { pid: process.pid };
  const result = tryLock(dir);
  if ('holder' in result) return { pid: result.holder };
  result.lock.close(); // free: let go at once
  return undefined;
}

/** Lets the lock go (tests; a server keeps it until it exits). */
export function releaseDataDirLock(): void {
  held?.lock.close();
  held = undefined;
}

import { randomBytes } from 'node:crypto';
import { chmodSync, closeSync, copyFileSync, existsSync, openSync, readSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { DEFAULT_BACKUP_KEEP } from '../../../domain/backups/backup-rules.ts';
import { nowIso } from '../../clock/now.ts';
import { dataDir } from '../../config/data-dir.ts';
import {
  appliedMigrationNames,
  integrityProblems,
  lockExclusively,
  markRestored,
  openDatabaseFile,
  storedSettingText,
  tableNames,
  useRollbackJournal,
  type DatabaseFile,
} from '../../db/database-file.ts';
import { migrations } from '../../db/migrations/index.ts';
import { fsyncPath } from './backup-files.ts';
import { createBackup, operatorMessage } from './create-backup.ts';

/** A restore that was refused or failed; `message` is for the operator, nothing was changed. */
export class RestoreRefused extends Error {
  override name = 'RestoreRefused';
}

const SQLITE_HEADER = Buffer.from('SQLite format 3\0', 'latin1');
/** Tables every Jornada database has had since its first migration. */
const JORNADA_TABLES = ['schema_migrations', 'companies', 'users', 'roles', 'settings', 'audit_log'];

function hasSqliteHeader(file: string): boolean {
  const fd = openSync(file, 'r');
  try {
    const head = Buffer.alloc(SQLITE_HEADER.length);
    return readSync(fd, head, 0, head.length, 0) === head.length && head.equals(SQLITE_HEADER);
  } finally {
    closeSync(fd);
  }
}

/**
 * Checks a copy of the file to restore: an SQLite database that passes `integrity_check`, made by
 * Jornada (its migration table and tables), with no migration this version does not know.
 * Returns the applied migrations. Also switches the copy to a rollback journal, so it is one
 * self-contained file when it takes the database's place.
 */
function inspectCandidate(staging: string, shown: string): string[] {
  const notJornada = () => new RestoreRefused(`${shown} is an SQLite database but not a Jornada database (no Jornada tables).`);
  let db: DatabaseFile;
  try {
    db = openDatabaseFile(staging);
  } catch (error) {
    throw new RestoreRefused(`${shown} cannot be opened as an SQLite database: ${operatorMessage(error)}`);
  }
  try {
    let problems: string[];
    try {
      problems = integrityProblems(db);
    } catch (error) {
      const code = (error as { code?: string }).code;
      if (code === 'SQLITE_NOTADB') throw new RestoreRefused(`${shown} is not an SQLite database.`);
      throw new RestoreRefused(`${shown} fails the integrity check: ${operatorMessage(error)}`);
    }
    if (problems.length > 0) throw new RestoreRefused(`${shown} fails the integrity check (${problems.slice(0, 3).join('; ')}).`);
    const tables = tableNames(db);
    if (!JORNADA_TABLES.every((t) => tables.has(t))) throw notJornada();
    const applied = appliedMigrationNames(db);
    if (!applied.includes(migrations[0]![0])) throw notJornada();
    const known = new Set(migrations.map(([name]) => name));
    const unknown = applied.filter((name) => !known.has(name));
    if (unknown.length > 0) {
      throw new RestoreRefused(
        `${shown} was made by a newer version of Jornada (migrations this version does not know: ${unknown.join(', ')}). Upgrade Jornada first, then restore.`,
      );
    }
    useRollbackJournal(db);
    return applied;
  } finally {
    db.close();
  }
}

/** The backup count setting stored in a database (its default when absent or unreadable). */
export function storedBackupKeep(db: DatabaseFile): number {
  try {
    const text = storedSettingText(db, 'backupKeep');
    const value = text !== undefined ? Number(JSON.parse(text)) : Number.NaN;
    return Number.isInteger(value) && value > 0 ? value : DEFAULT_BACKUP_KEEP;
  } catch {
    return DEFAULT_BACKUP_KEEP;
  }
}

/**
 * Takes the lock on the current database that only an unused database grants (a running server
 * holds the WAL index open, so SQLite answers "busy"), makes a verified safety backup of it, and
 * closes it (which moves its WAL into the file and removes the WAL). Returns the safety backup, or
 * a line explaining why there is none. Throws RestoreRefused when the database is in use.
 */
async function secureCurrentDatabase(target: string): Promise<string> {
  if (!existsSync(target)) return 'There was no database yet: no safety backup needed.';
  let db: DatabaseFile | undefined;
  try {
    db = openDatabaseFile(target, { busyTimeoutMs: 250 });
    lockExclusively(db);
  } catch (error) {
    db?.close();
    if ((error as { code?: string }).code === 'SQLITE_BUSY') {
      throw new RestoreRefused(
        `The database ${target} is in use: is the Jornada server running? Stop the service first (for example "sudo systemctl stop jornada"), then run restore again.`,
      );
    }
    return copyDamaged(target, error);
  }
  try {
    const backup = await createBackup(db, { keep: storedBackupKeep(db), trigger: 'restore' });
    return `Safety backup of the current database: ${backup.file}`;
  } catch (error) {
    db.close();
    db = undefined;
    return copyDamaged(target, error);
  } finally {
    db?.close();
  }
}

/** The current database cannot be backed up (damaged): its files are copied as they are, under a name retention never deletes. */
function copyDamaged(target: string, error: unknown): string {
  const stamp = nowIso().replace(/[-:]/g, '').replace('T', '-').slice(0, 15);
  const dir = path.join(path.dirname(target), 'backups');
  const copy = path.join(dir, `damaged-${stamp}.db`);
  copyFileSync(target, copy);
  for (const suffix of ['-wal', '-journal']) {
    if (existsSync(target + suffix)) copyFileSync(target + suffix, copy + suffix);
  }
  return `The current database could not be backed up (${operatorMessage(error)}); its files were copied as they are to ${copy}`;
}

/**
 * `restore FILE` (offline: the server must be stopped). Refuses, changing nothing, a file that is
 * not an SQLite database, not a Jornada database, from a newer version, or failing the integrity
 * check. Otherwise: a safety backup of the current database, then the checked copy (its sessions
 * ended, so everyone signs in again) replaces
 * `DATA_DIR/jornada.db` by rename (after any -wal/-shm/-journal of the old file is gone, so no
 * old log is ever applied to the new file). Returns lines describing what was done.
 */
export async function restoreDatabase(source: string): Promise<string[]> {
  const shown = path.resolve(source);
  if (!existsSync(shown) || !statSync(shown).isFile()) throw new RestoreRefused(`${shown} does not exist or is not a file.`);
  if (!hasSqliteHeader(shown)) throw new RestoreRefused(`${shown} is not an SQLite database.`);
  const dir = dataDir();
  const target = path.join(dir, 'jornada.db');
  if (shown === target) throw new RestoreRefused(`${shown} is the current database itself; restore a backup file instead.`);

  const staging = path.join(dir, `.jornada.db.restore-${randomBytes(4).toString('hex')}.tmp`);
  const cleanup = () => {
    for (const suffix of ['', '-wal', '-shm', '-journal']) rmSync(staging + suffix, { force: true });
  };
  try {
    copyFileSync(shown, staging);
    chmodSync(staging, 0o600);
    const applied = inspectCandidate(staging, shown);
    const lines = [`Checked ${shown}: a Jornada database (${applied.length} migrations), integrity ok.`];
    lines.push(await secureCurrentDatabase(target));
    const note = openDatabaseFile(staging);
    try {
      // An audit entry, and no sessions: everyone signs in again (decision 023).
      markRestored(note, nowIso(), shown, path.basename(shown));
    } finally {
      note.close();
    }
    fsyncPath(staging);
    for (const suffix of ['-wal', '-shm', '-journal']) rmSync(target + suffix, { force: true });
    renameSync(staging, target);
    fsyncPath(dir);
    lines.push(`Restored ${shown} to ${target}.`);
    const pending = migrations.length - applied.length;
    if (pending > 0) lines.push(`It is from an older version: ${pending} migration(s) will be applied when the server starts.`);
    lines.push('Start the service again (for example "sudo systemctl start jornada").');
    return lines;
  } catch (error) {
    cleanup();
    if (error instanceof RestoreRefused) throw error;
    throw new RestoreRefused(`Restore failed, the current database was not replaced: ${operatorMessage(error)}`);
  }
}

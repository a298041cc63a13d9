import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, renameSync, rmSync, statSync } from 'node:fs';
import path from 'node:path';
import { backupFileName, type BackupKind } from '#domain/backups/backup-rules.ts';
import { nowMs } from '../../clock/now.ts';
import { integrityProblems, openDatabaseFile, useRollbackJournal, type DatabaseFile } from '../../db/database-file.ts';
import type pg from 'pg';
import { writePostgresCopy } from '../../db/postgres-backup-copy.ts';
import { addContentsToCopy } from './backup-contents.ts';
import { applyRetention, backupsDir, fsyncPathAsync } from './backup-files.ts';
import { updateBackupStatus, type BackupTrigger } from './backup-status.ts';

export interface BackupResult {
  /** Absolute path of the backup file. */
  file: string;
  name: string;
  bytes: number;
  at: string;
  /** Uploaded files inside it (config.json aside). */
  uploads: number;
  /** Older backup files deleted by retention. */
  removed: string[];
}

export interface BackupOptions {
  /** Backup files to keep (retention runs after a verified backup only). */
  keep: number;
  trigger: BackupTrigger;
  /**
   * Pages copied per step. The server copies in small steps between requests (its own writes
   * reach the copy as they happen); a separate process copies in one step, because another
   * process's write would restart a step-wise copy.
   */
  pagesPerStep?: number;
  /** `pre-migration` names the file `…-pre-migration.db` (kept apart by retention). */
  kind?: BackupKind;
}

/** One line for the operator: the error's message without its stack. */
export function operatorMessage(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return text.split('\n')[0]!.slice(0, 500) || 'unknown error';
}

/**
 * Checks a database file: `PRAGMA integrity_check` must answer "ok". Also switches the file to a
 * rollback journal so a backup is one self-contained file (no -wal beside it to lose).
 */
export function verifyDatabaseFile(file: string, options: { setRollbackJournal?: boolean } = {}): void {
  const db = openDatabaseFile(file);
  try {
    const problems = integrityProblems(db);
    if (problems.length > 0) throw new Error(`integrity check failed: ${problems.slice(0, 3).join('; ')}`);
    if (options.setRollbackJournal) useRollbackJournal(db);
  } finally {
    db.close();
  }
}

/**
 * Makes a complete backup, `DATA_DIR/backups/jornada-YYYYMMDD-HHMMSS.db` (decision 039): the open
 * database copied with SQLite's online backup (readers and writers carry on), then config.json and
 * the uploads added to the COPY in small batches (`addContentsToCopy`), all under a temporary name
 * (0600) until the file passes `integrity_check` and is flushed to disk; then applies retention and
 * records the result in the backup status. A failure is recorded too (and rethrown); no partial
 * file is left under a backup name.
 */
/**
 * What a backup copies: the open SQLite database (SQLite's online backup), or on PostgreSQL its
 * pool, copied table by table into a new SQLite file (decision 061, "Backups").
 */
export type BackupSource = DatabaseFile | { postgres: pg.Pool };

export async function createBackup(source: BackupSource, options: BackupOptions): Promise<BackupResult> {
  const startedAt = nowMs();
  const at = new Date(startedAt).toISOString();
  let temp: string | undefined;
  try {
    const dir = backupsDir();
    let n = 0;
    const kind = options.kind ?? 'regular';
    while (existsSync(path.join(dir, backupFileName(startedAt, n, kind)))) n++;
    const name = backupFileName(startedAt, n, kind);
    const file = path.join(dir, name);
    temp = path.join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`);
    const step = options.pagesPerStep ?? 0x7fffffff;
    if ('postgres' in source) await writePostgresCopy(source.postgres, temp);
    else await source.backup(temp, { progress: () => step });
    chmodSync(temp, 0o600);
    const contents = await addContentsToCopy(temp, at);
    verifyDatabaseFile(temp, { setRollbackJournal: true });
    await fsyncPathAsync(temp);
    renameSync(temp, file);
    temp = undefined;
    await fsyncPathAsync(dir);
    const bytes = statSync(file).size;
    const removed = applyRetention(options.keep, startedAt);
    updateBackupStatus({ lastSuccess: { at, file: name, bytes, trigger: options.trigger }, lastFailure: null });
    return { file, name, bytes, at, uploads: contents.uploads, removed };
  } catch (error) {
    if (temp) for (const f of [temp, `${temp}-wal`, `${temp}-shm`, `${temp}-journal`]) rmSync(f, { force: true });
    try {
      updateBackupStatus({ lastFailure: { at, message: operatorMessage(error), trigger: options.trigger } });
    } catch {
      // The status cannot be written either (disk full, permissions): the caller reports the error.
    }
    throw error;
  }
}

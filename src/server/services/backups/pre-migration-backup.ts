import type SQLite from 'better-sqlite3';
import { ConfigurationError } from '../../config/configuration-error.ts';
import { log } from '../../log.ts';
import { createBackup, operatorMessage } from './create-backup.ts';
import { storedBackupKeep } from './restore-database.ts';

/**
 * The complete backup taken before a start applies migrations to a database that has some already
 * (decision 039): `jornada-…-pre-migration.db`, kept apart by retention. When it fails nothing is
 * migrated and the start stops with one line saying why.
 */
export async function backupBeforeMigrating(sqlite: SQLite.Database, pending: string[]): Promise<void> {
  try {
    const result = await createBackup(sqlite, { keep: storedBackupKeep(sqlite), trigger: 'pre-migration', kind: 'pre-migration' });
    log.info({ file: result.file, bytes: result.bytes, uploads: result.uploads, pending }, 'Backup before migrating written');
  } catch (error) {
    throw new ConfigurationError(
      `The backup before applying ${pending.length} migration(s) failed (${operatorMessage(error)}); nothing was migrated. Fix the cause (disk space, permissions of DATA_DIR/backups) and start again.`,
    );
  }
}

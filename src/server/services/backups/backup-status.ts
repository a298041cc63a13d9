import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { dataDir } from '../../config/data-dir.ts';

/** How a backup was started. */
export type BackupTrigger = 'scheduled' | 'manual' | 'command' | 'restore' | 'pre-migration';

/**
 * The record of recent backups, kept in `DATA_DIR/backup-status.json` rather than in the database:
 * it describes files beside the database, so a restore must not roll it back, and a backup that
 * failed because the database could not be read must still be recorded.
 */
export interface BackupStatus {
  lastSuccess: { at: string; file: string; bytes: number; trigger: BackupTrigger } | null;
  /** The failure since the last success (a success clears it); `message` is for the operator (one line, no stack). */
  lastFailure: { at: string; message: string; trigger: BackupTrigger } | null;
  /** Instant of the last scheduled attempt (success or not); the schedule runs once per slot. */
  lastScheduledAt: string | null;
}

const EMPTY: BackupStatus = { lastSuccess: null, lastFailure: null, lastScheduledAt: null };

export function backupStatusFile(): string {
  return path.join(dataDir(), 'backup-status.json');
}

/** The recorded status; an absent or damaged file reads as "no backup yet". */
export function readBackupStatus(): BackupStatus {
  try {
    const parsed = JSON.parse(readFileSync(backupStatusFile(), 'utf8')) as Partial<BackupStatus>;
    return { ...EMPTY, ...parsed };
  } catch {
    return { ...EMPTY };
  }
}

/** Merges `change` into the status (written to a temporary file, then renamed). */
export function updateBackupStatus(change: Partial<BackupStatus>): BackupStatus {
  const next = { ...readBackupStatus(), ...change };
  const file = backupStatusFile();
  const temp = `${file}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(temp, JSON.stringify(next, null, 2) + '\n', { mode: 0o600 });
  renameSync(temp, file);
  return next;
}

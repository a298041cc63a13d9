import path from 'node:path';
import { nextSlot } from '#domain/backups/backup-rules.ts';
import type { BackupOverview } from '#domain/backups/backup-overview.ts';
import { nowMs } from '../../clock/now.ts';
import { dataDir } from '../../config/data-dir.ts';
import type { Db } from '../../db/connection.ts';
import { backupSource } from './backup-source.ts';
import { appendAudit } from '../../db/repositories/audit-log.ts';
import { AppError } from '../../http/app-error.ts';
import { getSettings } from '../get-settings.ts';
import { listBackups } from './backup-files.ts';
import { readBackupStatus } from './backup-status.ts';
import { instanceSecretsMismatch } from './check-instance-secrets.ts';
import { operatorMessage } from './create-backup.ts';
import { runBackupExclusive, SERVER_PAGES_PER_STEP } from './backup-schedule.ts';
import { notifyBackupFailed } from '../notifications/notify-backup-failed.ts';
import { nowIso } from '../../clock/now.ts';

/** Last backup, last failure since, next scheduled time and the files on disk. */
export async function backupOverview(db: Db): Promise<BackupOverview> {
  const settings = await getSettings(db);
  const status = readBackupStatus();
  let files: { bytes: number }[] = [];
  try {
    files = listBackups();
  } catch {
    // The folder cannot be read (the failure it causes is in the status): the page still shows.
  }
  return {
    lastSuccess: status.lastSuccess,
    lastFailure: status.lastFailure,
    nextAt: new Date(nextSlot(nowMs(), settings.backupTime, settings.timezone)).toISOString(),
    count: files.length,
    totalBytes: files.reduce((sum, f) => sum + f.bytes, 0),
    dir: path.join(dataDir(), 'backups'),
    secretsMismatch: await instanceSecretsMismatch(db),
  };
}

/**
 * "Back up now" (POST /api/backups): an online backup while the app keeps serving, with an
 * audit entry. A failure answers 500 with the reason for the operator (also kept in the status).
 */
export async function backupNow(db: Db, actorId: number): Promise<BackupOverview> {
  const settings = await getSettings(db);
  let name: string;
  let bytes: number;
  try {
    const result = await runBackupExclusive(await backupSource(), { keep: settings.backupKeep, trigger: 'manual', pagesPerStep: SERVER_PAGES_PER_STEP });
    ({ name, bytes } = result);
  } catch (error) {
    await notifyBackupFailed(db, { at: nowIso(), reason: operatorMessage(error), trigger: 'manual' });
    throw new AppError('backups.failed', 500, { reason: operatorMessage(error) });
  }
  await appendAudit(db, { userId: actorId, entity: 'backup', entityId: name, action: 'create', after: { file: name, bytes } });
  return backupOverview(db);
}

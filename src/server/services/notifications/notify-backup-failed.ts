import type { Db } from '../../db/connection.ts';
import { appUrl } from '../../mail/email-content.ts';
import { log } from '../../log.ts';
import { getSettings } from '../get-settings.ts';
import { adminRecipients } from './admin-recipients.ts';
import { notifyUsers } from './notify.ts';
import { backupFailedEmail } from './templates/backup-failed.ts';

/**
 * A backup failed (the daily schedule or "Back up now"): the administrators who manage backups
 * (setting.update) are told, once per failure (its instant is in the key). Never throws: a
 * database too broken to queue the message must not hide the backup's own failure, which is
 * already in the log and the backup status.
 */
export async function notifyBackupFailed(db: Db, failure: { at: string; reason: string; trigger: 'scheduled' | 'manual' }): Promise<void> {
  try {
    const { timezone, timeFormat } = await getSettings(db);
    const link = await appUrl('/setting#backups');
    for (const [companyId, userIds] of await adminRecipients(db, 'setting.update', null)) {
      await notifyUsers(db, {
        kind: 'backupFailed',
        companyId,
        userIds,
        dedupeKey: (userId) => `backupFailed:${failure.at}:${userId}`,
        content: (lang, t) => backupFailedEmail(lang, t, { ...failure, timeZone: timezone, timeFormat, link }),
      });
    }
  } catch (error) {
    log.error({ err: error }, 'The failed backup could not be queued for email');
  }
}

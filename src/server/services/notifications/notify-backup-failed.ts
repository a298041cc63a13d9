import type { Db } from '../../db/connection.ts';
import { companyNames } from '../../db/repositories/notification-preferences.ts';
import { log } from '../../log.ts';
import { getSettings } from '../get-settings.ts';
import { wakeOutbox } from '../../outbox/outbox-sender.ts';
import { adminsWith, notifyUsers } from './notify.ts';
import { backupFailedEmail } from './templates/backup-failed.ts';

/**
 * A backup failed (the daily schedule or "Back up now"): the administrators who manage backups
 * (setting.update) are told, once per failure and account (its instant is in the key). Backups
 * are instance-wide: each company's administrators under that company's switch; an administrator
 * of every company is told once, if any company has the kind on. Never throws: a database too
 * broken to queue the message must not hide the backup's own failure (log, status, answer).
 */
export async function notifyBackupFailed(db: Db, failure: { at: string; reason: string; trigger: 'scheduled' | 'manual' }): Promise<void> {
  try {
    const { timezone, timeFormat } = await getSettings(db);
    for (const { id: companyId } of await companyNames(db)) {
      await notifyUsers(db, {
        kind: 'backupFailed',
        companyId,
        userIds: await adminsWith(db, companyId, ['setting.update']),
        dedupeKey: (userId) => `backupFailed:${failure.at}:${userId}`,
        content: (lang, t, link) => backupFailedEmail(lang, t, { ...failure, timeZone: timezone, timeFormat, link: link('/setting#backups') }),
      });
    }
    wakeOutbox();
  } catch (error) {
    log.error({ err: error }, 'The failed backup could not be queued for email');
  }
}

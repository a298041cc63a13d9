import type { NotificationKind, NotificationSetting } from '#domain/notifications/notification-kinds.ts';
import type { Db } from '#server/db/connection.ts';
import { readNotificationSettings } from '#server/db/repositories/notification-settings.ts';

/**
 * A kind's switches per company (Settings › Notifications; a missing row = the kind's default),
 * read once per company and job run: the jobs skip a switched-off company before reading more.
 */
export async function kindSettings(db: Db, kind: NotificationKind, companyIds: Iterable<number>): Promise<(companyId: number) => NotificationSetting> {
  const byCompany = new Map<number, NotificationSetting>();
  for (const id of new Set(companyIds)) byCompany.set(id, (await readNotificationSettings(db, id))[kind]);
  return (companyId) => byCompany.get(companyId) ?? { enabled: false, toManagers: false, minutes: null };
}

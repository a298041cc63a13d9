import { DEFAULT_NOTIFICATION_SETTING, type NotificationKind } from '../../../../domain/notifications/notification-kinds.ts';
import type { Db } from '../../../db/connection.ts';

export interface KindSetting {
  enabled: boolean;
  toManagers: boolean;
  minutes: number | null;
}

/**
 * A kind's switches per company (Settings › Notifications; a missing row = the kind's default),
 * read once per job run: the jobs skip a switched-off company before reading anything else.
 */
export async function kindSettings(_db: Db, kind: NotificationKind): Promise<(companyId: number) => KindSetting> {
  // TODO(merge): read notification_settings through the lead's repository.
  return () => DEFAULT_NOTIFICATION_SETTING[kind];
}

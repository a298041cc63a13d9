import { AccountNotificationsInput, type AccountNotificationsDto } from '#domain/notifications/notification-preferences.ts';
import { nowIso } from '../../clock/now.ts';
import type { Db } from '../../db/connection.ts';
import { setUserLanguage } from '../../db/repositories/notification-preferences.ts';
import { writeMutes } from '../../db/repositories/notification-settings.ts';
import { parseInput } from '../../http/json.ts';
import { accountNotifications } from './account-notifications.ts';

/**
 * PUT /api/account/notifications (decision 055): the signed-in account's own choices, always its
 * own (the body names no account). Muting a kind that cannot be muted is a 422, nothing written.
 */
export async function saveAccountNotifications(db: Db, user: { id: number; email: string; accountType: 'SuperAdmin' | 'Admin' | 'Employee' }, input: unknown): Promise<AccountNotificationsDto> {
  const data = parseInput(AccountNotificationsInput, input);
  await db.transaction().execute(async (trx) => {
    await writeMutes(trx, user.id, [...new Set(data.muted)]);
    await setUserLanguage(trx, user.id, data.language, nowIso());
  });
  return accountNotifications(db, user);
}

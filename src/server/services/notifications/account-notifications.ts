import { MUTABLE_KINDS, type AccountNotificationsDto } from '../../../domain/notifications/notification-preferences.ts';
import type { Db } from '../../db/connection.ts';
import { mutedKindsOf, userLanguage } from '../../db/repositories/notification-preferences.ts';

/** GET /api/account/notifications: the signed-in account's own email language and mutes (decision 055). */
export async function accountNotifications(db: Db, user: { id: number; email: string }): Promise<AccountNotificationsDto> {
  const muted = new Set(await mutedKindsOf(db, user.id));
  return {
    language: await userLanguage(db, user.id),
    kinds: MUTABLE_KINDS.map((kind) => ({ kind, muted: muted.has(kind) })),
    email: user.email,
  };
}

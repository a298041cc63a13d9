import { mutableKindsFor, type AccountNotificationsDto } from '#domain/notifications/notification-preferences.ts';
import type { Db } from '../../db/connection.ts';
import { userLanguage } from '../../db/repositories/notification-preferences.ts';
import { readMutes } from '../../db/repositories/notification-settings.ts';
import { isLanguage } from '#i18n/languages.ts';

/** GET /api/account/notifications: the signed-in account's own email language and mutes (decision 055). */
export async function accountNotifications(db: Db, user: { id: number; email: string; accountType: 'SuperAdmin' | 'Admin' | 'Employee' }): Promise<AccountNotificationsDto> {
  const muted = (await readMutes(db, [user.id])).get(user.id) ?? new Set<string>();
  const language = await userLanguage(db, user.id);
  return {
    language: isLanguage(language) ? language : null,
    kinds: mutableKindsFor(user.accountType).map((kind) => ({ kind, muted: muted.has(kind) })),
    email: user.email,
  };
}

import type { Kysely } from 'kysely';
import { DEFAULT_NOTIFICATION_SETTING, isNotificationKind, NOTIFICATION_KINDS, type NotificationKind, type NotificationSetting } from '#domain/notifications/notification-kinds.ts';
import type { Database } from '../schema.ts';

/** A company's setting for every kind (defaults where it never chose). */
export async function readNotificationSettings(db: Kysely<Database>, companyId: number): Promise<Record<NotificationKind, NotificationSetting>> {
  const rows = await db.selectFrom('notificationSettings').select(['kind', 'enabled', 'toManagers', 'minutes']).where('companyId', '=', companyId).execute();
  const settings = Object.fromEntries(NOTIFICATION_KINDS.map((kind) => [kind, { ...DEFAULT_NOTIFICATION_SETTING[kind] }])) as Record<NotificationKind, NotificationSetting>;
  for (const row of rows) {
    if (!isNotificationKind(row.kind)) continue;
    settings[row.kind] = { enabled: row.enabled === 1, toManagers: row.toManagers === 1, minutes: row.minutes ?? DEFAULT_NOTIFICATION_SETTING[row.kind].minutes };
  }
  return settings;
}

export async function writeNotificationSetting(db: Kysely<Database>, companyId: number, kind: NotificationKind, setting: NotificationSetting, at: string): Promise<void> {
  const values = { enabled: setting.enabled ? 1 : 0, toManagers: setting.toManagers ? 1 : 0, minutes: setting.minutes, updatedAt: at };
  await db
    .insertInto('notificationSettings')
    .values({ companyId, kind, ...values })
    .onConflict((oc) => oc.columns(['companyId', 'kind']).doUpdateSet(values))
    .execute();
}

/** The kinds each of these users muted. */
export async function readMutes(db: Kysely<Database>, userIds: readonly number[]): Promise<Map<number, Set<string>>> {
  const mutes = new Map<number, Set<string>>();
  if (userIds.length === 0) return mutes;
  const rows = await db.selectFrom('notificationMutes').select(['userId', 'kind']).where('userId', 'in', userIds).execute();
  for (const row of rows) {
    const set = mutes.get(row.userId) ?? new Set<string>();
    set.add(row.kind);
    mutes.set(row.userId, set);
  }
  return mutes;
}

/** Replaces a user's mutes. */
export async function writeMutes(db: Kysely<Database>, userId: number, kinds: readonly NotificationKind[]): Promise<void> {
  await db.deleteFrom('notificationMutes').where('userId', '=', userId).execute();
  if (kinds.length > 0)
    await db
      .insertInto('notificationMutes')
      .values(kinds.map((kind) => ({ userId, kind })))
      .execute();
}

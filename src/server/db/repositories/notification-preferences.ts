import type { Db } from '../connection.ts';
import type { NotificationKind } from '../../../domain/notifications/notification-kinds.ts';
import type { Language } from '../../../i18n/languages.ts';

/**
 * The stored choices about notifications (decision 055): a company's row per kind
 * (`notification_settings`; a missing row is the kind's default), each account's mutes
 * (`notification_mutes`) and email language (`users.language`, null = the instance default).
 */

export interface StoredKindSetting {
  kind: NotificationKind;
  enabled: boolean;
  toManagers: boolean;
  minutes: number | null;
}

export async function companyKindSettings(db: Db, companyId: number): Promise<StoredKindSetting[]> {
  const rows = await db.selectFrom('notificationSettings').select(['kind', 'enabled', 'toManagers', 'minutes']).where('companyId', '=', companyId).execute();
  return rows.map((r) => ({ kind: r.kind as NotificationKind, enabled: r.enabled === 1, toManagers: r.toManagers === 1, minutes: r.minutes }));
}

export async function saveCompanyKindSettings(db: Db, companyId: number, settings: readonly StoredKindSetting[]): Promise<void> {
  for (const s of settings) {
    const values = { enabled: s.enabled ? 1 : 0, toManagers: s.toManagers ? 1 : 0, minutes: s.minutes };
    await db
      .insertInto('notificationSettings')
      .values({ companyId, kind: s.kind, ...values })
      .onConflict((oc) => oc.columns(['companyId', 'kind']).doUpdateSet(values))
      .execute();
  }
}

export async function mutedKindsOf(db: Db, userId: number): Promise<NotificationKind[]> {
  const rows = await db.selectFrom('notificationMutes').select('kind').where('userId', '=', userId).execute();
  return rows.map((r) => r.kind as NotificationKind);
}

/** Replaces the account's mutes with `kinds`. */
export async function replaceMutedKinds(db: Db, userId: number, kinds: readonly NotificationKind[]): Promise<void> {
  await db.deleteFrom('notificationMutes').where('userId', '=', userId).execute();
  if (kinds.length > 0) await db.insertInto('notificationMutes').values(kinds.map((kind) => ({ userId, kind }))).execute();
}

export async function userLanguage(db: Db, userId: number): Promise<Language | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return (row?.language ?? null) as Language | null;
}

export async function setUserLanguage(db: Db, userId: number, language: Language | null, at: string): Promise<void> {
  await db.updateTable('users').set({ language, updatedAt: at }).where('id', '=', userId).execute();
}

/** Every company's id and name, by name (the switches' company picker). */
export function companyNames(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('companies').select(['id', 'name']).orderBy('name').orderBy('id').execute();
}

/**
 * Enabled administrator accounts (Admin, SuperAdmin) with their role's permissions and company:
 * the candidates told about instance matters (a silent terminal, a failed backup); the caller keeps
 * those whose role has the authority.
 */
export function enabledAdminAccounts(db: Db) {
  return db
    .selectFrom('users')
    .innerJoin('roles', 'roles.id', 'users.roleId')
    .select(['users.id', 'users.accountType', 'users.companyId', 'roles.permissions as rolePermissions'])
    .where('users.status', '=', 'enabled')
    .where('users.accountType', 'in', ['Admin', 'SuperAdmin'])
    .orderBy('users.id')
    .execute();
}

/** An employee's name and company (the facts a message about them needs). */
export function employeeBrief(db: Db, employeeId: number) {
  return db
    .selectFrom('employees')
    .innerJoin('departments', 'departments.id', 'employees.departmentId')
    .select(['employees.firstName', 'employees.lastName', 'departments.companyId'])
    .where('employees.id', '=', employeeId)
    .executeTakeFirst();
}

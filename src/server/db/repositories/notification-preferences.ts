import type { Db } from '../connection.ts';
import type { Language } from '#i18n/languages.ts';
import { byName } from '../text-order.ts';

/**
 * What the notification screens read and write besides the core's switches and mutes
 * (`notification-settings.ts`): an account's email language (`users.language`, null = the
 * instance default) and the companies to choose from (decision 055).
 */

export async function userLanguage(db: Db, userId: number): Promise<string | null> {
  const row = await db.selectFrom('users').select('language').where('id', '=', userId).executeTakeFirst();
  return row?.language ?? null;
}

export async function setUserLanguage(db: Db, userId: number, language: Language | null, at: string): Promise<void> {
  await db.updateTable('users').set({ language, updatedAt: at }).where('id', '=', userId).execute();
}

/** Every company's id and name, by name (the switches' company picker; instance matters go to each). */
export function companyNames(db: Db): Promise<{ id: number; name: string }[]> {
  return db.selectFrom('companies').select(['id', 'name']).orderBy(byName('name')).orderBy('id').execute();
}
